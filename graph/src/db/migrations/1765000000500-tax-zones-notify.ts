import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A change to a tax zone or its places sends NOTIFY catalogue_changed at commit: the storefront's
 * prices (Part.shownPrice, priceDisplay) follow the zones, so each server process drops its
 * cached answers that show them.
 */
export class TaxZonesNotify1765000000500 implements MigrationInterface {
  name = "TaxZonesNotify1765000000500";

  async up(db: QueryRunner): Promise<void> {
    for (const table of ["tax_zones", "tax_zone_places"])
      await db.query(
        `CREATE TRIGGER ${table}_notify_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()`,
      );
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ["tax_zone_places", "tax_zones"])
      await db.query(`DROP TRIGGER IF EXISTS ${table}_notify_catalogue_changed ON ${table}`);
  }
}
