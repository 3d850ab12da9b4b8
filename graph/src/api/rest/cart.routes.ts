import { ShopError, badInput, forbidden } from "../../domain/errors";
import { MAX_CART_LINES, type CartView } from "../../domain/orders/cart.service";
import { Services } from "../../domain/services";
import { toDatabaseId, toGlobalId } from "../graphql/global-id";
import { CART_COOKIE, CART_PATH, cartTokenCookie, cookieOf, forgetCartCookie, noticeCookie } from "./cart-cookies";
import { bodyOf, type Reply, type RestRequest, type RestRoute } from "./route";
import { schemas, type Schema } from "./route-doc";

const { ref, object } = schemas;

/** The most units one form may add or set: a cart line holds no more (cart_lines' check). */
const MAX_QUANTITY = 1_000_000;
const PRIVATE = { "cache-control": "private, no-store" };
const FORM = "application/x-www-form-urlencoded";

const isForm = (request: RestRequest) => (request.headers["content-type"] ?? "").toLowerCase().startsWith(FORM);
const cartTokenOf = (request: RestRequest) => cookieOf(request.headers, CART_COOKIE);

/**
 * Cart writes come from this shop's own pages only: a browser says where a request comes from
 * (Sec-Fetch-Site, or else Origin), and another site's post is refused before anything is read.
 * A client that says neither (not a browser) is held to the form's token alone.
 */
function assertSameOrigin(request: RestRequest): void {
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string") {
    if (site === "same-origin" || site === "none") return;
    throw forbidden("Cart changes are taken from this shop's own pages only");
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== request.origin)
    throw forbidden("Cart changes are taken from this shop's own pages only");
}

/** The form's token (the `token` field, or the X-CSRF-Token header for a script). */
function assertFormToken(services: Services, request: RestRequest, storefrontAllowed: boolean): void {
  const given = bodyOf(request).token ?? request.headers["x-csrf-token"];
  if (!services.browserCarts.acceptsFormToken(given, cartTokenOf(request), storefrontAllowed))
    throw forbidden("The form is out of date or not this shop's: reload the page and try again");
}

/** The part a form names: its global id or its database id. */
function partOf(value: unknown): string {
  const id = typeof value === "string" ? toDatabaseId("Part", value.trim()) : null;
  if (!id) throw badInput("part: give the id of a part", { fields: { part: ["Not a part's id"] } });
  return id;
}

/** A whole number of units from 1 to MAX_QUANTITY, as a form (text) or JSON (a number, never text) sends it. */
function quantityOf(request: RestRequest, value: unknown, fallback?: number): number {
  if ((value === undefined || value === "") && fallback !== undefined) return fallback;
  const quantity = isForm(request) && typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY)
    throw badInput(`quantity must be a whole number from 1 to ${MAX_QUANTITY.toLocaleString("en-US")}`, {
      fields: { quantity: ["Not a whole number in range"] },
    });
  return quantity;
}

/** The lines a script kept in the browser's storage (JSON): 1 to MAX_CART_LINES of `{ part, quantity }`. */
function keptLinesOf(request: RestRequest, value: unknown): { partId: string; quantity: number }[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_CART_LINES)
    throw badInput(`lines: give 1 to ${MAX_CART_LINES} lines of { part, quantity }`, {
      fields: { lines: ["Not a list of 1 to 50 lines"] },
    });
  return value.map((line: unknown) => {
    const { part, quantity } = (line && typeof line === "object" ? line : {}) as Record<string, unknown>;
    return { partId: partOf(part), quantity: quantityOf(request, quantity) };
  });
}

/** Where a form goes after the post: a path on this shop (`back`), else the cart page. */
function landingOf(back: unknown): string {
  if (typeof back !== "string" || !back.startsWith("/") || back.startsWith("//") || back.includes("\\"))
    return CART_PATH;
  if (back.length > 2000 || [...back].some((character) => character.charCodeAt(0) < 0x20)) return CART_PATH;
  return back;
}

const summaryOf = (cart: CartView) => ({ itemCount: cart.itemCount, lineCount: cart.lineCount });

/** A script's answer: the cart in brief, and the cookie of a cart the change opened. */
const summaryReply = (
  request: RestRequest,
  { token, opened, cart }: { token: string; opened: boolean; cart: CartView },
): Reply => ({
  status: 200,
  body: summaryOf(cart),
  headers: PRIVATE,
  cookies: opened ? [cartTokenCookie(token, request.origin)] : [],
});

/** A form's answer: to the page it goes to, with the word for the cart page; a script's: the cart's summary. */
function answered(
  request: RestRequest,
  cart: CartView,
  { token, notice, landing = CART_PATH }: { token?: string; notice: string; landing?: string },
): Reply {
  const cookies = [...(token ? [cartTokenCookie(token, request.origin)] : [])];
  if (isForm(request)) {
    cookies.push(noticeCookie(notice, request.origin));
    return { status: 303, body: "", headers: { location: landing, ...PRIVATE }, cookies };
  }
  return { status: 200, body: summaryOf(cart), headers: PRIVATE, cookies };
}

/**
 * A form's refusal for a person with no script: back to the cart page, which says what went
 * wrong. A script (JSON) gets the 4xx itself. Cross-site posts are refused with a 403 either way.
 */
async function refusedToCartPage(request: RestRequest, work: () => Promise<Reply>): Promise<Reply> {
  try {
    return await work();
  } catch (error) {
    if (!isForm(request) || !(error instanceof ShopError) || error.status >= 500 || error.code === "FORBIDDEN")
      throw error;
    return {
      status: 303,
      body: "",
      headers: { location: CART_PATH, ...PRIVATE },
      cookies: [noticeCookie(error.message, request.origin)],
    };
  }
}

const COUNTS = {
  itemCount: { type: "integer", minimum: 0, description: "Units in the cart: the count on the cart icon" },
  lineCount: { type: "integer", minimum: 0, description: "Lines (parts) in the cart" },
};
const SUMMARY: Schema = object(COUNTS, "This browser's cart in brief");
const CART_LINES: Schema = object(
  {
    ...COUNTS,
    lines: {
      type: "array",
      items: object(
        {
          part: { type: "string", description: "The part's GraphQL global id" },
          quantity: { type: "integer", minimum: 1, description: "Units" },
        },
        "A line: a part and how many units",
      ),
      description: "The cart's lines, oldest first",
    },
    token: {
      type: "string",
      description:
        "The token for this browser's cart changes (the cart page's own; the storefront's while the browser has no cart). Another site cannot read it: the shop grants no CORS",
    },
  },
  "This browser's cart: what the web app shows and changes",
);
const TOKEN: Schema = {
  type: "string",
  description:
    "The form's token, as the shop's page gives it (a hidden field; or the X-CSRF-Token header). Storefront pages carry one for every visitor; the cart page's is this browser's own",
};
const PART: Schema = { type: "string", description: "The part's id: its GraphQL global id or its database id" };
const QUANTITY: Schema = { type: "integer", minimum: 1, maximum: MAX_QUANTITY, description: "Units" };
const FORM_ANSWERS = {
  303: {
    description: "A form's answer: to the cart page (or `back`), which shows what happened",
    headers: {
      location: { type: "string", description: "Where the browser goes next" },
      "set-cookie": { type: "string", description: "The cart's cookie (Path=/cart, HttpOnly, SameSite=Strict)" },
    },
  },
  200: { description: "A script's answer: the cart in brief", schema: SUMMARY },
  403: { description: "Posted from another site, or without this shop's form token", schema: ref("Error") },
};
const formBody = (properties: Record<string, Schema>, required: string[]) => {
  const schema = { type: "object", properties, required, additionalProperties: false };
  return { content: { "application/json": { schema }, [FORM]: { schema } } };
};

/**
 * This browser's cart, kept by the shop under a cookie scoped to /cart: plain forms (no script)
 * and the storefront's scripts fill it alike (docs/architecture.md, "The server cart").
 */
export function cartRoutes(services: Services): RestRoute[] {
  const carts = services.browserCarts;
  return [
    {
      method: "POST",
      path: "/cart/lines",
      body: "form",
      reads: { body: ["part", "quantity", "token", "back"] },
      doc: {
        operationId: "addToBrowserCart",
        summary: "Adds units of a part to this browser's cart",
        description:
          "At least the part's minimum order; refused when the part is not sold or not that many are available. Opens the browser's cart (its cookie) when it has none.",
        tag: "Cart",
        body: formBody(
          {
            part: PART,
            quantity: { ...QUANTITY, description: "Units to add (default: the part's minimum order)" },
            token: TOKEN,
            back: {
              type: "string",
              description: "A form's page to go back to (a path on this shop) instead of the cart",
            },
          },
          ["part", "token"],
        ),
        answers: FORM_ANSWERS,
      },
      handle: async (request) => {
        assertSameOrigin(request);
        assertFormToken(services, request, true);
        return refusedToCartPage(request, async () => {
          const body = bodyOf(request);
          const { token, opened, cart } = await carts.add(
            cartTokenOf(request),
            partOf(body.part),
            quantityOf(request, body.quantity, 1),
          );
          const added = cart.lines.find((line) => line.part.databaseId === partOf(body.part));
          return answered(request, cart, {
            token: opened ? token : undefined,
            notice: `${added?.part.name ?? "The part"} is in your cart.`,
            landing: landingOf(body.back),
          });
        });
      },
    },
    {
      method: "POST",
      path: "/cart/lines/:part",
      body: "form",
      reads: { body: ["quantity", "remove", "token"] },
      doc: {
        operationId: "changeBrowserCartLine",
        summary: "Sets the quantity of a line of this browser's cart, or removes it",
        description:
          "`remove` (any value) takes the line out; otherwise `quantity` is set, within the part's minimum order and what is available. The token is the cart page's own.",
        tag: "Cart",
        params: { part: { ...PART, description: "The line's part" } },
        body: formBody(
          { quantity: QUANTITY, remove: { type: "string", description: "Present: remove the line" }, token: TOKEN },
          ["token"],
        ),
        answers: FORM_ANSWERS,
      },
      handle: async (request) => {
        assertSameOrigin(request);
        assertFormToken(services, request, false);
        return refusedToCartPage(request, async () => {
          const body = bodyOf(request);
          const part = partOf(request.params.part);
          if (body.remove !== undefined) {
            const cart = await carts.remove(cartTokenOf(request), part);
            return answered(request, cart, { notice: "The part is out of your cart." });
          }
          const cart = await carts.setQuantity(cartTokenOf(request), part, quantityOf(request, body.quantity));
          return answered(request, cart, { notice: "Your cart is updated." });
        });
      },
    },
    {
      method: "GET",
      path: "/cart/summary",
      doc: {
        operationId: "browserCartSummary",
        summary: "This browser's cart in brief: what the cart icon shows",
        description: "Never cached: `Cache-Control: private, no-store`. A browser with no cart has an empty one.",
        tag: "Cart",
        answers: { 200: { description: "The cart in brief, its lines and its forms' token", schema: CART_LINES } },
      },
      handle: async (request) => {
        const token = cartTokenOf(request);
        const cart = await carts.view(token);
        return {
          status: 200,
          body: {
            ...summaryOf(cart),
            lines: cart.lines.map((line) => ({
              part: toGlobalId("Part", line.part.databaseId),
              quantity: line.quantity,
            })),
            token: token ? carts.cartFormToken(token) : carts.formToken(),
          },
          headers: PRIVATE,
        };
      },
    },
    {
      method: "POST",
      path: "/cart/merge",
      reads: { body: ["lines", "token"] },
      doc: {
        operationId: "mergeIntoBrowserCart",
        summary: "Joins lines a script kept in the browser into this browser's cart",
        description:
          "A part in both keeps the larger quantity (so the same lines joined twice change nothing), within the part's bounds; unknown parts are left out, and lines past the cart's size dropped. Opens the browser's cart when it has none.",
        tag: "Cart",
        body: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  lines: {
                    type: "array",
                    minItems: 1,
                    maxItems: MAX_CART_LINES,
                    items: {
                      type: "object",
                      properties: { part: PART, quantity: QUANTITY },
                      required: ["part", "quantity"],
                      additionalProperties: false,
                    },
                    description: "The lines kept in the browser",
                  },
                  token: TOKEN,
                },
                required: ["lines", "token"],
                additionalProperties: false,
              },
            },
          },
        },
        answers: {
          200: { description: "The cart in brief", schema: SUMMARY },
          400: { description: "The lines are not a list of parts and quantities", schema: ref("Error") },
          403: { description: "Posted from another site, or without this shop's form token", schema: ref("Error") },
        },
      },
      handle: async (request) => {
        assertSameOrigin(request);
        assertFormToken(services, request, true);
        const lines = keptLinesOf(request, bodyOf(request).lines);
        return summaryReply(request, await carts.addLines(cartTokenOf(request), lines));
      },
    },
    {
      method: "POST",
      path: "/cart/join",
      auth: "USER",
      doc: {
        operationId: "joinBrowserCart",
        summary: "At sign-in: this browser's cart joins the customer's",
        description:
          "Its lines merge into the customer's cart (a part in both keeps the larger quantity), and until `POST /cart/leave` this browser's cart is the customer's.",
        tag: "Cart",
        answers: {
          200: { description: "The customer's cart in brief", schema: SUMMARY },
          403: { description: "Posted from another site", schema: ref("Error") },
        },
      },
      handle: async (request, caller) => {
        assertSameOrigin(request);
        return summaryReply(request, await carts.join(caller, cartTokenOf(request)));
      },
    },
    {
      method: "POST",
      path: "/cart/leave",
      doc: {
        operationId: "leaveBrowserCart",
        summary: "At sign-out: this browser forgets the customer's cart",
        description: "The account keeps its cart; this browser's next cart starts empty.",
        tag: "Cart",
        answers: {
          204: { description: "Forgotten" },
          403: { description: "Posted from another site", schema: ref("Error") },
        },
      },
      handle: async (request) => {
        assertSameOrigin(request);
        await carts.leave(cartTokenOf(request));
        return { status: 204, body: undefined, headers: PRIVATE, cookies: [forgetCartCookie(request.origin)] };
      },
    },
  ];
}
