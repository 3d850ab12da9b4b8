import { createContext, use } from "react";

/**
 * The cart's forms post to the shop's cart routes (`POST /cart/lines`), so they work with no
 * script. Each carries the shop's form token: the same on every storefront page and for every
 * visitor, so the pages stay cacheable (docs/architecture.md, "The server cart"). The server
 * renders it into the page's head; the browser reads it back from there.
 */
export { ADD_TO_CART_PLAIN, CART_FORM_TOKEN_META, CART_LINES_ACTION } from "./cartRoutes";
import { CART_FORM_TOKEN_META } from "./cartRoutes";

/** The token as the server render provides it (null in the browser: read from the page's head). */
export const CartFormTokenContext = createContext<string | null>(null);

export function useCartFormToken(): string {
  const provided = use(CartFormTokenContext);
  if (provided !== null) return provided;
  if (typeof document === "undefined") return "";
  return document.querySelector<HTMLMetaElement>(`meta[name="${CART_FORM_TOKEN_META}"]`)?.content ?? "";
}

/** The meta tag a server-rendered page carries the token in. */
export const cartFormTokenMeta = (token: string) =>
  `<meta name="${CART_FORM_TOKEN_META}" content="${token.replace(/[^A-Za-z0-9_-]/g, "")}">`;
