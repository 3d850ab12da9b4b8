import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Bulk imports of parts in the history (docs/product.md#beyond-the-spec, Import and export in the dashboard). An applied import is one entry (entity_type
 * 'import', its id the import's), and each part it created or changed is an entry of its own that
 * names the import (import_id): a part's history shows what an import did to it, and the history's
 * list shows the import once, its lines behind it. The list therefore walks the entries that belong
 * to no import, by index.
 */
export class PartImports1764910000000 implements MigrationInterface {
  name = "PartImports1764910000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE audit_log ADD COLUMN import_id uuid`);
    await db.query(`ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_type_check`);
    await db.query(
      `ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_type_check CHECK (entity_type IN ('part', 'product', 'user', 'order', 'import'))`,
    );
    await db.query(`CREATE INDEX audit_log_listed ON audit_log (seq) WHERE import_id IS NULL`);
    await db.query(`CREATE INDEX audit_log_listed_by_type ON audit_log (entity_type, seq) WHERE import_id IS NULL`);
    await db.query(`CREATE INDEX audit_log_by_import ON audit_log (import_id, seq) WHERE import_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS audit_log_by_import`);
    await db.query(`DROP INDEX IF EXISTS audit_log_listed_by_type`);
    await db.query(`DROP INDEX IF EXISTS audit_log_listed`);
    await db.query(`ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_type_check`);
    await db.query(
      `ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_type_check CHECK (entity_type IN ('part', 'product', 'user', 'order'))`,
    );
    await db.query(`ALTER TABLE audit_log DROP COLUMN IF EXISTS import_id`);
  }
}
