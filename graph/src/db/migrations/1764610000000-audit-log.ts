import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The history of admin changes (parts, products, roles, order cancellations): who, when, what,
 * and the record before and after as JSON (json, not jsonb: it keeps the fields in the order the
 * record lists them). Written in the same transaction as the change it
 * describes, so a change without its entry (or an entry without its change) cannot exist.
 *
 * Append-only: a trigger refuses UPDATE and DELETE, so nobody rewrites the history through the
 * shop (TRUNCATE, an operator's decision, stays possible). The actor is kept by id and email
 * without a foreign key: the entry outlives the account. No NOTIFY: no cached answer shows it
 * (the history query is never cached).
 */
export class AuditLog1764610000000 implements MigrationInterface {
  name = "AuditLog1764610000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id uuid NOT NULL,
        actor_email varchar(254) NOT NULL,
        action varchar(40) NOT NULL,
        entity_type varchar(20) NOT NULL CHECK (entity_type IN ('part', 'product', 'user', 'order')),
        entity_id uuid NOT NULL,
        before json,
        after json,
        CHECK (before IS NOT NULL OR after IS NOT NULL)
      )`);
    await db.query(`CREATE INDEX audit_log_by_entity ON audit_log (entity_type, entity_id, seq)`);
    await db.query(`CREATE INDEX audit_log_by_type ON audit_log (entity_type, seq)`);
    await db.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only';
      END
      $$`);
    await db.query(
      `CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
       FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS audit_log`);
    await db.query(`DROP FUNCTION IF EXISTS audit_log_append_only()`);
  }
}
