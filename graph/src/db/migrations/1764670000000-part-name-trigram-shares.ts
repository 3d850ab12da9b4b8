import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Statistics of the trigrams of part names (docs/performance.md), for the admins' order search by part name.
 *
 * pg_trgm's GIN index reads the posting list of every trigram of a search; a whole part name has
 * about 35, most of them shared by most names. With the share of names that have each trigram
 * (`most_common_elems` of this expression, in `pg_stats_ext_exprs`), the search looks names up by
 * its rarest words and checks the whole text on those (`domain/trigram-windows.ts`). ANALYZE keeps
 * the statistics as it keeps the table's: autovacuum's, or the scale seed's. They only choose how
 * names are looked up: without them, or stale, a search finds the same names.
 */
export class PartNameTrigramShares1764670000000 implements MigrationInterface {
  name = "PartNameTrigramShares1764670000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE STATISTICS part_names_trigram_shares ON (show_trgm(name)) FROM part_names`);
    await db.query(`ANALYZE part_names`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP STATISTICS IF EXISTS part_names_trigram_shares`);
  }
}
