import { loadBrowserCart, readBrowserCart, subscribeBrowserCart } from "./browserCartStore";

/** The cart link's accessible name for a cart of `itemCount` units. */
export const cartLinkLabel = (itemCount: number) => (itemCount === 1 ? "Cart, 1 item" : `Cart, ${itemCount} items`);

/** The number the cart icon shows. */
export const shownCartCount = (itemCount: number) => (itemCount > 999 ? "999+" : String(itemCount));

const SERVER_TEXT = "data-server-text";
/** Stops the plain script's count (React's cart link counts from then on). */
let stopCounting = () => undefined as void;
const SERVER_LABEL = "data-server-label";

function showCount(link: HTMLElement, count: HTMLElement, itemCount: number): void {
  if (!link.hasAttribute(SERVER_LABEL)) {
    link.setAttribute(SERVER_LABEL, link.getAttribute("aria-label") ?? "");
    count.setAttribute(SERVER_TEXT, count.textContent ?? "");
  }
  link.setAttribute("aria-label", cartLinkLabel(itemCount));
  count.textContent = shownCartCount(itemCount);
}

/**
 * A visitor's cart count on a server-rendered page, in plain script: the page is the same for
 * every visitor (its cookie is scoped to /cart, so caches can answer it), so the count is read
 * from the shop's cart (`GET /cart/summary`) and written whenever it changes, without waiting
 * for React. Returns how to stop.
 */
export function showVisitorCartCount(link: HTMLElement): () => void {
  const count = link.querySelector<HTMLElement>("[data-testid='cart-count']");
  if (!count) return () => undefined;
  const update = () => {
    const cart = readBrowserCart();
    if (cart.loaded && !cart.error) showCount(link, count, cart.itemCount);
  };
  stopCounting = subscribeBrowserCart(update);
  update();
  if (!readBrowserCart().loaded) void loadBrowserCart();
  return stopCounting;
}

/** Puts back what the server rendered, so React hydrates the cart link it rendered (and then counts itself). */
export function restoreServerCartCount(root: ParentNode): void {
  stopCounting();
  for (const link of root.querySelectorAll<HTMLElement>(`[${SERVER_LABEL}]`)) {
    link.setAttribute("aria-label", link.getAttribute(SERVER_LABEL) ?? "");
    link.removeAttribute(SERVER_LABEL);
  }
  for (const count of root.querySelectorAll<HTMLElement>(`[${SERVER_TEXT}]`)) {
    count.textContent = count.getAttribute(SERVER_TEXT);
    count.removeAttribute(SERVER_TEXT);
  }
}
