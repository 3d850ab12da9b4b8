import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The admins' order search finds "Zoë" when they type "zoe" (docs/product.md#beyond-the-spec, Manage All Orders).
 *
 * `fold_text` is text as the search compares it: accents taken off (the `unaccent` extension's
 * rules: "ë" is "e", "Æ" is "AE") and lower-cased. unaccent() itself is only STABLE (its rules are
 * a file that could change), so it cannot back a generated column or an index; fold_text names
 * its dictionary and is declared IMMUTABLE, the usual way to index it: the rules are the
 * extension's, and a change of them would need a REINDEX like a change of collation.
 *
 * The names the search looks up are kept folded: `order_customer_names.folded` (new, its trigram
 * index replacing the one on `name`) and `part_names.folded` (lower-case until now). A search
 * folds its pattern the same way, so "zoe" finds "Zoë" and "ZOË", and "Zoë" finds "Zoe".
 */
export class FoldedOrderSearch1764860000000 implements MigrationInterface {
  name = "FoldedOrderSearch1764860000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await db.query(`
      CREATE FUNCTION fold_text(input text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      RETURN lower(public.unaccent('public.unaccent'::regdictionary, input))`);

    await db.query(
      `ALTER TABLE order_customer_names ADD COLUMN folded text GENERATED ALWAYS AS (fold_text(name)) STORED NOT NULL`,
    );
    await db.query(`ALTER TABLE order_customer_names ALTER COLUMN folded SET STATISTICS 10`);
    await db.query(
      `CREATE INDEX order_customer_names_folded_trigrams ON order_customer_names USING gin (folded gin_trgm_ops)`,
    );
    await db.query(`DROP INDEX order_customer_names_trigrams`);

    await db.query(`DROP INDEX part_names_folded_trigrams`);
    await db.query(`ALTER TABLE part_names DROP COLUMN folded`);
    await db.query(
      `ALTER TABLE part_names ADD COLUMN folded text GENERATED ALWAYS AS (fold_text(name)) STORED NOT NULL`,
    );
    await db.query(`ALTER TABLE part_names ALTER COLUMN folded SET STATISTICS 10`);
    await db.query(`CREATE INDEX part_names_folded_trigrams ON part_names USING gin (folded gin_trgm_ops)`);
    await db.query(`ANALYZE part_names`);
    await db.query(`ANALYZE order_customer_names`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX part_names_folded_trigrams`);
    await db.query(`ALTER TABLE part_names DROP COLUMN folded`);
    await db.query(`ALTER TABLE part_names ADD COLUMN folded text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL`);
    await db.query(`CREATE INDEX part_names_folded_trigrams ON part_names USING gin (folded gin_trgm_ops)`);
    await db.query(`CREATE INDEX order_customer_names_trigrams ON order_customer_names USING gin (name gin_trgm_ops)`);
    await db.query(`DROP INDEX order_customer_names_folded_trigrams`);
    await db.query(`ALTER TABLE order_customer_names DROP COLUMN folded`);
    await db.query(`DROP FUNCTION fold_text(text)`);
  }
}
