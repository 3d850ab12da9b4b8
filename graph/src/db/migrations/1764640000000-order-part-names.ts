import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The admins' order search by part name, at a million orders (docs/performance.md).
 *
 * An order matches a search by part when the name it was ordered under, or its part's name now,
 * contains the text. Both are names its part has had, so `part_names` keeps every name each part
 * has had (its names now and then, and any name an order was written with), behind a trigram
 * index: a search finds the few parts first (100,000 rows), then their orders by `orders_by_part`.
 * The trigram index over the orders' own part names (1,000,000 rows that repeat a few thousand
 * names) answered the same question ten times slower, and cost every reservation an index
 * update: it is dropped.
 *
 * Triggers keep the table complete whoever writes: a part created or renamed, orders inserted
 * (one statement-level insert per batch of reservations) or rewritten with another part or name.
 */
export class OrderPartNames1764640000000 implements MigrationInterface {
  name = "OrderPartNames1764640000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`
      CREATE TABLE part_names (
        part_id uuid NOT NULL REFERENCES parts(id) ON DELETE CASCADE,
        name text NOT NULL,
        PRIMARY KEY (part_id, name)
      )`);
    await db.query(
      `INSERT INTO part_names (part_id, name) SELECT id, name FROM parts UNION SELECT part_id, part_name FROM orders`,
    );
    await db.query(`CREATE INDEX part_names_trigrams ON part_names USING gin (name gin_trgm_ops)`);

    await db.query(`
      CREATE FUNCTION remember_part_name() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO part_names (part_id, name) VALUES (NEW.id, NEW.name) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE TRIGGER parts_remember_name AFTER INSERT OR UPDATE OF name ON parts FOR EACH ROW EXECUTE FUNCTION remember_part_name()`,
    );

    await db.query(`
      CREATE FUNCTION remember_ordered_part_names() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO part_names (part_id, name) SELECT DISTINCT part_id, part_name FROM ordered ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE TRIGGER orders_remember_part_names AFTER INSERT ON orders REFERENCING NEW TABLE AS ordered
       FOR EACH STATEMENT EXECUTE FUNCTION remember_ordered_part_names()`,
    );
    await db.query(`
      CREATE FUNCTION remember_reordered_part_name() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO part_names (part_id, name) VALUES (NEW.part_id, NEW.part_name) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    // Transition tables cannot go with a column list; the shop never rewrites these columns.
    await db.query(
      `CREATE TRIGGER orders_remember_changed_part_name AFTER UPDATE OF part_id, part_name ON orders
       FOR EACH ROW EXECUTE FUNCTION remember_reordered_part_name()`,
    );
    await db.query(`DROP INDEX IF EXISTS orders_part_name_trigrams`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX IF NOT EXISTS orders_part_name_trigrams ON orders USING gin (part_name gin_trgm_ops)`);
    await db.query(`DROP TRIGGER IF EXISTS orders_remember_changed_part_name ON orders`);
    await db.query(`DROP TRIGGER IF EXISTS orders_remember_part_names ON orders`);
    await db.query(`DROP TRIGGER IF EXISTS parts_remember_name ON parts`);
    await db.query(`DROP FUNCTION IF EXISTS remember_reordered_part_name()`);
    await db.query(`DROP FUNCTION IF EXISTS remember_ordered_part_names()`);
    await db.query(`DROP FUNCTION IF EXISTS remember_part_name()`);
    await db.query(`DROP TABLE IF EXISTS part_names`);
  }
}
