import crypto from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import { type Actor, authorize } from "../actor";
import { badInput } from "../errors";
import { databaseIdOf } from "../ids";
import { type CartRef, type CartLineRequest, CartService, CartView } from "./cart.service";
import { deleteAllLines, readLines } from "./queries/cart-lines";
import {
  type BrowserCartRow,
  deleteBrowserCart,
  deleteUntouchedCarts,
  findBrowserCart,
  insertBrowserCart,
  joinBrowserCart,
} from "./queries/browser-carts";

/** A browser's cart is forgotten after this many days untouched. */
export const BROWSER_CART_DAYS = 30;

/** What the cart icon shows. */
export interface CartSummary {
  itemCount: number;
  lineCount: number;
}

/** A change's answer: the cart, and the token the browser keeps it under (a new one when the change opened the cart). */
export interface BrowserCartChange {
  token: string;
  opened: boolean;
  cart: CartView;
}

const EMPTY_CART = new CartView(null, []);
const TOKEN_BYTES = 32;
const WELL_FORMED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The digest the shop keeps of a browser's token: a copy of the database opens no one's cart. */
const digestOf = (token: string) => crypto.createHash("sha256").update(token).digest();

/**
 * A browser's cart, kept by the shop under a random token the browser holds (a cookie), so that a
 * visitor fills it with plain forms and the storefront's pages never vary by visitor. The cart's
 * rules are CartService's; this service only finds the cart a token names. At sign-in the app
 * joins the browser's cart to the account (`join`): its lines merge into the account's cart and,
 * until sign-out (`leave`), the token names the account's cart. A cart untouched for
 * BROWSER_CART_DAYS is forgotten: ignored when found, and swept by `forgetUntouched`.
 *
 * Its forms carry a token too (`formToken`, `cartFormToken`): see docs/architecture.md, "The
 * server cart", for what each protects.
 */
export class BrowserCartService {
  constructor(
    private readonly db: DataSource,
    private readonly carts: CartService,
    /** Keys the forms' tokens are made with (the current first; earlier ones still accepted). */
    private readonly formKeys: readonly Buffer[],
  ) {}

  /** The cart a token names, as it is now (an empty cart for none). */
  async view(token: string | null): Promise<CartView> {
    const cart = await this.find(this.db.manager, token);
    return cart ? this.carts.viewOf(cart) : EMPTY_CART;
  }

  async summary(token: string | null): Promise<CartSummary> {
    const { itemCount, lineCount } = await this.view(token);
    return { itemCount, lineCount };
  }

  /** Adds units of a part (CartService's rules), opening a cart for a browser that has none. */
  async add(token: string | null, partId: string, quantity: number): Promise<BrowserCartChange> {
    return this.inCart(token, (ref, tx) => this.carts.addTo(ref, partId, quantity, tx));
  }

  /** Joins lines the browser kept itself (the web app's storage of old) into its cart. */
  async addLines(token: string | null, lines: readonly CartLineRequest[]): Promise<BrowserCartChange> {
    return this.inCart(token, (ref, tx) => this.carts.mergeInto(ref, byDatabaseId(lines), tx));
  }

  async setQuantity(token: string | null, partId: string, quantity: number): Promise<CartView> {
    return this.carts.setQuantityIn(await this.existing(token), partId, quantity);
  }

  async remove(token: string | null, partId: string): Promise<CartView> {
    const cart = await this.find(this.db.manager, token);
    if (!cart) {
      if (!databaseIdOf(partId)) throw badInput("Part not found", { fields: { part: ["Not found"] } });
      return EMPTY_CART;
    }
    return this.carts.removeFrom(cart, partId);
  }

  /**
   * At sign-in: the browser's lines join the customer's cart (CartService.mergeInto: the larger
   * quantity of a part in both), and from then on the browser's token names the customer's cart.
   * A browser with no cart gets one that names them. Lines of another account the token named
   * before are that account's and stay there.
   */
  async join(actor: Actor, token: string | null): Promise<BrowserCartChange> {
    const customer = authorize(actor, "USER");
    const mine: CartRef = { kind: "customer", id: customer.databaseId };
    const found = token && WELL_FORMED_TOKEN.test(token) ? token : null;
    return this.db.transaction(async (tx) => {
      const row = found ? await findBrowserCart(tx, digestOf(found), BROWSER_CART_DAYS) : null;
      if (!row) {
        const fresh = newToken();
        await insertBrowserCart(tx, digestOf(fresh), customer.databaseId);
        return { token: fresh, opened: true, cart: await this.carts.viewOf(mine) };
      }
      let cart: CartView;
      if (row.user_id === null) {
        const browser: CartRef = { kind: "browser", id: row.id };
        const lines = new Map((await readLines(tx, browser)).map((line) => [line.part_id, line.quantity]));
        cart = await this.carts.mergeInto(mine, lines, tx);
        await deleteAllLines(tx, browser);
      } else cart = await this.carts.viewOf(mine);
      await joinBrowserCart(tx, row.id, customer.databaseId);
      return { token: found!, opened: false, cart };
    });
  }

  /** At sign-out: the browser forgets the account's cart (the account keeps it); its next cart starts empty. */
  async leave(token: string | null): Promise<void> {
    if (token && WELL_FORMED_TOKEN.test(token)) await deleteBrowserCart(this.db.manager, digestOf(token));
  }

  /** Forgets the carts untouched for BROWSER_CART_DAYS; answers how many. */
  forgetUntouched(): Promise<number> {
    return deleteUntouchedCarts(this.db.manager, BROWSER_CART_DAYS);
  }

  /**
   * The token of the storefront's forms: the same on every page and for every visitor, so the
   * pages stay cacheable. It says a post comes from a form of this shop (made with its secret);
   * it is no secret from anyone who reads a page.
   */
  formToken(): string {
    return this.tokenFor(this.formKeys[0], "storefront");
  }

  /** The token of the cart page's forms: made from the browser's own cart token, which only that browser holds. */
  cartFormToken(token: string): string {
    return this.tokenFor(this.formKeys[0], `cart:${token}`);
  }

  /** Whether a form's token is the storefront's (when `storefrontAllowed`) or this browser's cart's, with any current or earlier key. */
  acceptsFormToken(given: unknown, cartToken: string | null, storefrontAllowed: boolean): boolean {
    if (typeof given !== "string" || given.length === 0 || given.length > 100) return false;
    const expected = this.formKeys.flatMap((key) => [
      ...(storefrontAllowed ? [this.tokenFor(key, "storefront")] : []),
      ...(cartToken ? [this.tokenFor(key, `cart:${cartToken}`)] : []),
    ]);
    const offered = Buffer.from(given);
    return expected.some((token) => {
      const wanted = Buffer.from(token);
      return wanted.length === offered.length && crypto.timingSafeEqual(wanted, offered);
    });
  }

  private tokenFor(key: Buffer, purpose: string): string {
    return crypto.createHmac("sha256", key).update(purpose).digest("base64url");
  }

  /** The cart a token names: the account's once joined, the browser's own before. */
  private async find(manager: EntityManager, token: string | null): Promise<CartRef | null> {
    if (!token || !WELL_FORMED_TOKEN.test(token)) return null;
    const row = await findBrowserCart(manager, digestOf(token), BROWSER_CART_DAYS);
    return row ? refOf(row) : null;
  }

  private async existing(token: string | null): Promise<CartRef> {
    const cart = await this.find(this.db.manager, token);
    if (!cart) throw badInput("Your cart is empty: add the part first", { fields: { part: ["Not in your cart"] } });
    return cart;
  }

  /**
   * A change to the browser's cart, opening one when it has none (or the one it had was
   * forgotten): the new cart and the change commit together, so a refused change opens nothing.
   */
  private async inCart(
    token: string | null,
    change: (ref: CartRef, tx?: EntityManager) => Promise<CartView>,
  ): Promise<BrowserCartChange> {
    const found = await this.find(this.db.manager, token);
    if (found) return { token: token!, opened: false, cart: await change(found) };
    const fresh = newToken();
    return this.db.transaction(async (tx) => {
      const id = await insertBrowserCart(tx, digestOf(fresh), null);
      return { token: fresh, opened: true, cart: await change({ kind: "browser", id }, tx) };
    });
  }
}

const newToken = () => crypto.randomBytes(TOKEN_BYTES).toString("base64url");

const refOf = (row: BrowserCartRow): CartRef =>
  row.user_id ? { kind: "customer", id: row.user_id } : { kind: "browser", id: row.id };

/** Lines by part database id, each part once (the larger quantity); ids that name nothing are left out. */
function byDatabaseId(lines: readonly CartLineRequest[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const line of lines) {
    const id = databaseIdOf(line.partId);
    if (id) wanted.set(id, Math.max(wanted.get(id) ?? 0, line.quantity));
  }
  return wanted;
}
