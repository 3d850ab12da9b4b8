/**
 * The storefront's entry: what a server-rendered storefront page (home, catalogue, part,
 * product, blogs, portfolio, 404) runs instead of the app. The page is complete HTML; this
 * writes the visitor's cart count and starts each island on its first use, so neither React DOM
 * nor Apollo Client is fetched until the shopper does something that needs them
 * (docs/architecture.md, "Storefront islands").
 */
import { showVisitorCartCount } from "@/features/cart/cartCount";
import { applyFiltersInPlainScript } from "@/features/catalogue/filtersScript";
import { answerGalleryInPlainScript } from "@/features/catalogue/galleryScript";
import { searchInPlainScript } from "@/features/layout/searchScript";
import { offerSearchSuggestions } from "@/features/layout/searchSuggestions";
import { getAccessToken } from "@/lib/auth/accessToken";
import { watchIslands, type IslandLoader } from "@/lib/islands/islands";

const reactIslands = () => import("./reactIslands");

const ISLANDS: Record<string, IslandLoader> = {
  header: () => reactIslands().then(({ startHeader }) => startHeader),
  page: () => reactIslands().then(({ startPage }) => startPage),
};

/**
 * Runs `work` after the page's first paint: the storefront is complete HTML, so nothing here may
 * hold back the first frame (a first read of localStorage alone took 20–50 ms at 4× CPU); until
 * then links and forms work as plain HTML.
 */
function afterFirstPaint(work: () => void): void {
  const afterFrame = () => requestAnimationFrame(() => setTimeout(work, 0));
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterFrame, { once: true });
  else afterFrame();
}

/**
 * Runs `work` once the page has loaded (and the browser had a moment after): what it fetches then
 * never competes with the page's first paint and its images.
 */
function afterLoad(work: () => void): void {
  const soon = () => setTimeout(work, 0);
  if (document.readyState === "complete") soon();
  else window.addEventListener("load", soon, { once: true });
}

afterFirstPaint(() => {
  // A signed-in shopper's header and page show their session (name, cart, reviews): they start at once.
  const signedIn = getAccessToken() !== null;
  // The visitor's cart count is asked of the shop once the page has loaded: the page paints with
  // the server's 0, and a cart's count is not what a shopper looks at first.
  if (!signedIn)
    afterLoad(() => {
      const cartLink = document.querySelector<HTMLElement>("[data-testid='cart-link']");
      if (cartLink) showVisitorCartCount(cartLink);
    });
  // What plain script answers on its own, with no island started (lib/islands/plain.ts).
  applyFiltersInPlainScript();
  answerGalleryInPlainScript();
  searchInPlainScript();
  offerSearchSuggestions();
  watchIslands(ISLANDS, {
    startAtOnce: () => signedIn,
    onError: (error) => console.error("A part of the page could not start; it works as a plain page", error),
  });
  // The journeys (and anything else) wait for this mark before using a page; what is used before
  // an island has started is held and done again once it has.
  document.documentElement.dataset.app = "ready";
});
