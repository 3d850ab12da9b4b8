import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A cart, one checkout, one payment (issue 47).
 *
 * `checkouts`: what a customer bought together in one go. Each line of a checkout is an order as
 * before (the spec's order shape, routes and lists are unchanged); `orders.checkout_id` names
 * the checkout it came from, null for an order reserved on its own. A checkout has one card
 * payment for the total of its orders still unpaid (`payment_intent_id`); its `total_cents` is
 * what the lines came to when it was placed.
 *
 * `cart_lines`: a signed-in customer's cart, kept by the shop so that it follows them across
 * devices: a quantity of a part per line, in the order they were added (`seq`). A line goes with
 * its customer or its part.
 *
 * A payment paid one order until now, and `transaction_id` was unique; a checkout's payment pays
 * all its orders, so it is unique only among orders reserved on their own (which a payment of
 * another order can never mark paid), and indexed for the rest: refunds and disputes are followed
 * by payment. Indexes besides: a checkout's orders; a customer's past orders (cancelled and
 * refunded), newest first.
 *
 * Carts, checkouts and the history (an order's timeline reads its entries) announce their
 * changes as orders do (accounts_changed, migration 1764200000000): every process drops the
 * cached answers that show them.
 */
export class CheckoutsAndCarts1764870000000 implements MigrationInterface {
  name = "CheckoutsAndCarts1764870000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE checkouts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        order_count integer NOT NULL CHECK (order_count > 0),
        total_cents integer NOT NULL CHECK (total_cents >= 0),
        payment_intent_id varchar(255),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX checkouts_by_user ON checkouts (user_id, seq)`);
    await db.query(`CREATE INDEX checkouts_by_payment_intent ON checkouts (payment_intent_id) WHERE payment_intent_id IS NOT NULL`);
    await db.query(`ALTER TABLE orders ADD COLUMN checkout_id uuid REFERENCES checkouts (id) ON DELETE RESTRICT`);
    await db.query(`CREATE INDEX orders_by_checkout ON orders (checkout_id) WHERE checkout_id IS NOT NULL`);
    await db.query(`ALTER TABLE orders DROP CONSTRAINT orders_transaction_id_key`);
    await db.query(`CREATE INDEX orders_by_transaction ON orders (transaction_id) WHERE transaction_id IS NOT NULL`);
    await db.query(`CREATE UNIQUE INDEX orders_one_per_single_payment ON orders (transaction_id) WHERE checkout_id IS NULL AND transaction_id IS NOT NULL`);
    await db.query(`CREATE INDEX orders_past_by_user ON orders (user_id, seq) WHERE status IN ('cancelled', 'refunded')`);

    await db.query(`
      CREATE TABLE cart_lines (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        part_id uuid NOT NULL REFERENCES parts (id) ON DELETE CASCADE,
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000000),
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, part_id)
      )`);
    await db.query(`CREATE INDEX cart_lines_by_part ON cart_lines (part_id)`);

    for (const table of ["cart_lines", "checkouts", "audit_log"]) {
      await db.query(
        `CREATE TRIGGER ${table}_notify_accounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed()`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS audit_log_notify_accounts_changed ON audit_log`);
    await db.query(`DROP TABLE IF EXISTS cart_lines`);
    await db.query(`DROP INDEX IF EXISTS orders_past_by_user`);
    await db.query(`DROP INDEX IF EXISTS orders_one_per_single_payment`);
    await db.query(`DROP INDEX IF EXISTS orders_by_transaction`);
    await db.query(`ALTER TABLE orders ADD CONSTRAINT orders_transaction_id_key UNIQUE (transaction_id)`);
    await db.query(`ALTER TABLE orders DROP COLUMN IF EXISTS checkout_id`);
    await db.query(`DROP TABLE IF EXISTS checkouts`);
  }
}
