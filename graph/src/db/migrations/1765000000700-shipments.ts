import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Fulfilment (docs/product.md, "Fulfilment"): a shipment is a parcel of some of an order's lines,
 * with its carrier and tracking number, later marked delivered. Each line keeps how many of its
 * units have shipped (`orders.shipped_quantity`), written by the fulfilment service under the
 * order's lock beside the shipment's lines, and the database refuses more than the line's quantity
 * whatever writes it. The To-ship queue reads paid lines with something left to ship, oldest
 * payment first, from a partial index of exactly those lines. Shipments announce their changes as
 * orders do (accounts_changed), so an order's cached answers end when it ships. The outbox takes
 * the shipping email (order_shipped).
 */
/** The outbox's kinds before shipping emails. */
const KINDS = ["order_placed", "payment_received", "hold_ending", "hold_ended", "order_cancelled", "order_refunded"];
const quoted = (kinds: string[]) => kinds.map((kind) => `'${kind}'`).join(", ");

export class Shipments1765000000700 implements MigrationInterface {
  name = "Shipments1765000000700";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders ADD COLUMN shipped_quantity integer NOT NULL DEFAULT 0`);
    await db.query(
      `ALTER TABLE orders ADD CONSTRAINT orders_shipped_within_quantity CHECK (shipped_quantity >= 0 AND shipped_quantity <= quantity)`,
    );
    await db.query(`
      CREATE TABLE shipments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        checkout_id uuid NOT NULL REFERENCES checkouts(id) ON DELETE RESTRICT,
        carrier varchar(32) NOT NULL,
        tracking_number varchar(40) NOT NULL,
        shipped_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        created_by uuid NOT NULL,
        CONSTRAINT shipments_tracking_number_form CHECK (tracking_number ~ '^[A-Z0-9-]{5,40}$'),
        CONSTRAINT shipments_delivered_after_shipped CHECK (delivered_at IS NULL OR delivered_at >= shipped_at)
      )`);
    await db.query(`CREATE INDEX shipments_by_header ON shipments (checkout_id, seq)`);
    await db.query(`
      CREATE TABLE shipment_lines (
        shipment_id uuid NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE RESTRICT,
        quantity integer NOT NULL CHECK (quantity > 0),
        PRIMARY KEY (shipment_id, order_id)
      )`);
    await db.query(`CREATE INDEX shipment_lines_by_order ON shipment_lines (order_id)`);
    // The To-ship queue: paid lines with units left to ship, oldest payment first.
    await db.query(
      `CREATE INDEX orders_to_ship ON orders (paid_at, checkout_id) WHERE status = 'paid' AND shipped_quantity < quantity`,
    );
    await db.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await db.query(
      `ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (${quoted([...KINDS, "order_shipped"])}))`,
    );
    for (const table of ["shipments", "shipment_lines"])
      await db.query(
        `CREATE TRIGGER ${table}_notify_accounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed()`,
      );
  }

  async down(db: QueryRunner): Promise<void> {
    // The outbox keeps what it sent: only new rows are held to the earlier list.
    await db.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await db.query(
      `ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (${quoted(KINDS)})) NOT VALID`,
    );
    await db.query(`DROP TABLE IF EXISTS shipment_lines`);
    await db.query(`DROP TABLE IF EXISTS shipments`);
    await db.query(`DROP INDEX IF EXISTS orders_to_ship`);
    await db.query(`ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_shipped_within_quantity`);
    await db.query(`ALTER TABLE orders DROP COLUMN IF EXISTS shipped_quantity`);
  }
}
