import type { IncomingHttpHeaders } from "node:http";
import { BROWSER_CART_DAYS } from "../../domain/orders/browser-cart.service";

/** The browser's cart token. Scoped to the cart's paths, so the storefront's pages never vary by visitor. */
export const CART_COOKIE = "partshop_cart";
/** A message for the cart page's next render (after a form post), read once. */
export const NOTICE_COOKIE = "partshop_cart_notice";
export const CART_PATH = "/cart";

/** A cookie's value in a request's Cookie header, or null. */
export function cookieOf(headers: IncomingHttpHeaders, name: string): string | null {
  for (const pair of (headers.cookie ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** A Set-Cookie value for the cart's paths: HttpOnly, SameSite=Strict, Secure over https. */
function cartCookie(name: string, value: string, maxAgeSeconds: number, origin: string): string {
  const secure = origin.startsWith("https:") ? "; Secure" : "";
  return `${name}=${encodeURIComponent(value)}; Path=${CART_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

export const cartTokenCookie = (token: string, origin: string) =>
  cartCookie(CART_COOKIE, token, BROWSER_CART_DAYS * 24 * 60 * 60, origin);
export const forgetCartCookie = (origin: string) => cartCookie(CART_COOKIE, "", 0, origin);
export const noticeCookie = (message: string, origin: string) => cartCookie(NOTICE_COOKIE, message, 60, origin);
export const forgetNoticeCookie = (origin: string) => cartCookie(NOTICE_COOKIE, "", 0, origin);
