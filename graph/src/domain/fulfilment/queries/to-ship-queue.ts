import type { EntityManager } from "typeorm";
import { badInput } from "../../errors";
import { Checkout } from "../../orders/checkout.entity";
import { Order } from "../../orders/order.entity";

/**
 * The To-ship queue's reads: paid orders (headers) with a paid line not all shipped, oldest payment
 * first, from the partial index orders_to_ship (exactly those lines). Its cursor is the payment's
 * time as PostgreSQL writes it (microseconds kept) and the header's id.
 */

/** A position in the queue: after the order paid at `paidAt` (PostgreSQL's text) with id `headerId`. */
export interface QueuePosition {
  paidAt: string;
  headerId: string;
}

const POSTGRES_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const encodeQueueCursor = (position: QueuePosition): string =>
  Buffer.from(`ship:${position.paidAt}|${position.headerId}`).toString("base64url");

export function decodeQueueCursor(cursor: string): QueuePosition {
  const decoded = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const match = /^ship:([^|]+)\|(.+)$/.exec(decoded);
  if (!match || !POSTGRES_TIME.test(match[1]) || !UUID.test(match[2]))
    throw badInput("after is not a valid cursor", { fields: { after: ["Not a cursor of this list"] } });
  return { paidAt: match[1], headerId: match[2] };
}

/** The queue's next `limit` orders after `after`: their headers' ids and positions. */
export async function waitingHeaders(
  manager: EntityManager,
  after: QueuePosition | null,
  limit: number,
): Promise<QueuePosition[]> {
  const rows: Array<{ checkout_id: string; paid_at: string }> = await manager.query(
    `SELECT w.checkout_id, w.paid_at::text AS paid_at FROM (
       SELECT checkout_id, min(paid_at) AS paid_at FROM orders
       WHERE status = 'paid' AND shipped_quantity < quantity GROUP BY checkout_id
     ) w
     WHERE $1::timestamptz IS NULL OR (w.paid_at, w.checkout_id) > ($1::timestamptz, $2::uuid)
     ORDER BY w.paid_at, w.checkout_id LIMIT $3`,
    [after?.paidAt ?? null, after?.headerId ?? null, limit],
  );
  return rows.map((row) => ({ headerId: row.checkout_id, paidAt: row.paid_at }));
}

/** How many orders wait in the queue. */
export async function countWaiting(manager: EntityManager): Promise<number> {
  const [row]: Array<{ count: number }> = await manager.query(
    `SELECT count(DISTINCT checkout_id)::int AS count FROM orders WHERE status = 'paid' AND shipped_quantity < quantity`,
  );
  return row.count;
}

/** Headers with their lines not cancelled (oldest first) and each line's part number, in one statement each. */
export async function headersWithLines(
  manager: EntityManager,
  headerIds: readonly string[],
): Promise<{ headers: Map<string, Checkout>; partNumbers: Map<string, string> }> {
  const headers = await manager
    .getRepository(Checkout)
    .createQueryBuilder("c")
    .where("c.id = ANY(:ids)", { ids: [...headerIds] })
    .getMany();
  const lines = await manager
    .getRepository(Order)
    .createQueryBuilder("o")
    .where("o.checkout_id = ANY(:ids) AND o.status <> 'cancelled'", { ids: [...headerIds] })
    .orderBy("o.seq", "ASC")
    .getMany();
  const byId = new Map(headers.map((header) => [header.databaseId, header]));
  for (const line of lines) byId.get(line.checkoutId)?.orders.push(line);
  const partIds = [...new Set(lines.map((line) => line.partId))];
  const parts: Array<{ id: string; part_number: string }> = partIds.length
    ? await manager.query(`SELECT id, part_number FROM parts WHERE id = ANY($1::uuid[])`, [partIds])
    : [];
  return { headers: byId, partNumbers: new Map(parts.map((part) => [part.id, part.part_number])) };
}
