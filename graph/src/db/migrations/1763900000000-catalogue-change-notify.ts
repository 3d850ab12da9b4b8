import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Every change to the catalogue tables (parts, including the stock every order moves; products;
 * reviews) sends NOTIFY catalogue_changed when its transaction commits, whoever writes: this
 * process, another server process on the same database, a migration or someone in psql. Each
 * server process LISTENs and drops its cached catalogue answers (src/cache/catalogue-cache.ts).
 * One notification per statement, and PostgreSQL folds identical ones within a transaction.
 */
export class CatalogueChangeNotify1763900000000 implements MigrationInterface {
  name = "CatalogueChangeNotify1763900000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
        RETURN NULL;
      END
      $$`);
    for (const table of ["parts", "products", "reviews"]) {
      await db.query(
        `CREATE TRIGGER ${table}_notify_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ["parts", "products", "reviews"])
      await db.query(`DROP TRIGGER IF EXISTS ${table}_notify_catalogue_changed ON ${table}`);
    await db.query(`DROP FUNCTION IF EXISTS notify_catalogue_changed()`);
  }
}
