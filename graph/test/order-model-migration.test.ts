import crypto from "node:crypto";
import { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../src/db/data-source";
import { migrate } from "../src/db/migrate";
import { checkInvariants } from "../src/ops/check-invariants";
import { shop, withDatabase, withDatabaseAt } from "./support/client";

/*
 * The migration that makes every order a header with lines, run on a database of the previous
 * release's form: orders reserved on their own in every state, and checkouts whose lines were
 * paid, cancelled, refunded in full or in part, disputed. Afterwards every line has its header,
 * the headers' figures are their lines', check:invariants holds, and a line the previous release
 * inserts during a rolling deploy still gets its header.
 */

const name = `order_model_${crypto.randomBytes(4).toString("hex")}`;
const url = (() => {
  const parsed = new URL(shop().databaseUrl);
  parsed.pathname = `/${name}`;
  return parsed.toString();
})();
const sql = (text: string, parameters: unknown[] = []) =>
  withDatabaseAt(url, async (client) => (await client.query(text, parameters)).rows);
const MIGRATION = "OrdersAsHeaderAndLines1764960000000";
const at = migrations.findIndex((migration) => migration.name === MIGRATION);
const before = migrations.slice(0, at);
/** The migrations after it, run once its own step is checked, so the rest of the test meets today's schema. */
const after = migrations.slice(at + 1);

async function migrateWith(list: typeof migrations): Promise<string[]> {
  const db = new DataSource({ type: "postgres", url, migrations: list, poolSize: 2, logging: false });
  await db.initialize();
  try {
    return await migrate(db);
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  await withDatabase((client) => client.query(`CREATE DATABASE ${name}`));
  await migrateWith(before);
}, 120_000);
afterAll(async () => {
  await withDatabase((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});

/** Lines as the previous release wrote them: `checkout` null for a part reserved on its own. */
interface OldLine {
  status: "unpaid" | "paid" | "cancelled" | "refunded";
  priceCents: number;
  quantity: number;
  checkout?: string;
  refundedCents?: number;
  cancelReason?: string;
  dispute?: string;
  transactionId?: string;
}

async function oldLine(user: string, line: OldLine): Promise<string> {
  const [part] = await sql(
    `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
     VALUES ($1, '/images/parts/dc-jack.svg', $2, 100, 1, 'A part of the previous release') RETURNING id`,
    [`Old part ${crypto.randomBytes(3).toString("hex")}`, line.priceCents],
  );
  const paid = line.status === "paid" || line.status === "refunded";
  const [row] = await sql(
    `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone,
       status, transaction_id, paid_at, cancelled_at, cancel_reason, refunded_at, refunded_cents, dispute_status, hold_expires_at, checkout_id, payment_intent_id)
     SELECT $1, p.name, $2::int, $3::int, $2::int * $3::int, u.id, u.email, 'Old buyer', '1 Old Street, Leeds', '0123456789',
       $4::text, $5, CASE WHEN $6::boolean THEN now() - interval '1 day' END, CASE WHEN $4::text = 'cancelled' THEN now() END, $7,
       CASE WHEN $4::text = 'refunded' THEN now() END, $8, $9, CASE WHEN $4::text = 'unpaid' THEN now() + interval '1 hour' END, $10::uuid, $11
     FROM parts p, users u WHERE p.id = $1::uuid AND u.id = $12::uuid RETURNING id`,
    [
      part.id,
      line.quantity,
      line.priceCents,
      line.status,
      paid ? (line.transactionId ?? `pi_old_${crypto.randomBytes(6).toString("hex")}`) : null,
      paid,
      line.status === "cancelled" ? (line.cancelReason ?? "customer") : null,
      line.status === "refunded" ? line.priceCents * line.quantity : (line.refundedCents ?? 0),
      line.dispute ?? null,
      line.checkout ?? null,
      line.status === "unpaid" ? `pi_open_${crypto.randomBytes(6).toString("hex")}` : null,
      user,
    ],
  );
  return row.id;
}

async function oldCheckout(user: string, lines: OldLine[]): Promise<{ id: string; lines: string[] }> {
  const total = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const [checkout] = await sql(
    `INSERT INTO checkouts (user_id, order_count, total_cents, payment_intent_id) VALUES ($1, $2, $3, 'pi_checkout_old') RETURNING id`,
    [user, lines.length, total],
  );
  const transactionId = `pi_old_checkout_${crypto.randomBytes(6).toString("hex")}`;
  const ids: string[] = [];
  for (const line of lines) ids.push(await oldLine(user, { ...line, checkout: checkout.id, transactionId }));
  return { id: checkout.id, lines: ids };
}

describe("the order model's migration", () => {
  it("gives every line of the previous release's orders and checkouts a header whose figures are its lines', and check:invariants holds", async () => {
    const [{ id: user }] = await sql(`INSERT INTO users (email, role) VALUES ($1, 'user') RETURNING id`, [
      `old-buyer-${crypto.randomBytes(3).toString("hex")}@example.com`,
    ]);
    const reserved = {
      unpaid: await oldLine(user, { status: "unpaid", priceCents: 1999, quantity: 2 }),
      paid: await oldLine(user, { status: "paid", priceCents: 4500, quantity: 1 }),
      partlyRefunded: await oldLine(user, { status: "paid", priceCents: 3000, quantity: 2, refundedCents: 1000 }),
      disputed: await oldLine(user, { status: "paid", priceCents: 800, quantity: 3, dispute: "needs_response" }),
      cancelled: await oldLine(user, { status: "cancelled", priceCents: 700, quantity: 1 }),
      lapsed: await oldLine(user, { status: "cancelled", priceCents: 700, quantity: 4, cancelReason: "hold_expired" }),
      refunded: await oldLine(user, { status: "refunded", priceCents: 1250, quantity: 2 }),
    };
    const checkout = await oldCheckout(user, [
      { status: "paid", priceCents: 2000, quantity: 1 },
      { status: "cancelled", priceCents: 350, quantity: 2 },
      { status: "refunded", priceCents: 990, quantity: 1 },
    ]);
    const unpaidCheckout = await oldCheckout(user, [
      { status: "unpaid", priceCents: 1000, quantity: 1 },
      { status: "unpaid", priceCents: 1500, quantity: 2 },
    ]);

    expect(await migrateWith(migrations.slice(0, at + 1))).toEqual([MIGRATION]);
    expect(await migrateWith(migrations)).toEqual(after.map((migration) => migration.name));

    const headers = new Map(
      (
        await sql(
          `SELECT id, source, total_cents, subtotal_cents, paid_cents, refunded_cents, address, payment_intent_id FROM checkouts`,
        )
      ).map((row) => [row.id, row]),
    );
    const lines = await sql(`SELECT id, checkout_id, subtotal_cents, total_cents FROM orders`);
    for (const line of lines) {
      expect(line.checkout_id, line.id).not.toBeNull();
      expect(line.subtotal_cents).toBe(line.total_cents);
    }
    // A part reserved on its own became an order of one line, the header having the line's id.
    for (const id of Object.values(reserved)) expect(lines.find((line) => line.id === id).checkout_id).toBe(id);
    expect(headers.get(reserved.unpaid)).toMatchObject({ source: "reservation", total_cents: 3998, paid_cents: 0 });
    expect(headers.get(reserved.unpaid).payment_intent_id).toMatch(/^pi_open_/);
    expect(headers.get(reserved.partlyRefunded)).toMatchObject({ paid_cents: 6000, refunded_cents: 1000 });
    expect(headers.get(reserved.refunded)).toMatchObject({ paid_cents: 2500, refunded_cents: 2500, total_cents: 2500 });
    expect(headers.get(reserved.cancelled)).toMatchObject({ total_cents: 0, paid_cents: 0 });
    // A checkout keeps its id; its amounts are those of its lines still live, its copies its first line's.
    expect(headers.get(checkout.id)).toMatchObject({
      source: "checkout",
      subtotal_cents: 2990,
      total_cents: 2990,
      paid_cents: 2990,
      refunded_cents: 990,
      address: "1 Old Street, Leeds",
    });
    expect(headers.get(unpaidCheckout.id)).toMatchObject({ total_cents: 4000, paid_cents: 0 });

    // Every order already paid got its invoice, numbered in payment order, of what its paid lines cost.
    const invoices = await sql(
      `SELECT i.number, i.total_cents, i.issued_at,
              (SELECT sum(o.total_cents)::int FROM orders o WHERE o.checkout_id = i.checkout_id AND o.status IN ('paid', 'refunded')) AS paid_lines
       FROM invoices i ORDER BY i.number`,
    );
    const [{ count }] = await sql(
      `SELECT count(DISTINCT checkout_id)::int AS count FROM orders WHERE status IN ('paid', 'refunded')`,
    );
    expect(invoices).toHaveLength(count);
    const year = new Date().getUTCFullYear();
    expect(invoices.map((invoice) => invoice.number)).toEqual(
      invoices.map((_, index) => `INV-${year}-${String(index + 1).padStart(6, "0")}`),
    );
    for (const [index, invoice] of invoices.entries()) {
      expect(invoice.total_cents).toBe(invoice.paid_lines);
      if (index > 0)
        expect(invoice.issued_at.getTime()).toBeGreaterThanOrEqual(invoices[index - 1].issued_at.getTime());
    }

    const report = await withDatabaseAt(url, (client) => checkInvariants(client));
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
  });

  // After the test above has migrated the database.
  it("a line the previous release inserts during a rolling deploy gets its header, and its payment shows on it", async () => {
    const [{ id: user }] = await sql(`INSERT INTO users (email, role) VALUES ($1, 'user') RETURNING id`, [
      `rolling-${crypto.randomBytes(3).toString("hex")}@example.com`,
    ]);
    const line = await oldLine(user, { status: "unpaid", priceCents: 2500, quantity: 2 });
    expect(
      await sql(`SELECT source, total_cents, subtotal_cents, paid_cents FROM checkouts WHERE id = $1`, [line]),
    ).toEqual([{ source: "reservation", total_cents: 5000, subtotal_cents: 5000, paid_cents: 0 }]);
    // The previous release marks it paid the way it always did: the header's figures follow.
    await sql(`UPDATE orders SET status = 'paid', transaction_id = 'pi_rolling', paid_at = now() WHERE id = $1`, [
      line,
    ]);
    expect((await sql(`SELECT paid_cents FROM checkouts WHERE id = $1`, [line]))[0].paid_cents).toBe(5000);
    // A refund past what was paid is refused by the database itself.
    await expect(sql(`UPDATE checkouts SET refunded_cents = 5001 WHERE id = $1`, [line])).rejects.toThrow(
      /checkouts_refunds_within_paid/,
    );
    const report = await withDatabaseAt(url, (client) => checkInvariants(client));
    expect(report.violations).toEqual([]);
  });
});
