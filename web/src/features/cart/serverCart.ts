import { createContext } from "react";

/** A line of this browser's cart as the shop renders the cart page (no script needed). */
export interface ServerCartLine {
  /** The part's global id: the line's form posts to /cart/lines/{partId}. */
  partId: string;
  databaseId: string;
  slug: string;
  name: string;
  partNumber: string;
  price: number;
  quantity: number;
  minQuantity: number;
  maxQuantity: number;
  lineTotal: number;
  /** False for a part retired or sold out: it can only be removed. */
  adjustable: boolean;
  warningMessage: string | null;
}

/** This browser's cart (the cookie's), as the shop renders the cart page on the server. */
export interface ServerCart {
  itemCount: number;
  subtotal: number;
  canCheckOut: boolean;
  lines: ServerCartLine[];
  /** The token of the cart page's forms: this browser's own. */
  formToken: string;
  /** What the last form post did ("… is in your cart."), shown once. */
  notice: string | null;
}

/** Given by the server render of /cart; the browser's app has none and renders its own cart. */
export const ServerCartContext = createContext<ServerCart | null>(null);
