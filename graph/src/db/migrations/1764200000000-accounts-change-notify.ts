import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Every change to orders or profiles sends NOTIFY accounts_changed at commit, whoever writes:
 * each server process drops its cached answers to signed-in reads (a customer's orders and
 * profile), as catalogue_changed and users_changed do for the rest of what those answers show.
 * One notification per statement; PostgreSQL folds identical ones within a transaction.
 */
export class AccountsChangeNotify1764200000000 implements MigrationInterface {
  name = "AccountsChangeNotify1764200000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION notify_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('accounts_changed', TG_TABLE_NAME);
        RETURN NULL;
      END
      $$`);
    for (const table of ["orders", "profiles"]) {
      await db.query(
        `CREATE TRIGGER ${table}_notify_accounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed()`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ["orders", "profiles"])
      await db.query(`DROP TRIGGER IF EXISTS ${table}_notify_accounts_changed ON ${table}`);
    await db.query(`DROP FUNCTION IF EXISTS notify_accounts_changed()`);
  }
}
