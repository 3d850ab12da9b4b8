import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Rate limits are counted by rate-limiter-flexible now, in the table shape its PostgreSQL store
 * uses (created here so the shop never runs DDL at request time). Unlogged: counts need no crash
 * safety. The hand-written counter's table goes.
 */
export class RateLimiterFlexible1764300000000 implements MigrationInterface {
  name = "RateLimiterFlexible1764300000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE UNLOGGED TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
    await db.query(`DROP TABLE IF EXISTS rate_limit_windows`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS rate_limits`);
  }
}
