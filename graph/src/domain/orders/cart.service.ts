import { type DataSource, type EntityManager, In } from "typeorm";
import { type Actor, authorize } from "../actor";
import { Part } from "../catalogue/part.entity";
import { badInput, conflict, ShopError } from "../errors";
import { databaseIdOf } from "../ids";
import { centsToDollars } from "../money";
import { lineSubtotalCents, quote } from "../pricing/quote";
import { MAX_CHECKOUT_LINES } from "./checkout.service";

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
    /** Whose cart: a customer's id, or null for a visitor's (kept in the browser). */
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

export interface CartLineRequest {
  partId: string;
  quantity: number;
}

/**
 * Carts. A visitor's cart lives in their browser (the web app's localStorage) and is shown by
 * `preview`; a signed-in customer's is kept here (cart_lines), so that it follows them across
 * devices, and the browser's is joined into it at sign-in (`merge`). Quantities are kept within
 * each part's bounds (its minimum order, up to what is available) when they are set; a line whose
 * part sold out or was retired since stays, with a warning, until the customer removes it.
 */
export class CartService {
  constructor(private readonly db: DataSource) {}

  async get(actor: Actor): Promise<CartView> {
    const customer = authorize(actor, "USER");
    return this.cartOf(this.db.manager, customer.databaseId);
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

  /**
   * Adds units of a part: to the line already in the cart, or as a new line of at least the
   * part's minimum order. Refused, naming the part, when it is not sold or not that many are
   * available.
   */
  async add(actor: Actor, partId: string, quantity: number): Promise<CartView> {
    const customer = authorize(actor, "USER");
    return this.change(customer.databaseId, partId, async (tx, part, current) => {
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
      if (current === null) await this.assertRoom(tx, customer.databaseId);
      return wanted;
    });
  }

  /** Sets a line's quantity, within the part's bounds (the line is added if it was not there). */
  async setQuantity(actor: Actor, partId: string, quantity: number): Promise<CartView> {
    const customer = authorize(actor, "USER");
    return this.change(customer.databaseId, partId, async (tx, part, current) => {
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
      if (current === null) await this.assertRoom(tx, customer.databaseId);
      return quantity;
    });
  }

  /** Takes a part's line out; a part that is not in the cart changes nothing, an id that names no part is refused. */
  async remove(actor: Actor, partId: string): Promise<CartView> {
    const customer = authorize(actor, "USER");
    const id = databaseIdOf(partId);
    if (!id) throw partNotFound();
    await this.db.query(`DELETE FROM cart_lines WHERE user_id = $1 AND part_id = $2`, [customer.databaseId, id]);
    return this.cartOf(this.db.manager, customer.databaseId);
  }

  /**
   * Joins a visitor's cart (kept in the browser) into the customer's at sign-in: a part in both
   * keeps the larger quantity (not the sum: the same browser cart joined twice changes nothing),
   * brought within the part's bounds where its stock allows. Lines of parts sold out or retired
   * meanwhile are kept with their warning; unknown parts are left out; lines past the cart's
   * size are dropped, the account's own first.
   */
  async merge(actor: Actor, lines: readonly CartLineRequest[]): Promise<CartView> {
    const customer = authorize(actor, "USER");
    const given = this.knownLines(lines);
    return this.db.transaction(async (tx) => {
      await this.lockCart(tx, customer.databaseId);
      const parts = await this.partsById(tx, [...given.keys()]);
      const current = new Map<string, number>(
        (await tx.query(`SELECT part_id, quantity FROM cart_lines WHERE user_id = $1`, [customer.databaseId])).map(
          (row: { part_id: string; quantity: number }) => [row.part_id, row.quantity],
        ),
      );
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
        await this.upsert(tx, customer.databaseId, partId, merged);
        if (had === undefined) room--;
      }
      return this.cartOf(tx, customer.databaseId);
    });
  }

  /** One line changed under the customer's cart lock; `decide` answers the new quantity from the part and the line's current one (null: not in the cart). */
  private async change(
    customerId: string,
    partId: string,
    decide: (tx: EntityManager, part: Part, current: number | null) => Promise<number>,
  ): Promise<CartView> {
    const id = databaseIdOf(partId);
    if (!id) throw partNotFound();
    return this.db.transaction(async (tx) => {
      await this.lockCart(tx, customerId);
      const part = (await this.partsById(tx, [id])).get(id);
      if (!part) throw partNotFound();
      const [row]: Array<{ quantity: number }> = await tx.query(
        `SELECT quantity FROM cart_lines WHERE user_id = $1 AND part_id = $2`,
        [customerId, id],
      );
      await this.upsert(tx, customerId, id, await decide(tx, part, row?.quantity ?? null));
      return this.cartOf(tx, customerId);
    });
  }

  /**
   * A customer's cart changes one at a time: their row is locked as reservations lock it (after
   * any part: a cart change locks no part), so two tabs adding at once both count.
   */
  private async lockCart(tx: EntityManager, customerId: string): Promise<void> {
    await tx.query(`SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE`, [customerId]);
  }

  private async upsert(tx: EntityManager, customerId: string, partId: string, quantity: number): Promise<void> {
    await tx.query(
      `INSERT INTO cart_lines (user_id, part_id, quantity) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, part_id) DO UPDATE SET quantity = EXCLUDED.quantity`,
      [customerId, partId, quantity],
    );
  }

  private assertOnSale(part: Part): void {
    if (part.retired) throw badInput(`${part.name} is no longer sold`, { fields: { partId: ["No longer sold"] } });
    if (part.available === 0 || part.available < part.minOrderQuantity)
      throw badInput(`${part.name} is out of stock`, { fields: { partId: ["Out of stock"] } });
  }

  private async assertRoom(tx: EntityManager, customerId: string): Promise<void> {
    const [{ lines }]: Array<{ lines: number }> = await tx.query(
      `SELECT count(*)::int AS lines FROM cart_lines WHERE user_id = $1`,
      [customerId],
    );
    if (lines >= MAX_CART_LINES)
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

  private async cartOf(manager: EntityManager, customerId: string): Promise<CartView> {
    const rows: Array<{ part_id: string; quantity: number }> = await manager.query(
      `SELECT part_id, quantity FROM cart_lines WHERE user_id = $1 ORDER BY seq`,
      [customerId],
    );
    const parts = await this.partsById(
      manager,
      rows.map((row) => row.part_id),
    );
    return new CartView(
      customerId,
      rows
        .filter((row) => parts.has(row.part_id))
        .map((row) => new CartLineView(customerId, parts.get(row.part_id)!, row.quantity)),
    );
  }
}
