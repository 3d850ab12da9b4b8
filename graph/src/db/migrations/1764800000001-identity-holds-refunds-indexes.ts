import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The indexes and checks of the identity, holds and refunds migration, done so that the shop keeps
 * taking orders meanwhile: each index built CONCURRENTLY (an earlier attempt that failed leaves an
 * invalid index, dropped first), each check validated on its own (VALIDATE takes a lock that lets
 * reads and writes through). Outside a transaction, since CREATE INDEX CONCURRENTLY cannot run in
 * one; every step may run again after a failure.
 */
export class IdentityHoldsRefundsIndexes1764800000001 implements MigrationInterface {
  name = "IdentityHoldsRefundsIndexes1764800000001";
  transaction = false as const;

  async up(db: QueryRunner): Promise<void> {
    await this.createIndexConcurrently(
      db,
      "users_by_firebase_uid",
      "CREATE UNIQUE INDEX CONCURRENTLY users_by_firebase_uid ON users (firebase_uid) WHERE firebase_uid IS NOT NULL",
    );
    await this.createIndexConcurrently(
      db,
      "orders_unpaid_by_hold_end",
      "CREATE INDEX CONCURRENTLY orders_unpaid_by_hold_end ON orders (hold_expires_at) WHERE status = 'unpaid'",
    );
    await this.createIndexConcurrently(
      db,
      "orders_by_payment_intent",
      "CREATE INDEX CONCURRENTLY orders_by_payment_intent ON orders (payment_intent_id) WHERE payment_intent_id IS NOT NULL",
    );
    await db.query(`ALTER TABLE users VALIDATE CONSTRAINT users_admin_source_known`);
    for (const check of [
      "orders_unpaid_hold_ends",
      "orders_cancel_reason_known",
      "orders_refund_within_total",
      "orders_status_known",
      "orders_paid_has_payment",
      "orders_refunded_has_time",
    ]) {
      await db.query(`ALTER TABLE orders VALIDATE CONSTRAINT ${check}`);
    }
  }

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
    for (const name of ["orders_by_payment_intent", "orders_unpaid_by_hold_end", "users_by_firebase_uid"])
      await db.query(`DROP INDEX IF EXISTS ${name}`);
  }
}
