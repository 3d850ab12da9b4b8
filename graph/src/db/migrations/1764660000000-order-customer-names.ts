import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The admins' order search by customer, at a million orders (docs/performance.md), as migration
 * 1764640000000 did it for part names.
 *
 * An order matches a search by customer when the email or the name it was placed under contains
 * the text. The trigram indexes over the orders' own emails and names (1,000,000 rows that repeat
 * 100,000 customers) took 4.3 ms for one email: the common trigrams of a name have long lists.
 * `order_customer_names` keeps every email and name an order has been placed under, once, behind a
 * trigram index (0.4 ms for the same email); a search finds those first, then their orders by
 * B-tree (`orders_by_user_email`, `orders_by_user_name`). The orders' trigram indexes are dropped:
 * no query uses them any more, and every reservation updated both.
 *
 * Triggers keep the table complete whoever writes: orders inserted (one statement-level insert
 * per batch of reservations), or rewritten with another email or name. Entries are never removed:
 * an email no order has any more finds nothing. `check:invariants` reports a missing one (a write
 * with the triggers off), `SELECT rebuild_order_customer_names()` adds it.
 */
export class OrderCustomerNames1764660000000 implements MigrationInterface {
  name = "OrderCustomerNames1764660000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`CREATE TABLE order_customer_names (name text PRIMARY KEY)`);
    await db.query(`
      CREATE FUNCTION rebuild_order_customer_names() RETURNS void LANGUAGE sql VOLATILE AS $$
        INSERT INTO order_customer_names (name)
        SELECT user_email FROM orders UNION SELECT user_name FROM orders WHERE user_name IS NOT NULL
        ON CONFLICT DO NOTHING
      $$`);
    await db.query(`SELECT rebuild_order_customer_names()`);
    await db.query(`CREATE INDEX order_customer_names_trigrams ON order_customer_names USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX orders_by_user_email ON orders (user_email)`);
    await db.query(`CREATE INDEX orders_by_user_name ON orders (user_name)`);

    await db.query(`
      CREATE FUNCTION remember_ordering_customers() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO order_customer_names (name)
        SELECT user_email FROM ordered UNION SELECT user_name FROM ordered WHERE user_name IS NOT NULL
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE TRIGGER orders_remember_customers AFTER INSERT ON orders REFERENCING NEW TABLE AS ordered
       FOR EACH STATEMENT EXECUTE FUNCTION remember_ordering_customers()`,
    );
    await db.query(`
      CREATE FUNCTION remember_changed_ordering_customer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO order_customer_names (name)
        SELECT name FROM (VALUES (NEW.user_email), (NEW.user_name)) AS given (name) WHERE name IS NOT NULL
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    // Transition tables cannot go with a column list; the shop never rewrites these columns.
    await db.query(
      `CREATE TRIGGER orders_remember_changed_customer AFTER UPDATE OF user_email, user_name ON orders
       FOR EACH ROW EXECUTE FUNCTION remember_changed_ordering_customer()`,
    );
    await db.query(`DROP INDEX IF EXISTS orders_user_email_trigrams`);
    await db.query(`DROP INDEX IF EXISTS orders_user_name_trigrams`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX IF NOT EXISTS orders_user_email_trigrams ON orders USING gin (user_email gin_trgm_ops)`,
    );
    await db.query(`CREATE INDEX IF NOT EXISTS orders_user_name_trigrams ON orders USING gin (user_name gin_trgm_ops)`);
    await db.query(`DROP TRIGGER IF EXISTS orders_remember_changed_customer ON orders`);
    await db.query(`DROP TRIGGER IF EXISTS orders_remember_customers ON orders`);
    await db.query(`DROP FUNCTION IF EXISTS remember_changed_ordering_customer()`);
    await db.query(`DROP FUNCTION IF EXISTS remember_ordering_customers()`);
    await db.query(`DROP FUNCTION IF EXISTS rebuild_order_customer_names()`);
    await db.query(`DROP INDEX IF EXISTS orders_by_user_name`);
    await db.query(`DROP INDEX IF EXISTS orders_by_user_email`);
    await db.query(`DROP TABLE IF EXISTS order_customer_names`);
  }
}
