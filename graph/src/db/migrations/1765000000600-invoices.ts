import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Invoices and credit notes (docs/product.md, "Invoices and credit notes"): documents numbered per
 * series and year with no gap. A number is taken from a counter row (`document_counters`) inside
 * the payment's or refund's transaction: the row stays locked until it commits, so two processes
 * never share a number, and a transaction rolled back gives its number back (a SEQUENCE would skip
 * it). The documents are copies, never changed once written; what SQL can say of them is checked
 * here: each adds up, and its lines add up to it at commit (a deferred constraint trigger), so a
 * half-written document cannot be committed. The outbox keeps a reference to the document an
 * email attaches (rendered when it is sent). Every order already paid gets its invoice, numbered
 * in payment order.
 */
export class Invoices1765000000600 implements MigrationInterface {
  name = "Invoices1765000000600";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE document_counters (
        series varchar(8) NOT NULL CONSTRAINT document_counters_series_known CHECK (series IN ('INV', 'CN')),
        year smallint NOT NULL CONSTRAINT document_counters_year_bounds CHECK (year BETWEEN 2000 AND 9999),
        last_number integer NOT NULL CONSTRAINT document_counters_positive CHECK (last_number > 0),
        PRIMARY KEY (series, year)
      )`);
    await db.query(`
      CREATE TABLE invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        number varchar(24) NOT NULL CONSTRAINT invoices_number_key UNIQUE,
        checkout_id uuid NOT NULL CONSTRAINT invoices_checkout_key UNIQUE REFERENCES checkouts (id) ON DELETE RESTRICT,
        user_id uuid NOT NULL,
        issued_at timestamptz NOT NULL,
        buyer_name varchar(80) NOT NULL,
        buyer_email varchar(254) NOT NULL,
        ship_to jsonb,
        buyer_address varchar(600),
        buyer_phone varchar(21),
        shipping_method_name varchar(80),
        tax_zone_name varchar(80),
        prices_include_tax boolean NOT NULL DEFAULT false,
        subtotal_cents integer NOT NULL,
        shipping_cents integer NOT NULL,
        shipping_tax_cents integer NOT NULL,
        shipping_tax_rate_ppm integer NOT NULL,
        tax_cents integer NOT NULL,
        total_cents integer NOT NULL,
        line_count integer NOT NULL CONSTRAINT invoices_has_lines CHECK (line_count > 0),
        CONSTRAINT invoices_number_format CHECK (number ~ '^INV-[0-9]{4}-[0-9]{6,}$'),
        CONSTRAINT invoices_number_of_its_year
          CHECK (substring(number FROM 5 FOR 4)::int = extract(year FROM issued_at AT TIME ZONE 'UTC')::int),
        CONSTRAINT invoices_amounts_not_negative
          CHECK (subtotal_cents >= 0 AND shipping_cents >= 0 AND shipping_tax_cents >= 0 AND tax_cents >= shipping_tax_cents),
        CONSTRAINT invoices_rate_bounds CHECK (shipping_tax_rate_ppm BETWEEN 0 AND 1000000),
        CONSTRAINT invoices_total_adds_up CHECK (total_cents = subtotal_cents + shipping_cents + tax_cents),
        CONSTRAINT invoices_buyer_somewhere CHECK (ship_to IS NOT NULL OR buyer_address IS NOT NULL)
      )`);
    await db.query(`CREATE INDEX invoices_user ON invoices (user_id, seq)`);
    await db.query(`
      CREATE TABLE invoice_lines (
        invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
        position integer NOT NULL CONSTRAINT invoice_lines_position_positive CHECK (position > 0),
        order_id uuid NOT NULL CONSTRAINT invoice_lines_order_key UNIQUE,
        order_number varchar(20) NOT NULL,
        part_name varchar(80) NOT NULL,
        part_number varchar(40),
        quantity integer NOT NULL CONSTRAINT invoice_lines_quantity_positive CHECK (quantity > 0),
        unit_price_cents integer NOT NULL CONSTRAINT invoice_lines_unit_price_not_negative CHECK (unit_price_cents >= 0),
        discount_cents integer NOT NULL,
        net_cents integer NOT NULL,
        tax_rate_ppm integer NOT NULL CONSTRAINT invoice_lines_rate_bounds CHECK (tax_rate_ppm BETWEEN 0 AND 1000000),
        tax_cents integer NOT NULL CONSTRAINT invoice_lines_tax_not_negative CHECK (tax_cents >= 0),
        total_cents integer NOT NULL,
        charged_cents integer NOT NULL,
        PRIMARY KEY (invoice_id, position),
        CONSTRAINT invoice_lines_net_adds_up
          CHECK (discount_cents >= 0 AND net_cents >= 0 AND net_cents = quantity * unit_price_cents - discount_cents),
        CONSTRAINT invoice_lines_total_adds_up CHECK (total_cents = net_cents + tax_cents),
        CONSTRAINT invoice_lines_charged_covers_total CHECK (charged_cents >= total_cents)
      )`);
    await db.query(`
      CREATE TABLE credit_notes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        number varchar(24) NOT NULL CONSTRAINT credit_notes_number_key UNIQUE,
        invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
        issued_at timestamptz NOT NULL,
        total_cents integer NOT NULL CONSTRAINT credit_notes_total_positive CHECK (total_cents > 0),
        reason varchar(200),
        line_count integer NOT NULL CONSTRAINT credit_notes_has_lines CHECK (line_count > 0),
        CONSTRAINT credit_notes_number_format CHECK (number ~ '^CN-[0-9]{4}-[0-9]{6,}$'),
        CONSTRAINT credit_notes_number_of_its_year
          CHECK (substring(number FROM 4 FOR 4)::int = extract(year FROM issued_at AT TIME ZONE 'UTC')::int)
      )`);
    await db.query(`CREATE INDEX credit_notes_invoice ON credit_notes (invoice_id, seq)`);
    await db.query(`
      CREATE TABLE credit_note_lines (
        credit_note_id uuid NOT NULL REFERENCES credit_notes (id) ON DELETE RESTRICT,
        position integer NOT NULL CONSTRAINT credit_note_lines_position_positive CHECK (position > 0),
        order_id uuid NOT NULL,
        order_number varchar(20) NOT NULL,
        part_name varchar(80) NOT NULL,
        quantity integer CONSTRAINT credit_note_lines_quantity_positive CHECK (quantity > 0),
        amount_cents integer NOT NULL CONSTRAINT credit_note_lines_amount_positive CHECK (amount_cents > 0),
        PRIMARY KEY (credit_note_id, position)
      )`);
    await db.query(`CREATE INDEX credit_note_lines_order ON credit_note_lines (order_id)`);

    // Written once, never changed: a correction is a credit note, not an edit.
    await db.query(`
      CREATE FUNCTION documents_are_never_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% rows are never changed or deleted: a correction is a credit note', TG_TABLE_NAME
          USING ERRCODE = 'integrity_constraint_violation';
      END $$`);
    for (const table of ["invoices", "invoice_lines", "credit_notes", "credit_note_lines"])
      await db.query(
        `CREATE TRIGGER ${table}_never_changed BEFORE UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION documents_are_never_changed()`,
      );

    // At commit: an invoice's lines add up to it, a credit note's to it, and a credit note repays
    // only lines of its invoice, never more than what was charged for a line (its total with its
    // shares of the shipping and the shipping's tax) over all its credit notes.
    await db.query(`
      CREATE FUNCTION invoice_adds_up() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        doc_id uuid := COALESCE(to_jsonb(NEW) ->> 'invoice_id', to_jsonb(NEW) ->> 'id')::uuid;
        doc invoices%ROWTYPE;
        lines record;
      BEGIN
        SELECT * INTO doc FROM invoices WHERE id = doc_id;
        SELECT count(*) AS n, COALESCE(sum(net_cents), 0) AS net, COALESCE(sum(tax_cents), 0) AS tax,
               COALESCE(sum(charged_cents), 0) AS charged
          INTO lines FROM invoice_lines l WHERE l.invoice_id = doc.id;
        IF lines.n <> doc.line_count OR lines.net <> doc.subtotal_cents
           OR lines.tax + doc.shipping_tax_cents <> doc.tax_cents OR lines.charged <> doc.total_cents THEN
          RAISE EXCEPTION 'invoice % does not add up: % of % lines, net %, tax %', doc.number, lines.n,
            doc.line_count, lines.net, lines.tax USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE FUNCTION credit_note_adds_up() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        note_id uuid := COALESCE(to_jsonb(NEW) ->> 'credit_note_id', to_jsonb(NEW) ->> 'id')::uuid;
        note credit_notes%ROWTYPE;
        lines record;
        over record;
      BEGIN
        SELECT * INTO note FROM credit_notes WHERE id = note_id;
        SELECT count(*) AS n, COALESCE(sum(amount_cents), 0) AS total
          INTO lines FROM credit_note_lines l WHERE l.credit_note_id = note.id;
        IF lines.n <> note.line_count OR lines.total <> note.total_cents THEN
          RAISE EXCEPTION 'credit note % does not add up: % of % lines, total %', note.number, lines.n,
            note.line_count, lines.total USING ERRCODE = 'check_violation';
        END IF;
        SELECT l.order_id INTO over FROM credit_note_lines l
          LEFT JOIN invoice_lines i ON i.order_id = l.order_id AND i.invoice_id = note.invoice_id
          WHERE l.credit_note_id = note.id
            AND (i.order_id IS NULL OR (SELECT sum(r.amount_cents) FROM credit_note_lines r WHERE r.order_id = l.order_id) > i.charged_cents)
          LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'credit note % repays order line % beyond what its invoice charged', note.number, over.order_id
            USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$`);
    for (const [table, check] of [
      ["invoices", "invoice_adds_up"],
      ["invoice_lines", "invoice_adds_up"],
      ["credit_notes", "credit_note_adds_up"],
      ["credit_note_lines", "credit_note_adds_up"],
    ])
      await db.query(
        `CREATE CONSTRAINT TRIGGER ${table}_add_up AFTER INSERT ON ${table}
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${check}()`,
      );

    await db.query(`
      ALTER TABLE email_outbox
        ADD COLUMN invoice_id uuid REFERENCES invoices (id) ON DELETE RESTRICT,
        ADD COLUMN credit_note_id uuid REFERENCES credit_notes (id) ON DELETE RESTRICT,
        ADD CONSTRAINT email_outbox_one_attachment CHECK (invoice_id IS NULL OR credit_note_id IS NULL)`);

    await this.backfill(db);
  }

  /** Every order already paid gets its invoice, of the lines its payment paid, numbered per year in payment order. */
  private async backfill(db: QueryRunner): Promise<void> {
    await db.query(`
      WITH paid AS (
        SELECT o.checkout_id, min(o.paid_at) AS paid_at
        FROM orders o
        WHERE o.status IN ('paid', 'refunded')
        GROUP BY o.checkout_id
      ), numbered AS (
        SELECT p.*, extract(year FROM p.paid_at AT TIME ZONE 'UTC')::int AS year,
               row_number() OVER (PARTITION BY extract(year FROM p.paid_at AT TIME ZONE 'UTC') ORDER BY p.paid_at, c.seq) AS n
        FROM paid p JOIN checkouts c ON c.id = p.checkout_id
      )
      INSERT INTO invoices (number, checkout_id, user_id, issued_at, buyer_name, buyer_email, ship_to, buyer_address,
        buyer_phone, shipping_method_name, tax_zone_name, prices_include_tax, subtotal_cents, shipping_cents,
        shipping_tax_cents, shipping_tax_rate_ppm, tax_cents, total_cents, line_count)
      SELECT 'INV-' || numbered.year || '-' || lpad(numbered.n::text, 6, '0'), c.id, c.user_id, numbered.paid_at,
        s.user_name, s.user_email, c.ship_to, s.address, s.phone, c.shipping_method_name, c.tax_zone_name,
        c.prices_include_tax, s.net, s.shipping, s.shipping_tax,
        CASE WHEN s.shipping_tax = 0 OR s.shipping = 0 THEN 0
             ELSE COALESCE(s.standard_rate, least(1000000, round(s.shipping_tax * 1000000.0 / s.shipping)::int)) END,
        s.tax, s.total, s.n
      FROM numbered
      JOIN checkouts c ON c.id = numbered.checkout_id
      CROSS JOIN LATERAL (
        SELECT count(*) AS n, sum(o.subtotal_cents - o.discount_cents) AS net, sum(o.shipping_cents) AS shipping,
               sum(o.tax_cents - o.own_tax_cents) AS shipping_tax, sum(o.tax_cents) AS tax, sum(o.total_cents) AS total,
               min(o.user_name) AS user_name, min(o.user_email) AS user_email, min(o.address) AS address,
               min(o.phone) AS phone,
               min(o.tax_rate_ppm) FILTER (WHERE o.tax_category = 'standard') AS standard_rate
        FROM orders o WHERE o.checkout_id = c.id AND o.status IN ('paid', 'refunded')
      ) s`);
    await db.query(`
      INSERT INTO invoice_lines (invoice_id, position, order_id, order_number, part_name, part_number, quantity,
        unit_price_cents, discount_cents, net_cents, tax_rate_ppm, tax_cents, total_cents, charged_cents)
      SELECT i.id, row_number() OVER (PARTITION BY i.id ORDER BY o.seq), o.id, (o.seq + 100000)::text, o.part_name,
        p.part_number, o.quantity, o.unit_price_cents, o.discount_cents, o.subtotal_cents - o.discount_cents,
        o.tax_rate_ppm, o.own_tax_cents, o.subtotal_cents - o.discount_cents + o.own_tax_cents, o.total_cents
      FROM invoices i
      JOIN orders o ON o.checkout_id = i.checkout_id AND o.status IN ('paid', 'refunded')
      LEFT JOIN parts p ON p.id = o.part_id`);
    await db.query(`
      INSERT INTO document_counters (series, year, last_number)
      SELECT 'INV', substring(number FROM 5 FOR 4)::int, count(*) FROM invoices GROUP BY 2`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_one_attachment, DROP COLUMN credit_note_id, DROP COLUMN invoice_id`,
    );
    await db.query(`DROP TABLE credit_note_lines, credit_notes, invoice_lines, invoices, document_counters`);
    await db.query(`DROP FUNCTION credit_note_adds_up(), invoice_adds_up(), documents_are_never_changed()`);
  }
}
