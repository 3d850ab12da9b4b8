import { EntityManager } from "typeorm";
import type { Checkout } from "../checkout.entity";
import type { Order } from "../order.entity";
import type { LockedPart } from "../reservation-rules";

/** A part as a reservation reads it under its row lock, with its id. */
export interface LockedPartRow extends LockedPart {
  id: string;
}

/**
 * The parts, each under its row lock, taken in id order so that two transactions locking
 * overlapping sets cannot deadlock. Every reservation of a part runs under that lock, so
 * concurrent orders in any process can never oversell.
 */
export async function lockParts(tx: EntityManager, partIds: readonly string[]): Promise<Map<string, LockedPartRow>> {
  const rows = await tx.query<LockedPartRow[]>(
    `SELECT id, name, price_cents, available, min_order_quantity, retired_at, weight_grams, dangerous_goods, tax_category
     FROM parts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [partIds],
  );
  return new Map(rows.map((part) => [part.id, part]));
}

/** Takes the units of the lines out of their parts' stock (the parts are locked by lockParts). */
export async function takeUnits(
  tx: EntityManager,
  lines: ReadonlyArray<{ partId: string; quantity: number }>,
): Promise<void> {
  await tx.query(
    `UPDATE parts p SET available = p.available - l.quantity
     FROM (SELECT part_id, sum(quantity)::int AS quantity FROM unnest($1::uuid[], $2::int[]) AS u(part_id, quantity) GROUP BY part_id) l
     WHERE p.id = l.part_id`,
    [lines.map((line) => line.partId), lines.map((line) => line.quantity)],
  );
}

/**
 * New order headers in one statement, with column arrays rather than a parameter per value (a
 * batch of reservations makes one each); their generated columns come back onto the entities.
 * They are written with zero amounts: the lines inserted next bring theirs (the database adds a
 * header's lines up), while the entities keep the quote's. What a header keeps of its delivery
 * and tax (a checkout's) is written with it.
 */
export async function insertHeaders(tx: EntityManager, headers: Checkout[]): Promise<void> {
  const rows = await tx.query<Array<{ id: string; seq: string; created_at: Date }>>(
    `INSERT INTO checkouts (id, source, user_id, order_count, user_email, user_name, address, phone, subtotal_cents, total_cents,
       ship_to, shipping_method_id, shipping_method_name, shipping_min_days, shipping_max_days, shipping_tax_cents, tax_zone_name, prices_include_tax)
     SELECT h.id, h.source, h.user_id, h.order_count, h.user_email, h.user_name, h.address, h.phone, 0, 0,
       h.ship_to, h.shipping_method_id, h.shipping_method_name, h.shipping_min_days, h.shipping_max_days, h.shipping_tax_cents, h.tax_zone_name, h.prices_include_tax
     FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[],
                 $9::jsonb[], $10::uuid[], $11::text[], $12::int[], $13::int[], $14::int[], $15::text[], $16::boolean[])
       WITH ORDINALITY AS h(id, source, user_id, order_count, user_email, user_name, address, phone,
                            ship_to, shipping_method_id, shipping_method_name, shipping_min_days, shipping_max_days, shipping_tax_cents, tax_zone_name, prices_include_tax, line)
     ORDER BY h.line
     RETURNING id, seq, created_at`,
    [
      headers.map((header) => header.databaseId),
      headers.map((header) => header.source),
      headers.map((header) => header.userId),
      headers.map((header) => header.orderCount),
      headers.map((header) => header.userEmail),
      headers.map((header) => header.userName),
      headers.map((header) => header.address),
      headers.map((header) => header.phone),
      headers.map((header) => (header.shipTo ? JSON.stringify(header.shipTo) : null)),
      headers.map((header) => header.shippingMethodId ?? null),
      headers.map((header) => header.shippingMethodName ?? null),
      headers.map((header) => header.shippingMinDays ?? null),
      headers.map((header) => header.shippingMaxDays ?? null),
      headers.map((header) => header.shippingTaxCents ?? 0),
      headers.map((header) => header.taxZoneName ?? null),
      headers.map((header) => header.pricesIncludeTax ?? false),
    ],
  );
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  for (const header of headers) {
    const row = rowOf.get(header.databaseId)!;
    Object.assign(header, { seq: row.seq, createdAt: row.created_at });
  }
}

/**
 * New unpaid lines in one statement, each holding its units for `holdMinutes`; the generated
 * columns come back onto the entities. Each line names its header, inserted before it.
 */
export async function insertUnpaidOrders(tx: EntityManager, orders: Order[], holdMinutes: number): Promise<void> {
  const rows = await tx.query<Array<{ id: string; seq: string; created_at: Date; hold_expires_at: Date }>>(
    `INSERT INTO orders (id, part_id, part_name, unit_price_cents, quantity, discount_cents, shipping_cents, tax_cents, total_cents, status, user_id, user_email, user_name, address, phone, checkout_id, hold_expires_at, tax_category, tax_rate_ppm, own_tax_cents)
     SELECT o.id, o.part_id, o.part_name, o.unit_price_cents, o.quantity, o.discount_cents, o.shipping_cents, o.tax_cents, o.total_cents, 'unpaid', o.user_id, o.user_email, o.user_name, o.address, o.phone, o.checkout_id, now() + make_interval(mins => $16), o.tax_category, o.tax_rate_ppm, o.own_tax_cents
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::uuid[], $11::text[], $12::text[], $13::text[], $14::text[], $15::uuid[], $17::text[], $18::int[], $19::int[])
       WITH ORDINALITY AS o(id, part_id, part_name, unit_price_cents, quantity, discount_cents, shipping_cents, tax_cents, total_cents, user_id, user_email, user_name, address, phone, checkout_id, tax_category, tax_rate_ppm, own_tax_cents, line)
     ORDER BY o.line
     RETURNING id, seq, created_at, hold_expires_at`,
    [
      orders.map((order) => order.databaseId),
      orders.map((order) => order.partId),
      orders.map((order) => order.partName),
      orders.map((order) => order.unitPriceCents),
      orders.map((order) => order.quantity),
      orders.map((order) => order.discountCents),
      orders.map((order) => order.shippingCents),
      orders.map((order) => order.taxCents),
      orders.map((order) => order.totalCents),
      orders.map((order) => order.userId),
      orders.map((order) => order.userEmail),
      orders.map((order) => order.userName),
      orders.map((order) => order.address),
      orders.map((order) => order.phone),
      orders.map((order) => order.checkoutId),
      holdMinutes,
      orders.map((order) => order.taxCategory),
      orders.map((order) => order.taxRatePpm),
      orders.map((order) => order.ownTaxCents),
    ],
  );
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  for (const order of orders) {
    const row = rowOf.get(order.databaseId)!;
    Object.assign(order, { seq: row.seq, createdAt: row.created_at, holdExpiresAt: row.hold_expires_at });
  }
}

/**
 * A reservation's delivery and tax as it was just priced: the header's copies, and its unpaid
 * line's shares and tax (the header's amounts follow the line, added up by the database).
 */
export async function freezeDelivery(tx: EntityManager, header: Checkout, line: Order): Promise<void> {
  await tx.query(
    `UPDATE checkouts SET ship_to = $2::jsonb, shipping_method_id = $3, shipping_method_name = $4, shipping_min_days = $5,
       shipping_max_days = $6, shipping_tax_cents = $7, tax_zone_name = $8, prices_include_tax = $9
     WHERE id = $1`,
    [
      header.databaseId,
      JSON.stringify(header.shipTo),
      header.shippingMethodId,
      header.shippingMethodName,
      header.shippingMinDays,
      header.shippingMaxDays,
      header.shippingTaxCents,
      header.taxZoneName,
      header.pricesIncludeTax,
    ],
  );
  await tx.query(
    `UPDATE orders SET discount_cents = $2, shipping_cents = $3, tax_cents = $4, total_cents = $5,
       tax_category = $6, tax_rate_ppm = $7, own_tax_cents = $8
     WHERE id = $1 AND status = 'unpaid'`,
    [
      line.databaseId,
      line.discountCents,
      line.shippingCents,
      line.taxCents,
      line.totalCents,
      line.taxCategory,
      line.taxRatePpm,
      line.ownTaxCents,
    ],
  );
}
