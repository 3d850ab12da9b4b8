import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Shipping and tax zones in the history (docs/product.md, "Beyond the spec": Shipping and Tax):
 * an admin's change of a zone, of a shipping zone's methods and their bands, or of a tax zone's
 * rates is an entry whose record is the zone ('shipping_zone', 'tax_zone').
 */
export class ZonesInHistory1765000000300 implements MigrationInterface {
  name = "ZonesInHistory1765000000300";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_type_check`);
    await db.query(
      `ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_type_check
       CHECK (entity_type IN ('part', 'product', 'user', 'order', 'import', 'shipping_zone', 'tax_zone'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    // The history is append-only: entries about zones stay, and only new ones are held to the old list.
    await db.query(`ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_type_check`);
    await db.query(
      `ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_type_check CHECK (entity_type IN ('part', 'product', 'user', 'order', 'import')) NOT VALID`,
    );
  }
}
