import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Every update or deletion of a user sends NOTIFY users_changed with the user's id when its
 * transaction commits, whoever writes (another server process, psql): each process drops that
 * caller from its cache of signed-in callers (UserService.authenticate), so a role change
 * applies to the very next request everywhere. TRUNCATE sends an empty payload: drop everyone.
 * Inserts need nothing: only existing users are cached.
 */
export class UsersChangeNotify1764100000000 implements MigrationInterface {
  name = "UsersChangeNotify1764100000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION notify_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('users_changed', '');
        ELSE
          PERFORM pg_notify('users_changed', OLD.id::text);
        END IF;
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER users_notify_changed AFTER UPDATE OR DELETE ON users
       FOR EACH ROW EXECUTE FUNCTION notify_users_changed()`,
    );
    await db.query(
      `CREATE TRIGGER users_notify_truncated AFTER TRUNCATE ON users
       FOR EACH STATEMENT EXECUTE FUNCTION notify_users_changed()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS users_notify_truncated ON users`);
    await db.query(`DROP TRIGGER IF EXISTS users_notify_changed ON users`);
    await db.query(`DROP FUNCTION IF EXISTS notify_users_changed()`);
  }
}
