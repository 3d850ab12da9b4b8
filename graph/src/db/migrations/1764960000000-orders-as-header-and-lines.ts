import { MigrationInterface, QueryRunner } from "typeorm";

/** A header's amounts, each the sum of its live lines'. */
const AMOUNTS = ["subtotal_cents", "discount_cents", "shipping_cents", "tax_cents", "total_cents"];

/**
 * An order is a header with lines: the expand and move steps.
 *
 * The header is the `checkouts` row: the buyer, a copy of the address and phone as they were, the
 * order's amounts (subtotal, discount, shipping, tax and total of its lines still live: not
 * cancelled), its one payment (`payment_intent_id`) and what that payment paid and gave back
 * (`paid_cents`, `refunded_cents`). Each `orders` row is a line of one header, with its own
 * amounts and its share of every order-level amount. A part reserved on its own is an order with
 * one line, whose header has the line's id and `source = 'reservation'`; a cart's checkout is
 * `source = 'checkout'`.
 *
 * Expand: the new columns, nullable or with defaults, so processes of the previous release keep
 * working during a rolling deploy. They still insert lines without a header, or headers without
 * amounts: `orders_header_for_line` gives such a line its header as it is inserted. The
 * `orders_figures_into_header_*` triggers keep each header's amounts and its paid and refunded
 * figures as its lines change, whichever release (or hand) changes them, so a header always adds
 * up and `refunded_cents <= paid_cents` is checked by the database on every path.
 *
 * Move: every line without a header gets one, every header its copies and amounts.
 *
 * Contract (a later migration, once no process of the previous release runs): `checkout_id` NOT
 * NULL, the header's copies NOT NULL, the line's own address, phone and payment columns and the
 * expand trigger dropped.
 */
export class OrdersAsHeaderAndLines1764960000000 implements MigrationInterface {
  name = "OrdersAsHeaderAndLines1764960000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE checkouts
        ADD COLUMN source varchar(16) NOT NULL DEFAULT 'checkout',
        ADD COLUMN user_email varchar(254),
        ADD COLUMN user_name varchar(80),
        ADD COLUMN address varchar(300),
        ADD COLUMN phone varchar(20),
        ADD COLUMN subtotal_cents integer,
        ADD COLUMN discount_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN shipping_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN tax_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN paid_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0`);
    // The one rule the database kept (a total is unit price × quantity) forbade a discount. A line's
    // subtotal is now the database's own definition, and its total that subtotal less its discount
    // plus its shares of shipping and tax.
    await db.query(`
      ALTER TABLE orders
        ADD COLUMN subtotal_cents integer GENERATED ALWAYS AS (unit_price_cents * quantity) STORED,
        ADD COLUMN discount_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN shipping_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN tax_cents integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE orders DROP CONSTRAINT orders_check`);
    await db.query(`
      ALTER TABLE orders
        ADD CONSTRAINT orders_amounts_not_negative CHECK (discount_cents >= 0 AND shipping_cents >= 0 AND tax_cents >= 0 AND discount_cents <= subtotal_cents),
        ADD CONSTRAINT orders_total_adds_up CHECK (total_cents = subtotal_cents - discount_cents + shipping_cents + tax_cents)`);

    await this.headerForEveryLine(db);
    await db.query(`
      ALTER TABLE checkouts
        ADD CONSTRAINT checkouts_source_known CHECK (source IN ('reservation', 'checkout')),
        ADD CONSTRAINT checkouts_amounts_not_negative CHECK (subtotal_cents >= 0 AND discount_cents >= 0 AND shipping_cents >= 0 AND tax_cents >= 0 AND discount_cents <= subtotal_cents),
        ADD CONSTRAINT checkouts_total_adds_up CHECK (subtotal_cents IS NULL OR total_cents = subtotal_cents - discount_cents + shipping_cents + tax_cents),
        ADD CONSTRAINT checkouts_refunds_within_paid CHECK (refunded_cents >= 0 AND refunded_cents <= paid_cents)`);

    await this.compatibilityForThePreviousRelease(db);
    await this.figuresFollowTheLines(db);
  }

  /** Move: a header for each line reserved on its own (its id the line's), then every header's copies and amounts. */
  private async headerForEveryLine(db: QueryRunner): Promise<void> {
    await db.query(`
      INSERT INTO checkouts (id, source, user_id, order_count, total_cents, payment_intent_id, created_at)
      SELECT o.id, 'reservation', o.user_id, 1, o.total_cents, o.payment_intent_id, o.created_at
      FROM orders o WHERE o.checkout_id IS NULL
      ORDER BY o.seq`);
    await db.query(`UPDATE orders SET checkout_id = id WHERE checkout_id IS NULL`);
    await db.query(`
      UPDATE checkouts c SET
        user_email = f.user_email, user_name = f.user_name, address = f.address, phone = f.phone,
        subtotal_cents = coalesce(f.subtotal, 0), total_cents = coalesce(f.subtotal, 0),
        paid_cents = coalesce(f.paid, 0), refunded_cents = coalesce(f.refunded, 0)
      FROM (
        SELECT DISTINCT ON (o.checkout_id) o.checkout_id, o.user_email, o.user_name, o.address, o.phone,
          sum(o.subtotal_cents) FILTER (WHERE o.status <> 'cancelled') OVER w AS subtotal,
          sum(o.total_cents) FILTER (WHERE o.status IN ('paid', 'refunded')) OVER w AS paid,
          sum(o.refunded_cents) OVER w AS refunded
        FROM orders o
        WINDOW w AS (PARTITION BY o.checkout_id ORDER BY o.seq ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
        ORDER BY o.checkout_id, o.seq
      ) f
      WHERE c.id = f.checkout_id`);
    // A header whose lines are all gone (none can be: lines are never deleted) still adds up.
    await db.query(`UPDATE checkouts SET subtotal_cents = 0, total_cents = 0 WHERE subtotal_cents IS NULL`);
  }

  /**
   * While the previous release still runs: a line it inserts without a header gets one (with the
   * line's id, as this release makes a reservation's), and a checkout it inserts gets its amounts
   * from its lines, as every header does (below); its copies are filled by the contract step.
   */
  private async compatibilityForThePreviousRelease(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION orders_header_for_line() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO checkouts (id, source, user_id, order_count, subtotal_cents, total_cents, user_email, user_name, address, phone)
        VALUES (NEW.id, 'reservation', NEW.user_id, 1, 0, 0, NEW.user_email, NEW.user_name, NEW.address, NEW.phone);
        NEW.checkout_id := NEW.id;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER orders_header_for_line BEFORE INSERT ON orders
      FOR EACH ROW WHEN (NEW.checkout_id IS NULL) EXECUTE FUNCTION orders_header_for_line()`);
    await db.query(`
      CREATE FUNCTION checkouts_amounts_of_previous_release() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.subtotal_cents := 0;
        NEW.total_cents := 0;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER checkouts_amounts_of_previous_release BEFORE INSERT ON checkouts
      FOR EACH ROW WHEN (NEW.subtotal_cents IS NULL) EXECUTE FUNCTION checkouts_amounts_of_previous_release()`);
  }

  /**
   * A header's figures are its lines', kept by the database in the statement that inserts, changes
   * or deletes them, whichever release or hand writes it: the amounts (subtotal, discount, shipping,
   * tax and total) of its lines still live (not cancelled), `paid_cents` (the totals of its lines a
   * payment paid, refunded or not) and `refunded_cents` (what was given back of those). So a
   * header always adds up, and `refunded_cents <= paid_cents` is checked by the database on every
   * path. A new header is inserted with zero amounts: its lines bring theirs.
   */
  private async figuresFollowTheLines(db: QueryRunner): Promise<void> {
    const live = (column: string, sign: string) =>
      `${sign} * CASE WHEN status <> 'cancelled' THEN ${column} ELSE 0 END AS ${column}`;
    const figures = (table: string, sign: string) =>
      `SELECT checkout_id, ${AMOUNTS.map((column) => live(column, sign)).join(", ")},
         ${sign} * CASE WHEN status IN ('paid', 'refunded') THEN total_cents ELSE 0 END AS paid_cents,
         ${sign} * refunded_cents AS refunded_cents
       FROM ${table}`;
    const changes: Record<string, string> = {
      INSERT: figures("new_lines", "1"),
      UPDATE: `${figures("new_lines", "1")} UNION ALL ${figures("old_lines", "-1")}`,
      DELETE: figures("old_lines", "-1"),
    };
    const columns = [...AMOUNTS, "paid_cents", "refunded_cents"];
    for (const [operation, rows] of Object.entries(changes)) {
      const name = `orders_figures_into_header_${operation.toLowerCase()}`;
      await db.query(`
        CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE checkouts c SET ${columns.map((column) => `${column} = c.${column} + d.${column}`).join(", ")}
          FROM (
            SELECT checkout_id, ${columns.map((column) => `sum(${column})::int AS ${column}`).join(", ")}
            FROM (${rows}) changed
            WHERE checkout_id IS NOT NULL
            GROUP BY checkout_id HAVING ${columns.map((column) => `sum(${column}) <> 0`).join(" OR ")}
          ) d
          WHERE c.id = d.checkout_id;
          RETURN NULL;
        END $$`);
      const transition =
        operation === "INSERT"
          ? "NEW TABLE AS new_lines"
          : operation === "DELETE"
            ? "OLD TABLE AS old_lines"
            : "OLD TABLE AS old_lines NEW TABLE AS new_lines";
      await db.query(
        `CREATE TRIGGER ${name} AFTER ${operation} ON orders REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const operation of ["insert", "update", "delete"]) {
      await db.query(`DROP TRIGGER IF EXISTS orders_figures_into_header_${operation} ON orders`);
      await db.query(`DROP FUNCTION IF EXISTS orders_figures_into_header_${operation}()`);
    }
    await db.query(`DROP TRIGGER IF EXISTS orders_header_for_line ON orders`);
    await db.query(`DROP FUNCTION IF EXISTS orders_header_for_line()`);
    await db.query(`DROP TRIGGER IF EXISTS checkouts_amounts_of_previous_release ON checkouts`);
    await db.query(`DROP FUNCTION IF EXISTS checkouts_amounts_of_previous_release()`);
    await db.query(`UPDATE orders SET checkout_id = NULL WHERE checkout_id = id`);
    await db.query(`DELETE FROM checkouts WHERE source = 'reservation'`);
    await db.query(`
      ALTER TABLE orders
        DROP CONSTRAINT orders_total_adds_up, DROP CONSTRAINT orders_amounts_not_negative,
        DROP COLUMN subtotal_cents, DROP COLUMN discount_cents, DROP COLUMN shipping_cents, DROP COLUMN tax_cents`);
    await db.query(`ALTER TABLE orders ADD CONSTRAINT orders_check CHECK (total_cents = unit_price_cents * quantity)`);
    await db.query(`
      ALTER TABLE checkouts
        DROP CONSTRAINT checkouts_source_known, DROP CONSTRAINT checkouts_amounts_not_negative,
        DROP CONSTRAINT checkouts_total_adds_up, DROP CONSTRAINT checkouts_refunds_within_paid,
        DROP COLUMN source, DROP COLUMN user_email, DROP COLUMN user_name, DROP COLUMN address, DROP COLUMN phone,
        DROP COLUMN subtotal_cents, DROP COLUMN discount_cents, DROP COLUMN shipping_cents, DROP COLUMN tax_cents,
        DROP COLUMN paid_cents, DROP COLUMN refunded_cents`);
  }
}
