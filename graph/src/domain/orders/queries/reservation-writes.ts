import { EntityManager } from "typeorm";
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
    `SELECT id, name, price_cents, available, min_order_quantity, retired_at FROM parts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
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
 * New unpaid orders in one statement, with column arrays rather than a parameter per value, each
 * holding its units for `holdMinutes`; the generated columns come back onto the entities. At most
 * one unpaid order per customer and part exists (a partial unique index), which pairs each row
 * returned with its order.
 */
export async function insertUnpaidOrders(tx: EntityManager, orders: Order[], holdMinutes: number): Promise<void> {
  const rows = await tx.query<
    Array<{ id: string; seq: string; created_at: Date; user_id: string; part_id: string; hold_expires_at: Date }>
  >(
    `INSERT INTO orders (part_id, part_name, unit_price_cents, quantity, total_cents, status, user_id, user_email, user_name, address, phone, checkout_id, hold_expires_at)
     SELECT o.part_id, o.part_name, o.unit_price_cents, o.quantity, o.total_cents, 'unpaid', o.user_id, o.user_email, o.user_name, o.address, o.phone, o.checkout_id, now() + make_interval(mins => $12)
     FROM unnest($1::uuid[], $2::text[], $3::int[], $4::int[], $5::int[], $6::uuid[], $7::text[], $8::text[], $9::text[], $10::text[], $11::uuid[])
       WITH ORDINALITY AS o(part_id, part_name, unit_price_cents, quantity, total_cents, user_id, user_email, user_name, address, phone, checkout_id, line)
     ORDER BY o.line
     RETURNING id, seq, created_at, user_id, part_id, hold_expires_at`,
    [
      orders.map((order) => order.partId),
      orders.map((order) => order.partName),
      orders.map((order) => order.unitPriceCents),
      orders.map((order) => order.quantity),
      orders.map((order) => order.totalCents),
      orders.map((order) => order.userId),
      orders.map((order) => order.userEmail),
      orders.map((order) => order.userName),
      orders.map((order) => order.address),
      orders.map((order) => order.phone),
      orders.map((order) => order.checkoutId),
      holdMinutes,
    ],
  );
  const rowOf = new Map(rows.map((row) => [`${row.user_id}/${row.part_id}`, row]));
  for (const order of orders) {
    const row = rowOf.get(`${order.userId}/${order.partId}`)!;
    Object.assign(order, {
      databaseId: row.id,
      seq: row.seq,
      createdAt: row.created_at,
      holdExpiresAt: row.hold_expires_at,
    });
  }
}
