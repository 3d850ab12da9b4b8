import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The mail outbox (docs/operations.md#email): each email the shop owes a customer is a row written in the
 * transaction of the change it reports (an order placed, paid, cancelled, refunded, a hold ending),
 * already rendered, so that it exists exactly when the change does. Any shop process sends the
 * rows that are due (next_attempt_at), each taken with FOR UPDATE SKIP LOCKED, and marks it sent
 * in that same transaction; a failure pushes next_attempt_at back and counts the attempt, and past
 * the last attempt the row is given up (failed_at). `once_key` makes an email that a job may find
 * twice (a hold's warning) be written once.
 */
export class EmailOutbox1764920000000 implements MigrationInterface {
  name = "EmailOutbox1764920000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE email_outbox (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind varchar(32) NOT NULL CHECK (kind IN ('order_placed', 'payment_received', 'hold_ending', 'hold_ended', 'order_cancelled', 'order_refunded')),
        recipient varchar(254) NOT NULL,
        subject varchar(300) NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        once_key varchar(100) UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error varchar(500),
        sent_at timestamptz,
        failed_at timestamptz
      )`);
    await db.query(
      `CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS email_outbox`);
  }
}
