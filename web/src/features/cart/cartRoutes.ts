/** The meta tag of a server-rendered page that carries the storefront's cart form token. */
export const CART_FORM_TOKEN_META = "partshop-cart-form-token";
/** Where an "Add to cart" form posts (a route of the cart's own, never the spec's `POST /order`). */
export const CART_LINES_ACTION = "/cart/lines";
/** The `data-plain` name of an "Add to cart" form, which plain script answers on a storefront page (addToCartScript.ts). */
export const ADD_TO_CART_PLAIN = "add-to-cart";
