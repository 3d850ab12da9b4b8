import { MigrationInterface, QueryRunner } from "typeorm";
import { createIndexConcurrently } from "../migrate";

/**
 * What the admins' tools look up (issue 48, admin tools), each index built CONCURRENTLY so the
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
    await createIndexConcurrently(
      db,
      "users_folded_trigrams",
      `users USING gin (fold_text(coalesce(display_name, '') || ' ' || email) gin_trgm_ops)`,
    );
    await createIndexConcurrently(
      db,
      "orders_by_user",
      `orders (user_id, seq) INCLUDE (status, total_cents, refunded_cents)`,
    );
    await createIndexConcurrently(db, "audit_log_by_actor", `audit_log (actor_id, seq) WHERE import_id IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const name of ["audit_log_by_actor", "orders_by_user", "users_folded_trigrams"])
      await db.query(`DROP INDEX IF EXISTS ${name}`);
  }
}
