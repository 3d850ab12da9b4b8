import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { errorCode, gql, insertPart, newCustomer, seededAdmin, Shopper, withDatabase } from "./support/client";

/*
 * The admin overview (issue 14, part 5): every figure is an SQL aggregate over the real rows, so
 * each one is checked here against the rows themselves, computed again in JavaScript.
 */

const OVERVIEW = `{ adminOverview {
  days firstDay lastDay revenue paidOrders openUnpaidOrders openUnpaidValue customers newCustomers lowStockCount
  revenueByDay { day revenue paidOrders }
  topParts { part { databaseId name } unitsSold revenue }
  lowStockParts { databaseId available lowStockThreshold retired }
} }`;

const DAY = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

let admin: Shopper;

/** Orders written straight to the database at chosen times (the API stamps "now"). */
async function insertOrders(
  rows: Array<{ partId: string; userEmail: string; quantity: number; priceCents: number; status: "paid" | "unpaid" | "cancelled"; at: Date }>,
) {
  await withDatabase(async (client) => {
    for (const row of rows) {
      await client.query(
        `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone,
                             status, transaction_id, paid_at, cancelled_at, created_at)
         SELECT $1, p.name, $2::int, $3::int, $2::int * $3::int, u.id, u.email, 'Overview buyer', '1 Main St', '0123456789',
                $4::text, CASE WHEN $4 = 'paid' THEN 'pi_overview_' || gen_random_uuid() END, CASE WHEN $4 = 'paid' THEN $5::timestamptz END,
                CASE WHEN $4 = 'cancelled' THEN $5::timestamptz END, $5::timestamptz - interval '1 hour'
         FROM parts p, users u WHERE p.id = $1 AND u.email = $6`,
        [row.partId, row.quantity, row.priceCents, row.status, row.at, row.userEmail],
      );
    }
  });
}

beforeAll(async () => {
  admin = await seededAdmin();
  const [ann, ben] = await Promise.all([newCustomer("overview-ann"), newCustomer("overview-ben")]);
  const tag = crypto.randomBytes(3).toString("hex");
  const hot = await insertPart({ available: 500, name: `Overview hot ${tag}` });
  const warm = await insertPart({ available: 500, name: `Overview warm ${tag}` });
  const now = new Date();
  const todayMidnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  // Sales spread over the window and its edges: the last second of yesterday, the first day of
  // the window, the day before it (outside), unpaid and cancelled ones (never revenue).
  await insertOrders([
    { partId: hot, userEmail: ann.email, quantity: 40, priceCents: 1000, status: "paid", at: new Date(todayMidnight.getTime() + 60_000) },
    { partId: hot, userEmail: ben.email, quantity: 30, priceCents: 1000, status: "paid", at: new Date(todayMidnight.getTime() - 1_000) },
    { partId: warm, userEmail: ann.email, quantity: 35, priceCents: 2000, status: "paid", at: new Date(todayMidnight.getTime() - 29 * DAY + 1_000) },
    { partId: warm, userEmail: ben.email, quantity: 99, priceCents: 2000, status: "paid", at: new Date(todayMidnight.getTime() - 30 * DAY + 1_000) },
    { partId: warm, userEmail: ann.email, quantity: 7, priceCents: 2000, status: "unpaid", at: new Date(todayMidnight.getTime() - 2 * DAY) },
    { partId: hot, userEmail: ben.email, quantity: 9, priceCents: 1000, status: "cancelled", at: new Date(todayMidnight.getTime() - 3 * DAY) },
  ]);
  // A low-stock part on sale, and a retired one that is low too (not listed: it is not for sale).
  await insertPart({ available: 2, name: `Overview low ${tag}` });
  const retired = await insertPart({ available: 1, name: `Overview retired ${tag}` });
  await withDatabase((client) => client.query("UPDATE parts SET retired_at = now() WHERE id = $1", [retired]));
});

describe("the admin overview", () => {
  it("matches the rows: revenue and paid orders per UTC day for the last 30 days, zeros included", async () => {
    const answer = await gql(OVERVIEW, {}, admin.token);
    expect(answer.body.errors).toBeUndefined();
    const overview = answer.body.data.adminOverview;
    const orders = await withDatabase(async (client) => (await client.query("SELECT status, total_cents, paid_at FROM orders")).rows);

    const today = new Date();
    const days = Array.from({ length: 30 }, (_, i) => utcDay(new Date(today.getTime() - (29 - i) * DAY)));
    expect(overview).toMatchObject({ days: 30, firstDay: days[0], lastDay: days[29] });
    const expected = days.map((day) => {
      const paid = orders.filter((order) => order.status === "paid" && utcDay(order.paid_at) === day);
      return { day, revenue: paid.reduce((sum, order) => sum + order.total_cents, 0) / 100, paidOrders: paid.length };
    });
    expect(overview.revenueByDay).toEqual(expected);
    expect(overview.revenue).toBeCloseTo(
      expected.reduce((sum, day) => sum + day.revenue, 0),
      2,
    );
    expect(overview.paidOrders).toBe(expected.reduce((sum, day) => sum + day.paidOrders, 0));
    // The sales of this file are all in it: today's 40 units, yesterday's 30 at 23:59:59, 29 days ago's 35.
    expect(expected[29].revenue).toBeGreaterThanOrEqual(400);
    expect(expected[28].revenue).toBeGreaterThanOrEqual(300);
    expect(expected[0].revenue).toBeGreaterThanOrEqual(700);
  });

  it("matches the rows: top parts by units sold, open unpaid orders, customers, low stock", async () => {
    const overview = (await gql(OVERVIEW, {}, admin.token)).body.data.adminOverview;
    const { orders, users, parts } = await withDatabase(async (client) => ({
      orders: (await client.query("SELECT part_id, status, quantity, total_cents, paid_at FROM orders")).rows,
      users: (await client.query("SELECT role, created_at FROM users")).rows,
      parts: (await client.query("SELECT id, name, seq::int, available, low_stock_threshold, retired_at FROM parts")).rows,
    }));
    const since = new Date(`${overview.firstDay}T00:00:00Z`).getTime();

    const sold = new Map<string, { units: number; cents: number }>();
    for (const order of orders.filter((o) => o.status === "paid" && o.paid_at.getTime() >= since)) {
      const entry = sold.get(order.part_id) ?? { units: 0, cents: 0 };
      entry.units += order.quantity;
      entry.cents += order.total_cents;
      sold.set(order.part_id, entry);
    }
    const ranked = [...sold.entries()].sort(([a, x], [b, y]) => y.units - x.units || y.cents - x.cents || (a < b ? -1 : 1)).slice(0, 5);
    expect(overview.topParts.map((top: any) => ({ id: top.part.databaseId, units: top.unitsSold, revenue: top.revenue }))).toEqual(
      ranked.map(([id, entry]) => ({ id, units: entry.units, revenue: entry.cents / 100 })),
    );

    const unpaid = orders.filter((order) => order.status === "unpaid");
    expect(overview.openUnpaidOrders).toBe(unpaid.length);
    expect(overview.openUnpaidValue).toBeCloseTo(unpaid.reduce((sum, order) => sum + order.total_cents, 0) / 100, 2);

    const customers = users.filter((user) => user.role !== "admin");
    expect(overview.customers).toBe(customers.length);
    expect(overview.newCustomers).toBe(customers.filter((user) => user.created_at.getTime() >= since).length);

    const low = parts
      .filter((part) => part.retired_at === null && part.available <= part.low_stock_threshold)
      .sort((a, b) => a.available - b.available || a.seq - b.seq);
    expect(overview.lowStockCount).toBe(low.length);
    expect(overview.lowStockParts.map((part: any) => part.databaseId)).toEqual(low.slice(0, 20).map((part) => part.id));
    expect(overview.lowStockParts.every((part: any) => !part.retired && part.available <= part.lowStockThreshold)).toBe(true);
  });

  it("is for admins: a customer gets FORBIDDEN, a visitor UNAUTHENTICATED", async () => {
    const customer = await newCustomer("overview-curious");
    expect(errorCode(await gql(OVERVIEW, {}, customer.token))).toBe("FORBIDDEN");
    expect(errorCode(await gql(OVERVIEW))).toBe("UNAUTHENTICATED");
  });
});
