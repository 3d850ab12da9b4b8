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
import { getAccessToken } from "@/lib/auth/accessToken";
import { startEveryIsland, watchIslands, type IslandLoader } from "@/lib/islands/islands";

const reactIslands = () => import("./reactIslands");

const ISLANDS: Record<string, IslandLoader> = {
  header: () => reactIslands().then(({ startHeader }) => startHeader),
  page: () => reactIslands().then(({ startPage }) => startPage),
};

function startStorefront(): void {
  // A signed-in shopper's header and page show their session (name, cart, reviews): they start at once.
  const signedIn = getAccessToken() !== null;
  if (!signedIn) {
    const cartLink = document.querySelector<HTMLElement>("[data-testid='cart-link']");
    if (cartLink) showVisitorCartCount(cartLink);
  }
  // What plain script answers on its own, with no island started (lib/islands/plain.ts).
  applyFiltersInPlainScript();
  answerGalleryInPlainScript();
  searchInPlainScript();
  offerSearchSuggestions();
  addToCartInPlainScript({ visitor: () => !signedIn });
  watchIslands(ISLANDS, {
    startAtOnce: () => signedIn,
    onError: (error) => console.error("A part of the page could not start; it works as a plain page", error),
  });
  // The journeys (and anything else) wait for this mark before using a page; what is used before
  // an island has started is held and done again once it has. A signed-in shopper's islands start
  // at once, so their page is ready once they have (a link pressed while React hydrates it is lost).
  const ready = () => (document.documentElement.dataset.app = "ready");
  if (signedIn) void startEveryIsland().finally(ready);
  else ready();
}

startStorefront();
