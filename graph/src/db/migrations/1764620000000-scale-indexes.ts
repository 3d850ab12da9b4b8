import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Indexes for a shop with a million orders (docs/performance.md; `BENCH_PHASES=scale npm run bench` shows the
 * plans before and after):
 *
 * - The admins' order search (`orders(search:)`, `GET /getOrders?search=`, the CSV export) is
 *   ILIKE '%...%' over the customer's email and name and the part's name as ordered, or the part's
 *   name as it is now: trigram GIN indexes on each, so a search for one customer reads that
 *   customer's orders instead of every order (OrderService combines them in one bitmap).
 * - Unpaid orders, newest first (the admins' UNPAID filter) and the overview's open unpaid count
 *   and value: a partial index of them by seq that carries the total (an index-only scan).
 * - The overview's revenue per day and top parts: the paid orders by payment time carry part,
 *   quantity and total, so the window is read from the index alone; it replaces
 *   orders_paid_by_paid_at (1764600000000), which it covers.
 * - The overview's low-stock parts (available <= low_stock_threshold compares two columns of a
 *   row: a partial index holds exactly those parts, in the order the overview lists them).
 * - Customers (not admins) by creation time: the overview's customer counts without reading users.
 * - The model filter compares lower(model) alone: laptop_models_by_name leads with the brand.
 */
export class ScaleIndexes1764620000000 implements MigrationInterface {
  name = "ScaleIndexes1764620000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(
      `CREATE INDEX IF NOT EXISTS orders_user_email_trigrams ON orders USING gin (user_email gin_trgm_ops)`,
    );
    await db.query(`CREATE INDEX IF NOT EXISTS orders_user_name_trigrams ON orders USING gin (user_name gin_trgm_ops)`);
    await db.query(`CREATE INDEX IF NOT EXISTS orders_part_name_trigrams ON orders USING gin (part_name gin_trgm_ops)`);
    await db.query(`CREATE INDEX IF NOT EXISTS parts_name_trigrams ON parts USING gin (name gin_trgm_ops)`);
    await db.query(
      `CREATE INDEX IF NOT EXISTS orders_unpaid_by_seq ON orders (seq) INCLUDE (total_cents) WHERE status = 'unpaid'`,
    );
    await db.query(
      `CREATE INDEX IF NOT EXISTS orders_paid_by_paid_at_with_totals ON orders (paid_at) INCLUDE (part_id, quantity, total_cents) WHERE status = 'paid'`,
    );
    await db.query(`DROP INDEX IF EXISTS orders_paid_by_paid_at`);
    await db.query(
      `CREATE INDEX IF NOT EXISTS parts_low_stock ON parts (available, seq) WHERE retired_at IS NULL AND available <= low_stock_threshold`,
    );
    await db.query(
      `CREATE INDEX IF NOT EXISTS users_customers_by_created_at ON users (created_at) WHERE role <> 'admin'`,
    );
    await db.query(`CREATE INDEX IF NOT EXISTS laptop_models_by_model ON laptop_models (lower(model))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX IF NOT EXISTS orders_paid_by_paid_at ON orders (paid_at) WHERE status = 'paid'`);
    for (const index of [
      "laptop_models_by_model",
      "users_customers_by_created_at",
      "parts_low_stock",
      "orders_paid_by_paid_at_with_totals",
      "orders_unpaid_by_seq",
      "parts_name_trigrams",
      "orders_part_name_trigrams",
      "orders_user_name_trigrams",
      "orders_user_email_trigrams",
    ]) {
      await db.query(`DROP INDEX IF EXISTS ${index}`);
    }
  }
}
