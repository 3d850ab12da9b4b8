import type { IncomingHttpHeaders } from "node:http";
import { CartLineWarning } from "../../domain/orders/cart.service";
import type { Services } from "../../domain/services";
import { toGlobalId } from "../graphql/global-id";
import { CART_COOKIE, NOTICE_COOKIE, cookieOf, forgetNoticeCookie } from "./cart-cookies";

/** This browser's cart as the server-rendered cart page shows it (web/src/features/cart/serverCart.ts). */
export interface CartPageData {
  itemCount: number;
  subtotal: number;
  canCheckOut: boolean;
  lines: Array<{
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
    adjustable: boolean;
    warningMessage: string | null;
  }>;
  formToken: string;
  notice: string | null;
}

const NOTICE_LENGTH = 300;

/**
 * The cart page's data for a request: the cookie's cart, its forms' token, and the notice the last
 * form post left (read once: `cookies` forgets it).
 */
export async function cartPageOf(
  services: Services,
  headers: IncomingHttpHeaders,
  origin: string,
): Promise<{ data: CartPageData; cookies: string[] }> {
  const token = cookieOf(headers, CART_COOKIE);
  const notice = cookieOf(headers, NOTICE_COOKIE);
  const cart = await services.browserCarts.view(token);
  return {
    data: {
      itemCount: cart.itemCount,
      subtotal: cart.subtotal,
      canCheckOut: cart.canCheckOut,
      lines: cart.lines.map((line) => ({
        partId: toGlobalId("Part", line.part.databaseId),
        databaseId: line.part.databaseId,
        slug: line.part.slug,
        name: line.part.name,
        partNumber: line.part.partNumber,
        price: line.part.price,
        quantity: line.quantity,
        minQuantity: line.minQuantity,
        maxQuantity: line.maxQuantity,
        lineTotal: line.lineTotal,
        adjustable: line.warning !== CartLineWarning.RETIRED && line.warning !== CartLineWarning.SOLD_OUT,
        warningMessage: line.warningMessage,
      })),
      formToken: token ? services.browserCarts.cartFormToken(token) : "",
      notice: notice ? notice.slice(0, NOTICE_LENGTH) : null,
    },
    cookies: notice === null ? [] : [forgetNoticeCookie(origin)],
  };
}
