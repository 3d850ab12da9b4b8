import { MigrationInterface, QueryRunner } from "typeorm";

/** Rate-limit windows shared by every server process; unlogged: counts need no crash safety. */
export class SharedRateLimits1764000000000 implements MigrationInterface {
  name = "SharedRateLimits1764000000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE UNLOGGED TABLE rate_limit_windows (
        bucket varchar(48) NOT NULL,
        client varchar(100) NOT NULL,
        window_start timestamptz NOT NULL,
        count integer NOT NULL,
        refused boolean NOT NULL,
        PRIMARY KEY (bucket, client)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS rate_limit_windows`);
  }
}
