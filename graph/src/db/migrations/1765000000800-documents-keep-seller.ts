import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Invoices and credit notes keep a copy of the seller as it was when they were issued: an issued
 * document never changes, even when the shop's address or tax number is reconfigured later.
 * Documents issued before this copy existed have none, and print the configured seller.
 */
export class DocumentsKeepSeller1765000000800 implements MigrationInterface {
  name = "DocumentsKeepSeller1765000000800";

  async up(db: QueryRunner): Promise<void> {
    for (const table of ["invoices", "credit_notes"]) await db.query(`ALTER TABLE ${table} ADD COLUMN seller jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ["credit_notes", "invoices"])
      await db.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS seller`);
  }
}
