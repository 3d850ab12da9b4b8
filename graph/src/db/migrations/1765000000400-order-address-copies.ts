import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * An order placed with a structured address keeps it on one line in its address copy (for the
 * lists and the spec's order shape) and its phone in the phone copy: an address's one line can be
 * up to 560 characters and its phone 21 (a + and 20 digits), so both copies are widened on the
 * header and the lines. Widening a varchar rewrites nothing.
 */
export class OrderAddressCopies1765000000400 implements MigrationInterface {
  name = "OrderAddressCopies1765000000400";

  async up(db: QueryRunner): Promise<void> {
    for (const table of ["orders", "checkouts"])
      await db.query(
        `ALTER TABLE ${table} ALTER COLUMN address TYPE varchar(600), ALTER COLUMN phone TYPE varchar(21)`,
      );
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ["orders", "checkouts"])
      await db.query(
        `ALTER TABLE ${table} ALTER COLUMN address TYPE varchar(300) USING left(address, 300), ALTER COLUMN phone TYPE varchar(20) USING left(phone, 20)`,
      );
  }
}
