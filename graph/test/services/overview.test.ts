import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/domain/accounts/user.entity";
import type { Overview } from "../../src/domain/reports/overview.service";
import { ROLLUP_CHECKS } from "../../src/ops/check-invariants";
import { adminShop, type AdminShop } from "./support/admin";
import { withClient } from "./support/services";

/*
 * The admin overview as the overview service answers it: every figure is what an SQL aggregate
 * over the real rows answers (read from rollups the database keeps: migration 1764630000000), so
 * each one is checked here against the rows themselves, computed again in JavaScript, also after
 * writes made straight in the database. That it is for admins, and its GraphQL shape in dollars,
 * is test/overview.test.ts.
 */

const DAY = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

let shop: AdminShop;
let admin: User;
const sql = (text: string, parameters: unknown[] = []) => shop.db.query(text, parameters);

/** The overview now, every figure checked against the rows, computed again in JavaScript. */
async function overviewMatchingRows(): Promise<Overview> {
  const overview = await shop.overview.overview(admin);
  const orders: Array<{ part_id: string; status: string; quantity: number; total_cents: number; paid_at: Date }> =
    await sql("SELECT part_id, status, quantity, total_cents, paid_at FROM orders");
  const users: Array<{ role: string; created_at: Date }> = await sql("SELECT role, created_at FROM users");
  const parts: Array<{ id: string; seq: number; available: number; low_stock_threshold: number; retired_at: Date }> =
    await sql("SELECT id, seq::int, available, low_stock_threshold, retired_at FROM parts");

  const today = new Date();
  const days = Array.from({ length: 30 }, (_, i) => utcDay(new Date(today.getTime() - (29 - i) * DAY)));
  expect(overview).toMatchObject({ days: 30, firstDay: days[0], lastDay: days[29] });
  const expected = days.map((day) => {
    const paid = orders.filter((order) => order.status === "paid" && utcDay(order.paid_at) === day);
    return { day, revenueCents: paid.reduce((sum, order) => sum + order.total_cents, 0), paidOrders: paid.length };
  });
  expect(overview.revenueByDay).toEqual(expected);
  expect(overview.revenueCents).toBe(expected.reduce((sum, day) => sum + day.revenueCents, 0));
  expect(overview.paidOrders).toBe(expected.reduce((sum, day) => sum + day.paidOrders, 0));

  const since = new Date(`${overview.firstDay}T00:00:00Z`).getTime();
  const sold = new Map<string, { units: number; cents: number }>();
  for (const order of orders.filter((o) => o.status === "paid" && o.paid_at.getTime() >= since)) {
    const entry = sold.get(order.part_id) ?? { units: 0, cents: 0 };
    entry.units += order.quantity;
    entry.cents += order.total_cents;
    sold.set(order.part_id, entry);
  }
  const ranked = [...sold.entries()]
    .sort(([a, x], [b, y]) => y.units - x.units || y.cents - x.cents || (a < b ? -1 : 1))
    .slice(0, 5);
  expect(
    overview.topParts.map((top) => ({ id: top.part.databaseId, units: top.unitsSold, revenue: top.revenueCents })),
  ).toEqual(ranked.map(([id, entry]) => ({ id, units: entry.units, revenue: entry.cents })));

  const unpaid = orders.filter((order) => order.status === "unpaid");
  expect(overview.openUnpaidOrders).toBe(unpaid.length);
  expect(overview.openUnpaidCents).toBe(unpaid.reduce((sum, order) => sum + order.total_cents, 0));

  const customers = users.filter((user) => user.role !== "admin");
  expect(overview.customers).toBe(customers.length);
  expect(overview.newCustomers).toBe(customers.filter((user) => user.created_at.getTime() >= since).length);

  const low = parts
    .filter((part) => part.retired_at === null && part.available <= part.low_stock_threshold)
    .sort((a, b) => a.available - b.available || a.seq - b.seq);
  expect(overview.lowStockCount).toBe(low.length);
  expect(overview.lowStockParts.map((part) => part.databaseId)).toEqual(low.slice(0, 20).map((part) => part.id));
  expect(overview.lowStockParts.every((part) => !part.retired && part.available <= part.lowStockThreshold)).toBe(true);
  return overview;
}

/** What the invariant check finds wrong with the rollups (nothing, when they equal the rows). */
async function rollupViolations(): Promise<string[]> {
  const labels = ROLLUP_CHECKS.map(([label]) => label);
  const report = await shop.invariants();
  expect(report.rollupsChecked).toBe(true);
  return report.violations.filter((violation) => labels.some((label) => violation.includes(label)));
}

/** One order as psql would write it: `at` is its payment time when paid (the API stamps "now"). */
interface OrderRow {
  partId: string;
  userEmail: string;
  quantity: number;
  priceCents: number;
  status: "paid" | "unpaid" | "cancelled";
  at: Date;
}
const orderRow = (
  partId: string,
  userEmail: string,
  quantity: number,
  priceCents: number,
  status: OrderRow["status"],
  at: Date,
): OrderRow => ({ partId, userEmail, quantity, priceCents, status, at });

/** Orders written straight to the database, one statement each. */
async function insertOrders(rows: OrderRow[]) {
  for (const row of rows) {
    await sql(
      `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone,
                           status, transaction_id, paid_at, cancelled_at, created_at)
       SELECT $1, p.name, $2::int, $3::int, $2::int * $3::int, u.id, u.email, 'Overview buyer', '1 Main St', '0123456789',
              $4::text, CASE WHEN $4 = 'paid' THEN 'pi_overview_' || gen_random_uuid() END, CASE WHEN $4 = 'paid' THEN $5::timestamptz END,
              CASE WHEN $4 = 'cancelled' THEN $5::timestamptz END, $5::timestamptz - interval '1 hour'
       FROM parts p, users u WHERE p.id = $1 AND u.email = $6`,
      [row.partId, row.quantity, row.priceCents, row.status, row.at, row.userEmail],
    );
  }
}

/** Several orders in one INSERT statement (one delta for the whole statement); their ids, in order. */
async function insertInOneStatement(rows: OrderRow[]): Promise<string[]> {
  const inserted: Array<{ id: string }> = await sql(
    `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone,
                         status, transaction_id, paid_at, cancelled_at, created_at)
     SELECT r.part_id, p.name, r.quantity, r.price, r.quantity * r.price, u.id, u.email, 'Overview buyer', '1 Main St', '0123456789',
            r.status, CASE WHEN r.status = 'paid' THEN 'pi_overview_' || gen_random_uuid() END, CASE WHEN r.status = 'paid' THEN r.at END,
            CASE WHEN r.status = 'cancelled' THEN r.at END, r.at - interval '1 hour'
     FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::timestamptz[], $6::text[]) WITH ORDINALITY AS r(part_id, quantity, price, status, at, email, n)
     JOIN parts p ON p.id = r.part_id JOIN users u ON u.email = r.email
     ORDER BY r.n
     RETURNING id`,
    [
      rows.map((row) => row.partId),
      rows.map((row) => row.quantity),
      rows.map((row) => row.priceCents),
      rows.map((row) => row.status),
      rows.map((row) => row.at),
      rows.map((row) => row.userEmail),
    ],
  );
  return inserted.map((row) => row.id);
}

beforeAll(async () => {
  shop = await adminShop();
  admin = shop.admin;
  const [ann, ben] = await Promise.all([shop.customer("overview-ann"), shop.customer("overview-ben")]);
  const tag = crypto.randomBytes(3).toString("hex");
  const hot = await shop.part({ available: 500, name: `Overview hot ${tag}` });
  const warm = await shop.part({ available: 500, name: `Overview warm ${tag}` });
  const now = new Date();
  const todayMidnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  // Sales spread over the window and its edges: the last second of yesterday, the first day of
  // the window, the day before it (outside), unpaid and cancelled ones (never revenue).
  await insertOrders([
    orderRow(hot, ann.email, 40, 1000, "paid", new Date(todayMidnight.getTime() + 60_000)),
    orderRow(hot, ben.email, 30, 1000, "paid", new Date(todayMidnight.getTime() - 1_000)),
    orderRow(warm, ann.email, 35, 2000, "paid", new Date(todayMidnight.getTime() - 29 * DAY + 1_000)),
    orderRow(warm, ben.email, 99, 2000, "paid", new Date(todayMidnight.getTime() - 30 * DAY + 1_000)),
    orderRow(warm, ann.email, 7, 2000, "unpaid", new Date(todayMidnight.getTime() - 2 * DAY)),
    orderRow(hot, ben.email, 9, 1000, "cancelled", new Date(todayMidnight.getTime() - 3 * DAY)),
  ]);
  // A low-stock part on sale, and a retired one that is low too (not listed: it is not for sale).
  await shop.part({ available: 2, name: `Overview low ${tag}` });
  const retired = await shop.part({ available: 1, name: `Overview retired ${tag}` });
  await sql("UPDATE parts SET retired_at = now() WHERE id = $1", [retired]);
});

describe("the admin overview", () => {
  it("matches the rows: revenue and paid orders per UTC day for the last 30 days, zeros included", async () => {
    const overview = await overviewMatchingRows();
    // Only this file's sales are in its database: today's 40 units, yesterday's 30 at 23:59:59, 29 days ago's 35.
    expect(overview.revenueByDay[29]).toMatchObject({ revenueCents: 40_000, paidOrders: 1 });
    expect(overview.revenueByDay[28]).toMatchObject({ revenueCents: 30_000, paidOrders: 1 });
    expect(overview.revenueByDay[0]).toMatchObject({ revenueCents: 70_000, paidOrders: 1 });
    expect(overview.revenueByDay.filter((day) => day.revenueCents === 0 && day.paidOrders === 0)).toHaveLength(27);
    expect(overview).toMatchObject({ revenueCents: 140_000, paidOrders: 3 });
  });

  it("matches the rows: top parts by units sold, open unpaid orders, customers, low stock", async () => {
    const overview = await overviewMatchingRows();
    // The sale of the day before the window (99 units) is not counted; the unpaid and cancelled ones never are.
    expect(overview.topParts.map((top) => [top.part.name.split(" ")[1], top.unitsSold, top.revenueCents])).toEqual([
      ["hot", 70, 70_000],
      ["warm", 35, 70_000],
    ]);
    expect(overview).toMatchObject({ openUnpaidOrders: 1, openUnpaidCents: 14_000, customers: 2, newCustomers: 2 });
    expect(overview.lowStockParts.map((part) => part.name.split(" ")[1])).toEqual(["low"]);
    expect(overview.lowStockCount).toBe(1);
  });

  it("is for admins: a customer is refused", async () => {
    const customer = await shop.customer("overview-curious");
    await expect(shop.overview.overview(customer)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("the overview after writes made straight in the database", () => {
  const windowFirstDay = async () =>
    (await sql(`SELECT to_char(first_day, 'YYYY-MM-DD') AS day FROM sales_window`))[0].day as string;
  /** The rows a statement changed, written as psql would: on a connection of its own. */
  const rowCountOf = (text: string, parameters: unknown[]) =>
    withClient(async (client) => (await client.query(text, parameters)).rowCount);

  it("the overview's figures follow orders paid, cancelled, edited and deleted in psql", async () => {
    // Quantities in the hundreds, so these parts lead the top five whatever else the file sold.
    const tag = crypto.randomBytes(3).toString("hex");
    const [alpha, beta, gamma] = await Promise.all(
      ["alpha", "beta", "gamma"].map((name) => shop.part({ available: 10_000, name: `Overview ${name} ${tag}` })),
    );
    const buyers = await Promise.all(["ivy", "jon", "kim", "lea"].map((name) => shop.customer(`overview-${name}`)));
    const [ivy, jon, kim, lea] = buyers.map((buyer) => buyer.email);
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * DAY);

    const [alphaToday, betaFiveDaysAgo, alphaUnpaid, gammaOld, betaUnpaid, gammaCancelled] = await insertInOneStatement(
      [
        orderRow(alpha, ivy, 600, 150, "paid", daysAgo(0)),
        orderRow(beta, jon, 500, 300, "paid", daysAgo(5)),
        orderRow(alpha, kim, 30, 150, "unpaid", daysAgo(1)),
        orderRow(gamma, lea, 900, 100, "paid", daysAgo(40)),
        orderRow(beta, lea, 20, 300, "unpaid", daysAgo(2)),
        orderRow(gamma, ivy, 700, 100, "cancelled", daysAgo(3)),
      ],
    );
    await overviewMatchingRows();

    const steps: Array<[string, string, unknown[]]> = [
      [
        "an unpaid order paid",
        `UPDATE orders SET status = 'paid', transaction_id = 'pi_overview_' || id, paid_at = now() WHERE id = $1`,
        [alphaUnpaid],
      ],
      [
        "a paid order cancelled",
        `UPDATE orders SET status = 'cancelled', transaction_id = NULL, paid_at = NULL, cancelled_at = now() WHERE id = $1`,
        [betaFiveDaysAgo],
      ],
      [
        "a sale from before the window moved into it",
        `UPDATE orders SET paid_at = now() - interval '3 days' WHERE id = $1`,
        [gammaOld],
      ],
      [
        "a sale moved to another day of the window",
        `UPDATE orders SET paid_at = now() - interval '20 days' WHERE id = $1`,
        [alphaToday],
      ],
      [
        "a sale's quantity and total edited",
        `UPDATE orders SET quantity = 650, total_cents = 650 * unit_price_cents WHERE id = $1`,
        [alphaToday],
      ],
      [
        "a sale's price edited",
        `UPDATE orders SET unit_price_cents = 90, total_cents = 90 * quantity WHERE id = $1`,
        [gammaOld],
      ],
      ["a sale moved to another part", `UPDATE orders SET part_id = $2 WHERE id = $1`, [alphaUnpaid, beta]],
      [
        "a sale moved out of the window",
        `UPDATE orders SET paid_at = now() - interval '45 days' WHERE id = $1`,
        [gammaOld],
      ],
      [
        "two orders paid and one cancelled in one statement",
        `UPDATE orders SET status = CASE WHEN id = $3 THEN 'cancelled' ELSE 'paid' END,
                           transaction_id = CASE WHEN id = $3 THEN NULL ELSE 'pi_overview_' || id END,
                           paid_at = CASE WHEN id = $3 THEN NULL ELSE now() - interval '1 day' END,
                           cancelled_at = CASE WHEN id = $3 THEN now() END
         WHERE id IN ($1, $2, $3)`,
        [betaUnpaid, gammaCancelled, alphaToday],
      ],
      [
        "a paid order back to unpaid",
        `UPDATE orders SET status = 'unpaid', transaction_id = NULL, paid_at = NULL WHERE id = $1`,
        [betaUnpaid],
      ],
      [
        "a paid and an unpaid order deleted in one statement",
        `DELETE FROM orders WHERE id IN ($1, $2)`,
        [gammaCancelled, betaUnpaid],
      ],
      [
        "an update that changes no figure",
        `UPDATE orders SET payment_intent_id = 'pi_untouched', user_name = 'Renamed' WHERE part_id IN ($1, $2, $3)`,
        [alpha, beta, gamma],
      ],
      ["a customer made admin", `UPDATE users SET role = 'admin' WHERE email = $1`, [kim]],
      [
        "an account inserted",
        `INSERT INTO users (email, role) VALUES ($1, 'user'), ($2, 'admin')`,
        [`overview-new-${tag}@example.com`, `overview-boss-${tag}@example.com`],
      ],
      ["an admin made customer again", `UPDATE users SET role = 'user' WHERE email = $1`, [kim]],
      [
        "accounts without orders deleted",
        `DELETE FROM users WHERE email IN ($1, $2)`,
        [`overview-new-${tag}@example.com`, `overview-boss-${tag}@example.com`],
      ],
    ];
    for (const [step, text, parameters] of steps) {
      expect(await rowCountOf(text, parameters), step).toBeGreaterThan(0);
      await overviewMatchingRows();
    }

    // A transaction that rolls back leaves every figure as it was.
    const before = await overviewMatchingRows();
    await shop.db
      .transaction(async (tx) => {
        await tx.query(
          `UPDATE orders SET status = 'cancelled', transaction_id = NULL, paid_at = NULL, cancelled_at = now() WHERE part_id = $1`,
          [alpha],
        );
        await tx.query(`DELETE FROM orders WHERE part_id = $1 AND status <> 'paid'`, [beta]);
        throw new Error("rolled back");
      })
      .catch((error: Error) => expect(error.message).toBe("rolled back"));
    expect(await overviewMatchingRows()).toEqual(before);
    expect(await rollupViolations()).toEqual([]);
  });

  it("a sale that leaves the 30-day window leaves the top parts", async () => {
    const firstDay = (await overviewMatchingRows()).firstDay;
    expect(await windowFirstDay()).toBe(firstDay);
    // As if the last overview was two days ago: the window starts two days earlier, and a sale
    // paid 31 days ago (on that day) is counted in it when it is recorded.
    await sql(`SELECT advance_sales_window($1::date - 2)`, [firstDay]);
    const part = await shop.part({
      available: 10_000,
      name: `Overview bygone ${crypto.randomBytes(3).toString("hex")}`,
    });
    const buyer = await shop.customer("overview-bygone");
    const paidAt = new Date(Date.parse(`${firstDay}T12:00:00Z`) - 2 * DAY);
    await insertInOneStatement([orderRow(part, buyer.email, 5_000, 100, "paid", paidAt)]);
    expect(await sql(`SELECT units::int FROM part_sales_window WHERE part_id = $1`, [part])).toEqual([
      { units: 5_000 },
    ]);

    const overview = await overviewMatchingRows();
    expect(overview.topParts.map((top) => top.part.databaseId)).not.toContain(part);
    expect(await windowFirstDay()).toBe(firstDay);
    expect(await sql(`SELECT 1 FROM part_sales_window WHERE part_id = $1`, [part])).toEqual([]);
    // The day it was paid is still there, outside the window.
    expect(overview.revenueByDay.some((day) => day.day === utcDay(paidAt))).toBe(false);
    expect(await sql(`SELECT units::int FROM part_sales_by_day WHERE part_id = $1`, [part])).toEqual([
      { units: 5_000 },
    ]);

    // Moved back again, the sale returns to the window's sums; the next overview takes it out again.
    await sql(`SELECT advance_sales_window($1::date - 2)`, [firstDay]);
    expect(await sql(`SELECT units::int FROM part_sales_window WHERE part_id = $1`, [part])).toEqual([
      { units: 5_000 },
    ]);
    await overviewMatchingRows();
    expect(await rollupViolations()).toEqual([]);
  });

  it("the rollups equal the aggregates over the rows, and a rollup that does not is reported and rebuilt", async () => {
    expect(await rollupViolations()).toEqual([]);
    await sql(
      `UPDATE sales_by_day SET revenue_cents = revenue_cents + 1 WHERE (day, shard) = (SELECT day, shard FROM sales_by_day LIMIT 1)`,
    );
    await sql(
      `UPDATE part_sales_window SET units = units + 1 WHERE part_id = (SELECT part_id FROM part_sales_window LIMIT 1)`,
    );
    await sql(
      `UPDATE customer_totals SET customers = customers - 1 WHERE shard = (SELECT shard FROM customer_totals LIMIT 1)`,
    );
    const found = await rollupViolations();
    expect(found).toHaveLength(3);
    expect(found.join("\n")).toMatch(/sales_by_day/);
    expect(found.join("\n")).toMatch(/part_sales_window/);
    expect(found.join("\n")).toMatch(/customer_totals/);

    await sql(`SELECT rebuild_sales_rollups()`);
    expect(await rollupViolations()).toEqual([]);
    await overviewMatchingRows();
  });
});
