import { DataSource } from "typeorm";
import { ORDER_EXPORT_READS, type OrderExportRow } from "../order-export";
import type { OrderCondition } from "./order-lists";

const EXPORT_BATCH = 500;

/**
 * The orders a condition selects, newest first, in batches read from a server-side cursor in one
 * read-only snapshot: memory stays flat whatever the count. The caller must consume or close the
 * iterator (breaking out of a for-await loop closes it), which ends the transaction and gives the
 * connection back.
 */
export async function* readOrdersCursor(
  db: DataSource,
  { where, values }: OrderCondition,
): AsyncGenerator<OrderExportRow[]> {
  const sql = `SELECT ${ORDER_EXPORT_READS.map((column) => `"o"."${column}"`).join(", ")} FROM orders "o" WHERE ${where} ORDER BY "o"."seq" DESC`;
  const runner = db.createQueryRunner();
  await runner.connect();
  let open = false;
  try {
    await runner.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    open = true;
    await runner.query(`DECLARE orders_export NO SCROLL CURSOR FOR ${sql}`, values);
    for (;;) {
      const rows: OrderExportRow[] = await runner.query(`FETCH ${EXPORT_BATCH} FROM orders_export`);
      if (rows.length === 0) break;
      yield rows;
    }
    await runner.query("COMMIT");
    open = false;
  } finally {
    if (open) await runner.query("ROLLBACK").catch(() => undefined);
    await runner.release();
  }
}
