import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * What a shop that takes money needs to trust its accounts, its stock and its payments.
 *
 * Users: an account is its Firebase uid (unique); whether the identity provider verified the
 * email; where an admin role came from (ADMIN_EMAILS or an admin's promotion), so that an address
 * taken out of ADMIN_EMAILS stops granting it. Admins that exist already count as promoted, as does
 * an admin made outside the shop (psql): an upgrade never takes a role away by itself. Of several rows that an email change left with the
 * same uid, the most recently signed-in keeps it.
 *
 * Access tokens revoked at sign-out, until they would have expired; a revocation announces the
 * user's change like any other (users_changed), so every process forgets the cached caller.
 *
 * Orders: an unpaid order holds its units until `hold_expires_at` (existing holds get a full hold
 * from now: an upgrade does not expire them on the spot); why an order was cancelled; refunds
 * (status `refunded`: the units went back); what the payment provider said of failed attempts and
 * disputes. A refunded order keeps its transaction and payment time.
 */
export class IdentityHoldsRefunds1764800000000 implements MigrationInterface {
  name = "IdentityHoldsRefunds1764800000000";

  async up(db: QueryRunner): Promise<void> {
    // Each statement takes its table's lock for a moment only: columns without a rewrite,
    // constraints NOT VALID (checked by the next migration, which does not block writes), and
    // the indexes on big tables built concurrently by the next migration too.
    await db.query(`ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT false`);
    await db.query(`ALTER TABLE users ADD COLUMN admin_source varchar(16)`);
    await db.query(
      `ALTER TABLE users ADD CONSTRAINT users_admin_source_known CHECK (admin_source IN ('config', 'promotion')) NOT VALID`,
    );
    await db.query(`UPDATE users SET admin_source = 'promotion' WHERE role = 'admin'`);
    await db.query(`
      UPDATE users u SET firebase_uid = NULL
      FROM (SELECT id, row_number() OVER (PARTITION BY firebase_uid ORDER BY updated_at DESC, seq DESC) AS rank
            FROM users WHERE firebase_uid IS NOT NULL) ranked
      WHERE ranked.id = u.id AND ranked.rank > 1`);

    await db.query(`
      CREATE TABLE revoked_access_tokens (
        token_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX revoked_access_tokens_by_user ON revoked_access_tokens (user_id, expires_at)`);
    await db.query(`CREATE INDEX revoked_access_tokens_by_expiry ON revoked_access_tokens (expires_at)`);
    await db.query(`
      CREATE FUNCTION notify_token_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('users_changed', NEW.user_id::text);
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER revoked_access_tokens_notify AFTER INSERT ON revoked_access_tokens
       FOR EACH ROW EXECUTE FUNCTION notify_token_revoked()`,
    );

    await db.query(`ALTER TABLE orders ADD COLUMN hold_expires_at timestamptz`);
    // The shop sets each hold's end (ORDER_HOLD_MINUTES); an order written outside it holds an hour.
    await db.query(`ALTER TABLE orders ALTER COLUMN hold_expires_at SET DEFAULT now() + interval '1 hour'`);
    await db.query(`UPDATE orders SET hold_expires_at = now() + interval '1 hour' WHERE status = 'unpaid'`);
    await db.query(`ALTER TABLE orders ADD COLUMN cancel_reason varchar(16)`);
    await db.query(`ALTER TABLE orders ADD COLUMN refunded_at timestamptz`);
    await db.query(`ALTER TABLE orders ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE orders ADD COLUMN payment_error varchar(500)`);
    await db.query(`ALTER TABLE orders ADD COLUMN dispute_status varchar(32)`);
    const checks: Array<[string, string]> = [
      ["orders_unpaid_hold_ends", "status <> 'unpaid' OR hold_expires_at IS NOT NULL"],
      ["orders_cancel_reason_known", "cancel_reason IN ('customer', 'admin', 'hold_expired')"],
      ["orders_refund_within_total", "refunded_cents >= 0 AND refunded_cents <= total_cents"],
    ];
    for (const [name, check] of checks)
      await db.query(`ALTER TABLE orders ADD CONSTRAINT ${name} CHECK (${check}) NOT VALID`);
    await this.replaceStatusChecks(db);
  }

  /** The first schema's checks on status name only unpaid, paid and cancelled: refunded joins them. */
  private async replaceStatusChecks(db: QueryRunner): Promise<void> {
    const checks: Array<{ conname: string }> = await db.query(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'orders'::regclass AND contype = 'c'
         AND (pg_get_constraintdef(oid) LIKE '%''cancelled''%' OR pg_get_constraintdef(oid) LIKE '%transaction_id IS NOT NULL%')`,
    );
    for (const { conname } of checks) await db.query(`ALTER TABLE orders DROP CONSTRAINT "${conname}"`);
    await db.query(
      `ALTER TABLE orders ADD CONSTRAINT orders_status_known CHECK (status IN ('unpaid', 'paid', 'cancelled', 'refunded')) NOT VALID`,
    );
    await db.query(
      `ALTER TABLE orders ADD CONSTRAINT orders_paid_has_payment
       CHECK ((status IN ('paid', 'refunded')) = (transaction_id IS NOT NULL AND paid_at IS NOT NULL)) NOT VALID`,
    );
    await db.query(
      `ALTER TABLE orders ADD CONSTRAINT orders_refunded_has_time CHECK ((status = 'refunded') = (refunded_at IS NOT NULL)) NOT VALID`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS revoked_access_tokens`);
    await db.query(`DROP FUNCTION IF EXISTS notify_token_revoked()`);
  }
}
