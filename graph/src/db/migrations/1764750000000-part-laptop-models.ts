import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * `parts.laptop_models`: the laptops a part fits, each as a model alone (`chr(31)` and its name)
 * and as brand and model (the brand, `chr(31)`, the name), lower case; kept by the triggers that
 * keep its brands (migration 1764740000000). The shop refuses control characters in any text it is
 * given, so no brand, model or filter holds `chr(31)`: the two forms cannot be confused. A filter
 * for a model (with or without its brand) checks the part's row instead of looking its laptops up
 * part by part: at the scale seed (statements alone, alternated), 40 filters for a model in stock
 * (20 models, two orders, with and without the brand) 172 → 76 ms, each 0.39–0.51 of before.
 *
 * One GIN index over the search document, the brands and the models replaces the two before it
 * (parts_search, migration 1764510000000; parts_by_laptop_brand, 1764740000000): a search with a
 * brand or model finds its parts in one scan of it, which checks the laptops only on the parts the
 * words found, where two indexes made a bitmap of every part of the brand (25,000 Lenovo parts at
 * the scale seed, 1.8–2.7 ms) to AND with the words'. Of 198 searches with a brand at the scale
 * seed (statements alone, alternated), the 185 under 30 ms took 1.00 → 0.66 s (each 0.32–1.17 of
 * before, median 0.65); the other 13, a broad word with a brand its parts do not fit, walk an
 * order's index either way (1.28 and 1.31 s). A search or a brand alone is found as fast through
 * it (274 against 275 ms over 102 such).
 */
/** Every part that fits a laptop, with its laptops as `parts.laptop_models` holds them (`part_id`, `models`), in one aggregate. */
const LAPTOP_MODELS_OF_PARTS = `SELECT c.part_id, array_agg(DISTINCT entry ORDER BY entry) AS models
  FROM part_compatibility c JOIN laptop_models m ON m.id = c.laptop_model_id,
       LATERAL (VALUES (chr(31) || lower(m.model)), (lower(m.brand) || chr(31) || lower(m.model))) AS entries (entry)
  GROUP BY c.part_id`;

const MODELS_FROM_LAPTOPS = "laptop_models = part_laptop_models(id)";

export class PartLaptopModels1764750000000 implements MigrationInterface {
  name = "PartLaptopModels1764750000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION part_laptop_models(part uuid) RETURNS text[]
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(DISTINCT entry ORDER BY entry), '{}')
        FROM part_compatibility c JOIN laptop_models m ON m.id = c.laptop_model_id,
             LATERAL (VALUES (chr(31) || lower(m.model)), (lower(m.brand) || chr(31) || lower(m.model))) AS entries (entry)
        WHERE c.part_id = part
      $$`);
    await db.query(`ALTER TABLE parts ADD COLUMN laptop_models text[] NOT NULL DEFAULT '{}'`);
    await db.query(
      `UPDATE parts p SET laptop_models = fit.models FROM (${LAPTOP_MODELS_OF_PARTS}) fit WHERE fit.part_id = p.id`,
    );
    await db.query(
      `CREATE INDEX parts_search_and_laptops ON parts USING gin (search_document, laptop_brands, laptop_models)`,
    );
    await db.query(`DROP INDEX parts_search`);
    await db.query(`DROP INDEX parts_by_laptop_brand`);
    await db.query(partCompatibilityTrigger(setFromLaptops(BRANDS_FROM_LAPTOPS, MODELS_FROM_LAPTOPS)));
    await db.query(laptopModelsTrigger(setFromLaptops(BRANDS_FROM_LAPTOPS, MODELS_FROM_LAPTOPS)));
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(partCompatibilityTrigger(setFromLaptops(BRANDS_FROM_LAPTOPS)));
    await db.query(laptopModelsTrigger(setFromLaptops(BRANDS_FROM_LAPTOPS)));
    await db.query(`CREATE INDEX parts_search ON parts USING gin (search_document)`);
    await db.query(`CREATE INDEX parts_by_laptop_brand ON parts USING gin (laptop_brands)`);
    await db.query(`DROP INDEX IF EXISTS parts_search_and_laptops`);
    await db.query(`ALTER TABLE parts DROP COLUMN IF EXISTS laptop_models`);
    await db.query(`DROP FUNCTION IF EXISTS part_laptop_models(uuid)`);
  }
}

/** Migration 1764740000000's column in a SET list of what a part's laptops decide. */
const BRANDS_FROM_LAPTOPS = "laptop_brands = part_laptop_brands(id)";

/** What a part's laptops decide, as a SET list: its search document, and the `columns` given. */
const setFromLaptops = (...columns: string[]) =>
  ["search_document = part_search_document(name, part_models_text(id), short_desc)", ...columns].join(", ");

/** Migration 1764510000000's statement trigger function on part_compatibility, setting `set` on the parts whose laptops changed. */
const partCompatibilityTrigger = (set: string) => `
      CREATE OR REPLACE FUNCTION part_compatibility_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE parts SET ${set}
        WHERE id IN (SELECT part_id FROM changed);
        RETURN NULL;
      END
      $$`;

/** Migration 1764510000000's row trigger function on laptop_models (a renamed laptop), setting `set` on the parts that fit it. */
const laptopModelsTrigger = (set: string) => `
      CREATE OR REPLACE FUNCTION laptop_models_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM search_words_add(NEW.brand || ' ' || NEW.model);
        IF TG_OP = 'UPDATE' THEN
          UPDATE parts SET ${set}
          WHERE id IN (SELECT part_id FROM part_compatibility WHERE laptop_model_id = NEW.id);
        END IF;
        RETURN NULL;
      END
      $$`;
