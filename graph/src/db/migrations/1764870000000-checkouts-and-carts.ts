import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A cart, one checkout, one payment (docs/product.md#beyond-the-spec, Cart and checkout).
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
 * The orders' new indexes, and `transaction_id` unique only among orders reserved on their own,
 * are the next migration's (1764870000001), built without stopping the shop.
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
    await db.query(
      `CREATE INDEX checkouts_by_payment_intent ON checkouts (payment_intent_id) WHERE payment_intent_id IS NOT NULL`,
    );
    // NOT VALID: no scan of the orders under the lock (every existing row is null); validated,
    // and the orders' indexes built, by the next migration without stopping the shop.
    await db.query(`ALTER TABLE orders ADD COLUMN checkout_id uuid`);
    await db.query(
      `ALTER TABLE orders ADD CONSTRAINT orders_checkout_id_fkey FOREIGN KEY (checkout_id) REFERENCES checkouts (id) ON DELETE RESTRICT NOT VALID`,
    );

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
    await db.query(`ALTER TABLE orders DROP COLUMN IF EXISTS checkout_id`);
    await db.query(`DROP TABLE IF EXISTS checkouts`);
  }
}
