import { type DataSource, type EntityManager, In } from "typeorm";
import { type Actor, authorize } from "../actor";
import { Part } from "../catalogue/part.entity";
import { badInput, conflict, ShopError } from "../errors";
import { databaseIdOf } from "../ids";
import { centsToDollars } from "../money";
import { lineSubtotalCents, quote } from "../pricing/quote";
import { MAX_CHECKOUT_LINES } from "./checkout.service";
import {
  type CartRef,
  countLines,
  deleteLine,
  lineQuantity,
  lockCart,
  readLines,
  upsertLine,
} from "./queries/cart-lines";

export type { CartRef } from "./queries/cart-lines";

const partNotFound = () => new ShopError("NOT_FOUND", "Part not found", { fields: { partId: ["Not found"] } });

/** A cart holds at most as many lines as a checkout takes. */
export const MAX_CART_LINES = MAX_CHECKOUT_LINES;

/** Why a line cannot be checked out as it is: the part changed since it was added. */
export enum CartLineWarning {
  RETIRED = "retired",
  SOLD_OUT = "sold_out",
  OVER_AVAILABLE = "over_available",
  BELOW_MINIMUM = "below_minimum",
}

/** A line of a cart as the cart page shows it: the part as it is now, and what stands in its way. */
export class CartLineView {
  constructor(
    /** Whose cart: a customer's id, or null for a visitor's (a browser's). */
    readonly ownerId: string | null,
    readonly part: Part,
    readonly quantity: number,
  ) {}

  get lineTotalCents(): number {
    return lineSubtotalCents({ unitPriceCents: this.part.priceCents, quantity: this.quantity });
  }

  get lineTotal(): number {
    return centsToDollars(this.lineTotalCents);
  }

  /** The quantity bounds of the line: the part's minimum order, up to what is available. */
  get minQuantity(): number {
    return this.part.minOrderQuantity;
  }

  get maxQuantity(): number {
    return this.part.available;
  }

  get warning(): CartLineWarning | null {
    if (this.part.retired) return CartLineWarning.RETIRED;
    if (this.part.available === 0 || this.part.available < this.part.minOrderQuantity) return CartLineWarning.SOLD_OUT;
    if (this.quantity > this.part.available) return CartLineWarning.OVER_AVAILABLE;
    if (this.quantity < this.part.minOrderQuantity) return CartLineWarning.BELOW_MINIMUM;
    return null;
  }

  get warningMessage(): string | null {
    const { name, available, minOrderQuantity } = this.part;
    switch (this.warning) {
      case CartLineWarning.RETIRED:
        return `${name} is no longer sold: remove it to check out`;
      case CartLineWarning.SOLD_OUT:
        return `${name} is sold out: remove it to check out`;
      case CartLineWarning.OVER_AVAILABLE:
        return `Only ${available} of ${name} are available now: lower the quantity to check out`;
      case CartLineWarning.BELOW_MINIMUM:
        return `The minimum order for ${name} is ${minOrderQuantity}: raise the quantity to check out`;
      default:
        return null;
    }
  }
}

/** A whole cart, its lines in the order they were added. */
export class CartView {
  constructor(
    readonly ownerId: string | null,
    readonly lines: CartLineView[],
  ) {}

  get lineCount(): number {
    return this.lines.length;
  }

  /** Units in the cart: the count on the cart icon. */
  get itemCount(): number {
    return this.lines.reduce((sum, line) => sum + line.quantity, 0);
  }

  get subtotalCents(): number {
    return quote(this.lines.map((line) => ({ unitPriceCents: line.part.priceCents, quantity: line.quantity })))
      .subtotalCents;
  }

  get subtotal(): number {
    return centsToDollars(this.subtotalCents);
  }

  /** Whether every line can be checked out as it is (and there is one). */
  get canCheckOut(): boolean {
    return this.lines.length > 0 && this.lines.every((line) => line.warning === null);
  }
}

/** The signed-in customer's own cart. */
const customerCart = (actor: Actor): CartRef => ({ kind: "customer", id: authorize(actor, "USER").databaseId });

export interface CartLineRequest {
  partId: string;
  quantity: number;
}

/**
 * Carts. A signed-in customer's is kept here (cart_lines), so that it follows them across devices.
 * A visitor's is kept here too, for their browser (browser_cart_lines, BrowserCartService), so
 * that plain forms fill it with no script; a cart the web app kept in the browser's storage is
 * shown by `preview` and joined in (`merge`). Quantities are kept within each part's bounds (its
 * minimum order, up to what is available) when they are set; a line whose part sold out or was
 * retired since stays, with a warning, until the shopper removes it. Every rule below holds for
 * both kinds of cart: only where the lines are kept differs (queries/cart-lines.ts).
 */
export class CartService {
  constructor(private readonly db: DataSource) {}

  async get(actor: Actor): Promise<CartView> {
    return this.viewOf(customerCart(actor));
  }

  /** A visitor's cart as the shop sees it now: unknown parts left out, a part named twice once (the larger quantity). */
  async preview(lines: readonly CartLineRequest[]): Promise<CartView> {
    const wanted = this.knownLines(lines);
    const parts = await this.partsById(this.db.manager, [...wanted.keys()]);
    return new CartView(
      null,
      [...wanted]
        .filter(([partId]) => parts.has(partId))
        .map(([partId, quantity]) => new CartLineView(null, parts.get(partId)!, quantity)),
    );
  }

  async add(actor: Actor, partId: string, quantity: number): Promise<CartView> {
    return this.addTo(customerCart(actor), partId, quantity);
  }

  async setQuantity(actor: Actor, partId: string, quantity: number): Promise<CartView> {
    return this.setQuantityIn(customerCart(actor), partId, quantity);
  }

  async remove(actor: Actor, partId: string): Promise<CartView> {
    return this.removeFrom(customerCart(actor), partId);
  }

  async merge(actor: Actor, lines: readonly CartLineRequest[]): Promise<CartView> {
    return this.mergeInto(customerCart(actor), this.knownLines(lines));
  }

  /** A cart as it is now. */
  async viewOf(cart: CartRef): Promise<CartView> {
    return this.cartOf(this.db.manager, cart);
  }

  /**
   * Adds units of a part: to the line already in the cart, or as a new line of at least the
   * part's minimum order. Refused, naming the part, when it is not sold or not that many are
   * available.
   */
  async addTo(cart: CartRef, partId: string, quantity: number, within?: EntityManager): Promise<CartView> {
    return this.change(
      cart,
      partId,
      async (tx, part, current) => {
        this.assertOnSale(part);
        const wanted = Math.max(part.minOrderQuantity, (current ?? 0) + quantity);
        if (wanted > part.available) {
          throw badInput(
            current
              ? `Only ${part.available} of ${part.name} are available, and your cart has ${current}`
              : `Only ${part.available} of ${part.name} are available`,
            { fields: { quantity: ["More than is available"] } },
          );
        }
        if (current === null) await this.assertRoom(tx, cart);
        return wanted;
      },
      within,
    );
  }

  /** Sets a line's quantity, within the part's bounds (the line is added if it was not there). */
  async setQuantityIn(cart: CartRef, partId: string, quantity: number): Promise<CartView> {
    return this.change(cart, partId, async (tx, part, current) => {
      this.assertOnSale(part);
      if (quantity < part.minOrderQuantity) {
        throw badInput(`The minimum order for ${part.name} is ${part.minOrderQuantity}`, {
          fields: { quantity: ["Below the minimum order"] },
        });
      }
      if (quantity > part.available)
        throw badInput(`Only ${part.available} of ${part.name} are available`, {
          fields: { quantity: ["More than is available"] },
        });
      if (current === null) await this.assertRoom(tx, cart);
      return quantity;
    });
  }

  /** Takes a part's line out; a part that is not in the cart changes nothing, an id that names no part is refused. */
  async removeFrom(cart: CartRef, partId: string): Promise<CartView> {
    const id = databaseIdOf(partId);
    if (!id) throw partNotFound();
    await deleteLine(this.db.manager, cart, id);
    return this.cartOf(this.db.manager, cart);
  }

  /**
   * Joins lines kept elsewhere (a browser's) into a cart: a part in both keeps the larger quantity
   * (not the sum: the same lines joined twice change nothing), brought within the part's bounds
   * where its stock allows. Lines of parts sold out or retired meanwhile are kept with their
   * warning; unknown parts are left out; lines past the cart's size are dropped, the cart's own
   * first. `given` is by part database id.
   */
  async mergeInto(cart: CartRef, given: ReadonlyMap<string, number>, within?: EntityManager): Promise<CartView> {
    const work = async (tx: EntityManager) => {
      await lockCart(tx, cart);
      const parts = await this.partsById(tx, [...given.keys()]);
      const current = new Map((await readLines(tx, cart)).map((row) => [row.part_id, row.quantity]));
      let room = MAX_CART_LINES - current.size;
      for (const [partId, quantity] of given) {
        const part = parts.get(partId);
        if (!part) continue;
        const had = current.get(partId);
        if (had === undefined && room <= 0) continue;
        let merged = Math.max(had ?? 0, quantity);
        if (part.available >= part.minOrderQuantity)
          merged = Math.min(part.available, Math.max(part.minOrderQuantity, merged));
        if (merged === had) continue;
        await upsertLine(tx, cart, partId, merged);
        if (had === undefined) room--;
      }
      return this.cartOf(tx, cart);
    };
    return within ? work(within) : this.db.transaction(work);
  }

  /** One line changed under the cart's lock (in `within`, a transaction of the caller's, when given); `decide` answers the new quantity from the part and the line's current one (null: not in the cart). */
  private async change(
    cart: CartRef,
    partId: string,
    decide: (tx: EntityManager, part: Part, current: number | null) => Promise<number>,
    within?: EntityManager,
  ): Promise<CartView> {
    const id = databaseIdOf(partId);
    if (!id) throw partNotFound();
    const work = async (tx: EntityManager) => {
      // The cart is locked after any part (a cart change locks no part), as reservations lock it.
      await lockCart(tx, cart);
      const part = (await this.partsById(tx, [id])).get(id);
      if (!part) throw partNotFound();
      const current = await lineQuantity(tx, cart, id);
      await upsertLine(tx, cart, id, await decide(tx, part, current));
      return this.cartOf(tx, cart);
    };
    return within ? work(within) : this.db.transaction(work);
  }

  private assertOnSale(part: Part): void {
    if (part.retired) throw badInput(`${part.name} is no longer sold`, { fields: { partId: ["No longer sold"] } });
    if (part.available === 0 || part.available < part.minOrderQuantity)
      throw badInput(`${part.name} is out of stock`, { fields: { partId: ["Out of stock"] } });
  }

  private async assertRoom(tx: EntityManager, cart: CartRef): Promise<void> {
    if ((await countLines(tx, cart)) >= MAX_CART_LINES)
      throw conflict(`Your cart holds at most ${MAX_CART_LINES} parts: check out or remove some first`);
  }

  /** The lines given with a known id, each part once (the larger quantity), in the order given. */
  private knownLines(lines: readonly CartLineRequest[]): Map<string, number> {
    const wanted = new Map<string, number>();
    for (const line of lines) {
      const id = databaseIdOf(line.partId);
      if (id) wanted.set(id, Math.max(wanted.get(id) ?? 0, line.quantity));
    }
    return wanted;
  }

  private async partsById(manager: EntityManager, ids: string[]): Promise<Map<string, Part>> {
    if (ids.length === 0) return new Map();
    const parts = await manager.getRepository(Part).findBy({ databaseId: In(ids) });
    return new Map(parts.map((part) => [part.databaseId, part]));
  }

  private async cartOf(manager: EntityManager, cart: CartRef): Promise<CartView> {
    const rows = await readLines(manager, cart);
    const parts = await this.partsById(
      manager,
      rows.map((row) => row.part_id),
    );
    const ownerId = cart.kind === "customer" ? cart.id : null;
    return new CartView(
      ownerId,
      rows
        .filter((row) => parts.has(row.part_id))
        .map((row) => new CartLineView(ownerId, parts.get(row.part_id)!, row.quantity)),
    );
  }
}
