import type { EntityManager } from "typeorm";
import type { TaxCategory } from "../../tax/tax-lines";

/* How the sale service reads what it prices: parts as shipping and tax see them, a reservation of the caller's. */

/** A part as the price calculation reads it. */
export interface SalePartRow {
  id: string;
  name: string;
  price_cents: number;
  weight_grams: number;
  dangerous_goods: boolean;
  tax_category: TaxCategory;
}

/** The parts named (unknown ids are left out), by id. */
export async function partsForSale(
  manager: EntityManager,
  partIds: readonly string[],
): Promise<Map<string, SalePartRow>> {
  const rows = await manager.query<SalePartRow[]>(
    `SELECT id, name, price_cents, weight_grams, dangerous_goods, tax_category FROM parts WHERE id = ANY($1::uuid[])`,
    [partIds],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** A part reserved on its own by `userId` (a header whose id is its line's), with its part as it is now; null when there is none of theirs. */
export interface ReservationRow {
  id: string;
  status: string;
  part_id: string;
  part_name: string;
  unit_price_cents: number;
  quantity: number;
  weight_grams: number;
  dangerous_goods: boolean;
  tax_category: TaxCategory;
}

export async function reservationOf(
  manager: EntityManager,
  userId: string,
  orderId: string,
): Promise<ReservationRow | null> {
  const [row] = await manager.query<ReservationRow[]>(
    `SELECT o.id, o.status, o.part_id, o.part_name, o.unit_price_cents, o.quantity,
            p.weight_grams, p.dangerous_goods, p.tax_category
     FROM orders o JOIN parts p ON p.id = o.part_id
     WHERE o.id = $1 AND o.user_id = $2 AND o.checkout_id = o.id`,
    [orderId, userId],
  );
  return row ?? null;
}
