import type { EntityManager } from "typeorm";
import type { User } from "../accounts/user.entity";
import { randomUUID } from "node:crypto";
import { quote, type Quote } from "../pricing/quote";
import type { FrozenSale } from "../pricing/sale-rules";
import type { TaxCategory } from "../tax/tax-lines";
import { Checkout, OrderSource } from "./checkout.entity";
import { Order, OrderStatus } from "./order.entity";
import { badInput, conflict, type ShopError } from "../errors";
import { centsToDollars } from "../money";

/**
 * The rules of reserving a part, shared by a reservation of one part (OrderService.place) and a
 * checkout of several (CheckoutService): each runs them under the part's row lock and the
 * customer's, in that order, so concurrent reservations in any process never oversell nor pass
 * what one customer may hold unpaid.
 */

export const ALREADY_ORDERED = "Already ordered";

/** How long unpaid orders hold their units, and how much one customer may hold unpaid at once. */
export interface HoldPolicy {
  minutes: number;
  maxUnpaidOrders: number;
  maxUnpaidCents: number;
}

/** A part as a reservation reads it, under its row lock. */
export interface LockedPart {
  name: string;
  price_cents: number;
  available: number;
  min_order_quantity: number;
  retired_at: Date | null;
  weight_grams: number;
  dangerous_goods: boolean;
  tax_category: TaxCategory;
}

/** What a customer already holds unpaid, read under their row's lock. */
export interface Holdings {
  orders: number;
  cents: number;
}

export const formatDollars = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

/** Why `quantity` of `part` cannot be reserved now (`available` of it left, `ordered`: the customer has an unpaid order of it), or null. */
export function lineRefusal(part: LockedPart, available: number, quantity: number, ordered: boolean): ShopError | null {
  if (part.retired_at !== null) return badInput(`${part.name} is no longer sold`);
  if (ordered) return conflict(ALREADY_ORDERED);
  if (quantity < part.min_order_quantity)
    return badInput(`The minimum order for ${part.name} is ${part.min_order_quantity}`);
  if (available === 0) return badInput(`${part.name} is out of stock`);
  if (quantity > available) return badInput(`Only ${available} of ${part.name} are available`);
  return null;
}

/** Whether `orders` more orders worth `cents` would take a customer's unpaid orders past the bound (their count or value). */
export function holdingsRefusal(policy: HoldPolicy, held: Holdings, orders: number, cents: number): ShopError | null {
  const { maxUnpaidOrders, maxUnpaidCents } = policy;
  if (held.orders + orders > maxUnpaidOrders) {
    if (orders === 1)
      return conflict(
        `You already have ${held.orders} unpaid orders, the most one customer may hold at once: pay or cancel one first`,
      );
    return conflict(
      `This checkout would make ${held.orders + orders} unpaid orders, over the ${maxUnpaidOrders} one customer may hold at once: remove some lines, or pay or cancel some orders first`,
    );
  }
  if (held.cents + cents > maxUnpaidCents) {
    return conflict(
      `Your unpaid orders would come to ${formatDollars(held.cents + cents)}, over the ${formatDollars(maxUnpaidCents)} one customer may hold unpaid: pay or cancel some first`,
    );
  }
  return null;
}

/**
 * The customers' rows locked (in id order, as every transaction locking users does), with what
 * each holds unpaid and the parts of their unpaid orders. Read after the locks are held: a
 * statement sees what was committed when it began, so the count must not begin before another
 * reservation of the same customer has committed.
 */
export async function lockHoldings(
  tx: EntityManager,
  customerIds: readonly string[],
): Promise<Map<string, Holdings & { parts: Set<string> }>> {
  const customers = [...new Set(customerIds)].sort();
  await tx.query(`SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`, [customers]);
  const rows: Array<{ user_id: string; orders: number; cents: string; parts: string[] }> = await tx.query(
    `SELECT user_id, count(*)::int AS orders, sum(total_cents) AS cents, array_agg(part_id::text) AS parts
     FROM orders WHERE user_id = ANY($1::uuid[]) AND status = 'unpaid' GROUP BY user_id`,
    [customers],
  );
  return new Map(
    rows.map((row) => [row.user_id, { orders: row.orders, cents: Number(row.cents), parts: new Set(row.parts) }]),
  );
}

const UNIQUE_VIOLATION = "23505";
export const isUniqueViolation = (error: any) =>
  error?.driverError?.code === UNIQUE_VIOLATION || error?.code === UNIQUE_VIOLATION;

/** A line as the customer asks for it: a locked part and how many. */
export interface WantedLine {
  partId: string;
  part: LockedPart;
  quantity: number;
}

/** Where an order goes, as the customer typed it. */
export interface Contact {
  address: string;
  phone: string;
}

/** A priced sale an order is made of: its quote (lines in the order wanted) and what the order keeps of its delivery and tax. */
export interface PricedSale {
  priced: Quote;
  frozen: FrozenSale;
}

/**
 * A new unpaid order of locked parts at their prices now, priced by the one price calculation,
 * before it is inserted: its header and its lines. A part reserved on its own is an order with one
 * line, whose header has the line's id. A checkout brings its sale priced with shipping and tax
 * (`sale`), and the order keeps copies of its delivery and each line's tax; a reservation is priced
 * without them until its delivery is chosen.
 */
export function newUnpaidOrder(
  customer: User,
  source: OrderSource,
  wanted: readonly WantedLine[],
  contact: Contact,
  sale?: PricedSale,
): { header: Checkout; lines: Order[] } {
  const priced = sale?.priced ?? quote(wanted.map((line) => ({ unitPriceCents: line.part.price_cents, ...line })));
  if (priced.lines.length !== wanted.length) throw new Error("A sale is priced for the lines wanted");
  const lineIds = wanted.map(() => randomUUID());
  const buyer = {
    userId: customer.databaseId,
    userEmail: customer.email,
    userName: customer.displayName ?? customer.email.split("@")[0],
    address: contact.address.trim(),
    phone: contact.phone.trim(),
  };
  const delivery = sale?.frozen.delivery;
  const header = Object.assign(new Checkout(), {
    ...buyer,
    databaseId: source === OrderSource.RESERVATION ? lineIds[0] : randomUUID(),
    source,
    orderCount: wanted.length,
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    shippingCents: priced.shippingCents,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
    paidCents: 0,
    refundedCents: 0,
    paymentIntentId: null,
    shipTo: delivery?.shipTo ?? null,
    shippingMethodId: delivery?.shippingMethodId ?? null,
    shippingMethodName: delivery?.shippingMethodName ?? null,
    shippingMinDays: delivery?.shippingMinDays ?? null,
    shippingMaxDays: delivery?.shippingMaxDays ?? null,
    shippingTaxCents: delivery?.shippingTaxCents ?? 0,
    taxZoneName: delivery?.taxZoneName ?? null,
    pricesIncludeTax: delivery?.pricesIncludeTax ?? false,
  });
  const lines = priced.lines.map((line, index) =>
    Object.assign(new Order(), {
      ...buyer,
      databaseId: lineIds[index],
      checkoutId: header.databaseId,
      partId: wanted[index].partId,
      partName: wanted[index].part.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      subtotalCents: line.subtotalCents,
      discountCents: line.discountCents,
      shippingCents: line.shippingCents,
      taxCents: line.taxCents,
      totalCents: line.totalCents,
      taxCategory: sale?.frozen.lineTaxes[index].taxCategory ?? wanted[index].part.tax_category,
      taxRatePpm: sale?.frozen.lineTaxes[index].taxRatePpm ?? 0,
      ownTaxCents: sale?.frozen.lineTaxes[index].ownTaxCents ?? 0,
      status: OrderStatus.UNPAID,
      paymentIntentId: null,
      transactionId: null,
      paidAt: null,
      cancelledAt: null,
      cancelReason: null,
      refundedAt: null,
      refundedCents: 0,
      paymentError: null,
      disputeStatus: null,
    }),
  );
  header.orders = lines;
  return { header, lines };
}
