import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The orders' side of checkouts (migration 1764870000000), done so that the shop keeps taking
 * orders meanwhile: every index built CONCURRENTLY, the checkout's foreign key validated on its
 * own (VALIDATE lets reads and writes through). Outside a transaction; every step may run again.
 *
 * A payment paid one order until now, and `transaction_id` was unique; a checkout's payment pays
 * all its orders, so it is unique only among orders reserved on their own (which a payment of
 * another order can never mark paid), and indexed for the rest: refunds and disputes are followed
 * by payment. The partial unique index is built before the old constraint goes, so the rule holds
 * throughout. Indexes besides: a checkout's orders; a customer's past orders (cancelled and
 * refunded), newest first.
 */
export class CheckoutsAndCartsIndexes1764870000001 implements MigrationInterface {
  name = "CheckoutsAndCartsIndexes1764870000001";
  transaction = false as const;

  async up(db: QueryRunner): Promise<void> {
    const indexes: Array<[string, string]> = [
      [
        "orders_by_checkout",
        "CREATE INDEX CONCURRENTLY orders_by_checkout ON orders (checkout_id) WHERE checkout_id IS NOT NULL",
      ],
      [
        "orders_by_transaction",
        "CREATE INDEX CONCURRENTLY orders_by_transaction ON orders (transaction_id) WHERE transaction_id IS NOT NULL",
      ],
      [
        "orders_one_per_single_payment",
        "CREATE UNIQUE INDEX CONCURRENTLY orders_one_per_single_payment ON orders (transaction_id) WHERE checkout_id IS NULL AND transaction_id IS NOT NULL",
      ],
      [
        "orders_past_by_user",
        "CREATE INDEX CONCURRENTLY orders_past_by_user ON orders (user_id, seq) WHERE status IN ('cancelled', 'refunded')",
      ],
    ];
    for (const [name, statement] of indexes) await this.createIndexConcurrently(db, name, statement);
    await db.query(`ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_transaction_id_key`);
    await db.query(`ALTER TABLE orders VALIDATE CONSTRAINT orders_checkout_id_fkey`);
  }

  /** An index built CONCURRENTLY; an invalid one an earlier attempt left is dropped first, a valid one kept. */
  private async createIndexConcurrently(db: QueryRunner, name: string, statement: string): Promise<void> {
    const invalid: unknown[] = await db.query(
      `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
      [name],
    );
    if (invalid.length) await db.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
    const [{ exists }]: Array<{ exists: boolean }> = await db.query(`SELECT to_regclass($1) IS NOT NULL AS exists`, [
      name,
    ]);
    if (exists) return;
    // A concurrent build waits for the transactions under way to end, however long they take; its
    // own lock never blocks the shop.
    const [{ lock_timeout: saved }]: Array<{ lock_timeout: string }> = await db.query("SHOW lock_timeout");
    await db.query("SET lock_timeout = '10min'");
    try {
      await db.query(statement);
    } finally {
      await db.query(`SET lock_timeout = '${saved}'`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders ADD CONSTRAINT orders_transaction_id_key UNIQUE (transaction_id)`);
    for (const name of [
      "orders_past_by_user",
      "orders_one_per_single_payment",
      "orders_by_transaction",
      "orders_by_checkout",
    ]) {
      await db.query(`DROP INDEX IF EXISTS ${name}`);
    }
  }
}
