import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A change to an address book sends NOTIFY accounts_changed at commit, as orders, profiles and
 * carts do: each server process drops its cached answers to the customer's signed-in reads
 * (`viewer`, whose addresses would otherwise be replayed as they were).
 */
export class AddressesNotify1765000000100 implements MigrationInterface {
  name = "AddressesNotify1765000000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TRIGGER addresses_notify_accounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON addresses
       FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS addresses_notify_accounts_changed ON addresses`);
  }
}
