import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * `parts.laptop_brands`: the brands (lower case) of the laptops a part fits, kept by the triggers
 * that keep its search document (migration 1764510000000) when its laptops change or a laptop is
 * renamed, behind a GIN index. A search or list for one brand checks the part's own row instead of
 * looking up its laptops: at the scale seed, the parts of a search for HP webcams with the brand
 * Lenovo took 1,250 parts × 3 laptops of lookups, 15.7 ms, and 5.7 ms read from the rows.
 */
/** Every part that fits a laptop, with the brands of its laptops (`part_id`, `brands`), in one aggregate. */
const LAPTOP_BRANDS_OF_PARTS = `SELECT c.part_id, array_agg(DISTINCT lower(m.brand) ORDER BY lower(m.brand)) AS brands
  FROM part_compatibility c JOIN laptop_models m ON m.id = c.laptop_model_id GROUP BY c.part_id`;

export class PartLaptopBrands1764740000000 implements MigrationInterface {
  name = "PartLaptopBrands1764740000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION part_laptop_brands(part uuid) RETURNS text[]
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(DISTINCT lower(m.brand) ORDER BY lower(m.brand)), '{}')
        FROM part_compatibility c JOIN laptop_models m ON m.id = c.laptop_model_id
        WHERE c.part_id = part
      $$`);
    await db.query(`ALTER TABLE parts ADD COLUMN laptop_brands text[] NOT NULL DEFAULT '{}'`);
    // One aggregate for every part (part_laptop_brands per part would plan a join for each).
    await db.query(
      `UPDATE parts p SET laptop_brands = fit.brands FROM (${LAPTOP_BRANDS_OF_PARTS}) fit WHERE fit.part_id = p.id`,
    );
    await db.query(`CREATE INDEX parts_by_laptop_brand ON parts USING gin (laptop_brands)`);
    await db.query(partCompatibilityTrigger(setFromLaptops(BRANDS_FROM_LAPTOPS)));
    await db.query(laptopModelsTrigger(setFromLaptops(BRANDS_FROM_LAPTOPS)));
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(partCompatibilityTrigger(setFromLaptops()));
    await db.query(laptopModelsTrigger(setFromLaptops()));
    await db.query(`DROP INDEX IF EXISTS parts_by_laptop_brand`);
    await db.query(`ALTER TABLE parts DROP COLUMN IF EXISTS laptop_brands`);
    await db.query(`DROP FUNCTION IF EXISTS part_laptop_brands(uuid)`);
  }
}

/** This migration's column in a SET list of what a part's laptops decide. */
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
