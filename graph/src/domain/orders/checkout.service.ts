import type { DataSource, EntityManager } from "typeorm";
import { Role, type User } from "../accounts/user.entity";
import { type Actor, authorize } from "../actor";
import { addressOneLine, type PostalAddress } from "../addresses/address-rules";
import type { ShopCounters } from "../counters";
import { badInput, conflict, notFound, ShopError } from "../errors";
import { databaseIdOf } from "../ids";
import { frozenSale } from "../pricing/sale-rules";
import type { SalePricing, SaleService, ShipToRequest } from "../pricing/sale.service";
import { type Checkout, OrderSource } from "./checkout.entity";
import { readHeader } from "./order-changes";
import { insertHeaders, insertUnpaidOrders, lockParts, takeUnits } from "./queries/reservation-writes";
import {
  ALREADY_ORDERED,
  type HoldPolicy,
  holdingsRefusal,
  isUniqueViolation,
  lineRefusal,
  lockHoldings,
  newUnpaidOrder,
  type WantedLine,
} from "./reservation-rules";

/** At most this many lines in one checkout (and in a cart): far above what a customer may hold unpaid by default. */
export const MAX_CHECKOUT_LINES = 50;

export interface CheckoutLine {
  partId: string;
  quantity: number;
}

/** A checkout as the customer asks for it: the lines they saw in their cart, where to ship them and how. */
export interface PlaceCheckout {
  lines: CheckoutLine[];
  /** Required (BAD_USER_INPUT naming it when absent). */
  shipTo: ShipToRequest | null;
  /** The shipping method's database id; required (BAD_USER_INPUT naming it when absent). */
  shippingMethodId: string | null;
}

/** Where a checkout ships and the zones and rates it is priced with, read before its transaction. */
interface Delivery {
  shipTo: PostalAddress;
  pricing: SalePricing;
}

/** Something the checkout hears of once it is committed (the mail outbox writes in the same transaction: see CheckoutEffects). */
export interface CheckoutEffects {
  /** Runs inside the checkout's transaction, after its orders are written. */
  placed(tx: EntityManager, checkout: Checkout, customer: User): Promise<void>;
}

const NO_EFFECTS: CheckoutEffects = { placed: async () => undefined };

/** A refusal of one line: the message names its part; `extensions` name the line (0-based) and its part. */
function lineError(error: ShopError, index: number, partId: string): ShopError {
  return new ShopError(error.code, error.message, {
    ...error.details,
    line: index,
    partId,
    fields: { [`lines.${index}`]: [error.message] },
  });
}

/**
 * One checkout, one payment: every line of a cart reserved in one transaction, or none. Each line
 * becomes an order exactly as a reservation of one part makes it (the same rules, the same hold,
 * the spec's order shape), and the checkout records them together for one card payment.
 */
export class CheckoutService {
  constructor(
    private readonly db: DataSource,
    private readonly holds: HoldPolicy,
    private readonly counters: ShopCounters,
    private readonly sales: SaleService,
    private readonly effects: CheckoutEffects = NO_EFFECTS,
  ) {}

  /**
   * Reserves every line, priced with its shipping and tax to the address by the method chosen, or
   * refuses the checkout naming the line (or the address, or the method) at fault. The address,
   * zones and rates are read first; then, in one transaction, the parts are locked in id order (a
   * reservation of one part locks it first too), then the customer's row, under which what they
   * already hold unpaid is counted with the whole checkout, shipping and tax included.
   */
  async place(actor: Actor, input: PlaceCheckout): Promise<Checkout> {
    const customer = authorize(actor, "USER");
    const lines = this.checkedLines(input.lines);
    if (!input.shipTo) throw badInput("Choose where to ship your order", { fields: { shipTo: ["Required"] } });
    const shipTo = await this.sales.shipToOf(customer, input.shipTo);
    const delivery = { shipTo, pricing: await this.sales.pricing(shipTo, input.shippingMethodId) };
    for (let attempt = 1; ; attempt++) {
      try {
        const checkout = await this.db.transaction((tx) => this.placeIn(tx, customer, lines, delivery));
        this.counters.ordersPlaced(checkout.orders.length);
        return checkout;
      } catch (error) {
        // The locks make a duplicate unpaid order impossible; should the index still object, the
        // checkout is made again and the rules answer for the line.
        if (!isUniqueViolation(error)) throw error;
        if (attempt >= 3) throw conflict(ALREADY_ORDERED);
      }
    }
  }

  /** The lines' shape, before anything is locked: known ids, each part once. */
  private checkedLines(lines: readonly CheckoutLine[]): CheckoutLine[] {
    if (lines.length === 0)
      throw badInput("Your checkout has no lines: add parts to your cart first", { fields: { lines: ["No lines"] } });
    if (lines.length > MAX_CHECKOUT_LINES)
      throw badInput(`A checkout has at most ${MAX_CHECKOUT_LINES} lines`, { fields: { lines: ["Too many lines"] } });
    const seen = new Map<string, number>();
    return lines.map((line, index) => {
      const partId = databaseIdOf(line.partId);
      if (!partId) throw lineError(notFound("Part"), index, line.partId);
      const earlier = seen.get(partId);
      if (earlier !== undefined)
        throw lineError(badInput(`Line ${index + 1} names the same part as line ${earlier + 1}`), index, partId);
      seen.set(partId, index);
      return { partId, quantity: line.quantity };
    });
  }

  private async placeIn(
    tx: EntityManager,
    customer: User,
    lines: CheckoutLine[],
    delivery: Delivery,
  ): Promise<Checkout> {
    const parts = await lockParts(
      tx,
      lines.map((line) => line.partId),
    );
    const held = (await lockHoldings(tx, [customer.databaseId])).get(customer.databaseId) ?? {
      orders: 0,
      cents: 0,
      parts: new Set<string>(),
    };
    const wanted: WantedLine[] = [];
    for (const [index, line] of lines.entries()) {
      const part = parts.get(line.partId);
      if (!part) throw lineError(notFound("Part"), index, line.partId);
      const refusal = lineRefusal(part, part.available, line.quantity, held.parts.has(line.partId));
      if (refusal) throw lineError(refusal, index, line.partId);
      wanted.push({ partId: line.partId, part, quantity: line.quantity });
    }
    const sale = await delivery.pricing.priceToPlace(
      wanted.map(({ part, quantity }) => ({
        unitPriceCents: part.price_cents,
        quantity,
        name: part.name,
        weightGrams: part.weight_grams,
        dangerousGoods: part.dangerous_goods,
        category: part.tax_category,
      })),
    );
    const { header: checkout, lines: orders } = newUnpaidOrder(
      customer,
      OrderSource.CHECKOUT,
      wanted,
      { address: addressOneLine(delivery.shipTo), phone: delivery.shipTo.phone },
      { priced: sale, frozen: frozenSale(sale, delivery.shipTo) },
    );
    const overBound = holdingsRefusal(this.holds, held, lines.length, checkout.totalCents);
    if (overBound) throw new ShopError(overBound.code, overBound.message, { fields: { lines: [overBound.message] } });

    await insertHeaders(tx, [checkout]);
    await insertUnpaidOrders(tx, orders, this.holds.minutes);
    await takeUnits(tx, lines);
    // What was bought leaves the cart with it.
    await tx.query(`DELETE FROM cart_lines WHERE user_id = $1 AND part_id = ANY($2::uuid[])`, [
      customer.databaseId,
      lines.map((line) => line.partId),
    ]);
    await this.effects.placed(tx, checkout, customer);
    return checkout;
  }

  /** One checkout with its orders, for its customer or an admin; anyone else is told it does not exist. */
  async get(actor: Actor, id: string): Promise<Checkout> {
    const caller = authorize(actor, "USER");
    const databaseId = databaseIdOf(id);
    const checkout = databaseId ? await readHeader(this.db.manager, databaseId) : null;
    if (
      !checkout ||
      checkout.source !== OrderSource.CHECKOUT ||
      (checkout.userId !== caller.databaseId && caller.role !== Role.ADMIN)
    )
      throw notFound("Checkout");
    return checkout;
  }
}
