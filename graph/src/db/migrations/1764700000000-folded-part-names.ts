import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Part names looked up in lower case, by LIKE (docs/performance.md).
 *
 * The admins' order search finds names by a few trigram windows (trigram-windows.ts) and checks
 * each name found against them and the whole search. In a multibyte database ILIKE lower-cases
 * the name and the pattern on every call, then matches them as LIKE does: four calls a name, and
 * a search such as "Hinge kit for Microsoft Surface Laptop H" checks 1,250 names to keep 96 (12
 * ms of its 14 at the scale seed). `folded` is each name lower-cased once, when it is written;
 * LIKE over it with the search lower-cased finds exactly the names ILIKE finds, in 5.7 ms (over
 * the benchmark's 40 searches: 2.9 against 4.9 ms on average). The trigram index moves to it,
 * and its estimates are kept light as the name's were (1764680000000).
 */
export class FoldedPartNames1764700000000 implements MigrationInterface {
  name = "FoldedPartNames1764700000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE part_names ADD COLUMN folded text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL`);
    await db.query(`ALTER TABLE part_names ALTER COLUMN folded SET STATISTICS 10`);
    await db.query(`CREATE INDEX part_names_folded_trigrams ON part_names USING gin (folded gin_trgm_ops)`);
    await db.query(`DROP INDEX part_names_trigrams`);
    await db.query(`ANALYZE part_names`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX part_names_trigrams ON part_names USING gin (name gin_trgm_ops)`);
    await db.query(`ALTER TABLE part_names DROP COLUMN folded`);
  }
}
