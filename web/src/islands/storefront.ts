/**
 * The storefront's entry: what a server-rendered storefront page (home, catalogue, part,
 * product, blogs, portfolio, 404) runs instead of the app, loaded by the shop's inline loader once
 * the page has loaded and painted (graph/src/edge/storefront-loader.ts). It writes the visitor's
 * cart count, answers what plain script answers, and starts each island on its first use, so
 * neither React DOM nor Apollo Client is fetched until the shopper does something that needs
 * them (docs/architecture.md, "Storefront islands").
 */
import { addToCartInPlainScript } from "@/features/cart/addToCartScript";
import { showVisitorCartCount } from "@/features/cart/cartCount";
import { applyFiltersInPlainScript } from "@/features/catalogue/filtersScript";
import { answerGalleryInPlainScript } from "@/features/catalogue/galleryScript";
import { searchInPlainScript } from "@/features/layout/searchScript";
import { offerSearchSuggestions } from "@/features/layout/searchSuggestions";
import { showAccountCartCount } from "@/features/cart/accountCartCount";
import { showSessionInPlainScript } from "@/features/layout/sessionScript";
import { getAccessToken, rememberedSessionUser } from "@/lib/auth/accessToken";
import { startEveryIsland, watchIslands, type IslandLoader } from "@/lib/islands/islands";

const reactIslands = () => import("./reactIslands");

const ISLANDS: Record<string, IslandLoader> = {
  header: () => reactIslands().then(({ startHeader }) => startHeader),
  page: () => reactIslands().then(({ startPage }) => startPage),
};

/**
 * A signed-in shopper's session shown in plain script (their name, Dashboard, Sign out and their
 * cart's count), from what the sign-in stored: true when it is. A token stored without its user (a
 * sign-in from before users were kept) is not: the islands start at once to restore it.
 */
function showSession(header: HTMLElement | null, cartLink: HTMLElement | null): boolean {
  const token = getAccessToken();
  const user = rememberedSessionUser();
  if (!token || !user || !header || !showSessionInPlainScript(header, user)) return false;
  if (cartLink) void showAccountCartCount(cartLink, token);
  return true;
}

function startStorefront(): void {
  const cartLink = document.querySelector<HTMLElement>("[data-testid='cart-link']");
  const sessionShown = showSession(document.querySelector<HTMLElement>("[data-island='header']"), cartLink);
  const restoring = !sessionShown && getAccessToken() !== null;
  if (!sessionShown && !restoring && cartLink) showVisitorCartCount(cartLink);
  // What plain script answers on its own, with no island started (lib/islands/plain.ts).
  applyFiltersInPlainScript();
  answerGalleryInPlainScript();
  searchInPlainScript();
  offerSearchSuggestions();
  // A signed-in shopper's part goes to the account's cart: their press waits for React.
  addToCartInPlainScript({ visitor: () => getAccessToken() === null });
  watchIslands(ISLANDS, {
    startAtOnce: () => restoring,
    onError: (error) => console.error("A part of the page could not start; it works as a plain page", error),
  });
  // The journeys (and anything else) wait for this mark before using a page; what is used before
  // an island has started is held and done again once it has. A session restored through the
  // identity provider starts the islands at once, so that page is ready once they have.
  const ready = () => (document.documentElement.dataset.app = "ready");
  if (restoring) void startEveryIsland().finally(ready);
  else ready();
}

startStorefront();
