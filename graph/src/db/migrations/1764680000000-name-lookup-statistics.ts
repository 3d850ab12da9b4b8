import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Lighter statistics for the names the admins' order search looks up (docs/performance.md).
 *
 * The search's first statement matches `part_names.name` and `order_customer_names.name` with
 * ILIKE '%…%' up to four times. PostgreSQL estimates such a pattern by running it on every value
 * of the column's histogram (101 at the default target), and that was half the statement's
 * planning: 1.0–1.2 ms, against 3.4 ms to run it, at the scale seed. With 10, it estimates
 * them by the pattern's length instead: planning 0.5 ms, the same plan (the trigram indexes are
 * the only way in). The trigram shares of part names (1764670000000) keep the default target:
 * they choose which words look names up.
 */
export class NameLookupStatistics1764680000000 implements MigrationInterface {
  name = "NameLookupStatistics1764680000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE part_names ALTER COLUMN name SET STATISTICS 10`);
    await db.query(`ALTER TABLE order_customer_names ALTER COLUMN name SET STATISTICS 10`);
    await db.query(`ALTER STATISTICS part_names_trigram_shares SET STATISTICS 100`);
    await db.query(`ANALYZE part_names`);
    await db.query(`ANALYZE order_customer_names`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER STATISTICS part_names_trigram_shares SET STATISTICS -1`);
    await db.query(`ALTER TABLE order_customer_names ALTER COLUMN name SET STATISTICS -1`);
    await db.query(`ALTER TABLE part_names ALTER COLUMN name SET STATISTICS -1`);
  }
}
