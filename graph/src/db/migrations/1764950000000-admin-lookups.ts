import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * What the admins' tools look up (docs/product.md#beyond-the-spec, Admin searches and customers), each index built CONCURRENTLY so the
 * shop keeps taking orders meanwhile (outside a transaction; every step may run again):
 *
 * - `users_folded_trigrams`: All Users searches a part of a name or email, accents and letter
 *   case aside ("zoe" finds "Zoë"), folded as the order search folds (fold_text).
 * - `orders_by_user`: a customer's detail lists all their orders newest first and totals them by
 *   status (the status and amounts are in the index: the totals read no order row).
 * - `audit_log_by_actor`: the history of one admin, newest first.
 */
export class AdminLookups1764950000000 implements MigrationInterface {
  name = "AdminLookups1764950000000";
  transaction = false as const;

  async up(db: QueryRunner): Promise<void> {
    await this.createIndexConcurrently(
      db,
      "users_folded_trigrams",
      `users USING gin (fold_text(coalesce(display_name, '') || ' ' || email) gin_trgm_ops)`,
    );
    await this.createIndexConcurrently(
      db,
      "orders_by_user",
      `orders (user_id, seq) INCLUDE (status, total_cents, refunded_cents)`,
    );
    await this.createIndexConcurrently(db, "audit_log_by_actor", `audit_log (actor_id, seq) WHERE import_id IS NULL`);
  }

  /** An index built CONCURRENTLY; an invalid one an earlier attempt left is dropped first, a valid one kept. */
  private async createIndexConcurrently(db: QueryRunner, name: string, definition: string): Promise<void> {
    const [{ lock_timeout: saved }]: Array<{ lock_timeout: string }> = await db.query("SHOW lock_timeout");
    const invalid: unknown[] = await db.query(
      `SELECT 1 FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
      [name],
    );
    // A concurrent build waits for the transactions under way to end; its own lock never blocks the shop.
    await db.query("SET lock_timeout = '10min'");
    try {
      if (invalid.length) await db.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
      await db.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ON ${definition}`);
    } finally {
      await db.query(`SET lock_timeout = '${saved}'`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const name of ["audit_log_by_actor", "orders_by_user", "users_folded_trigrams"])
      await db.query(`DROP INDEX IF EXISTS ${name}`);
  }
}
