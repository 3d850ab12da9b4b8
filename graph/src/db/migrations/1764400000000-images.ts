import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Uploaded images live in the database by default, so every shop process on it serves every
 * image. Content-addressed: the name is the start of the bytes' SHA-256, so a row never changes.
 */
export class Images1764400000000 implements MigrationInterface {
  name = "Images1764400000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE images (
        name varchar(40) PRIMARY KEY,
        mime varchar(32) NOT NULL,
        size integer NOT NULL CHECK (size > 0),
        bytes bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS images`);
  }
}
