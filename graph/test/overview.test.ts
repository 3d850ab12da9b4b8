import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { errorCode, gql, insertPart, newCustomer, seededAdmin, Shopper, withDatabase } from "./support/client";

/*
 * The admin overview through GraphQL: for admins only, and its figures in dollars where the
 * overview service counts cents. What each figure adds up to, checked against the rows also after
 * writes made straight in the database, is the service's: test/services/overview.test.ts.
 */

const OVERVIEW = `{ adminOverview {
  days firstDay lastDay revenue paidOrders openUnpaidOrders openUnpaidValue customers newCustomers lowStockCount
  revenueByDay { day revenue paidOrders }
  topParts { part { databaseId name } unitsSold revenue }
  lowStockParts { databaseId available lowStockThreshold retired }
} }`;

let admin: Shopper;

beforeAll(async () => {
  admin = await seededAdmin();
});

describe("the admin overview (adminOverview)", () => {
  it("answers the last 30 UTC days and the shop's figures, money in dollars", async () => {
    // A sale of today with cents in its total, in the thousands of units so that it leads the top
    // parts whatever else the suite sold.
    const buyer = await newCustomer("overview-buyer");
    const name = `Overview ${crypto.randomBytes(3).toString("hex")}`;
    const partId = await insertPart({ available: 10_000, name });
    await withDatabase((client) =>
      client.query(
        `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone,
                             status, transaction_id, paid_at, created_at)
         SELECT p.id, p.name, 4321, 1299, 4321 * 1299, u.id, u.email, 'Overview buyer', '1 Main St', '0123456789',
                'paid', 'pi_overview_' || gen_random_uuid(), now(), now()
         FROM parts p, users u WHERE p.id = $1 AND u.email = $2`,
        [partId, buyer.email],
      ),
    );
    const answer = await gql(OVERVIEW, {}, admin.token);
    expect(answer.body.errors).toBeUndefined();
    const overview = answer.body.data.adminOverview;
    const figures = await withDatabase(
      async (client) =>
        (
          await client.query(
            `SELECT (SELECT sum(total_cents) FROM orders WHERE status = 'paid' AND paid_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS today_cents,
                    (SELECT count(*) FROM orders WHERE status = 'paid' AND paid_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS today_orders,
                    (SELECT coalesce(sum(total_cents), 0) FROM orders WHERE status = 'unpaid')::int AS unpaid_cents,
                    to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS today`,
          )
        ).rows[0],
    );

    expect(overview).toMatchObject({ days: 30, lastDay: figures.today });
    expect(overview.revenueByDay).toHaveLength(30);
    expect(overview.revenueByDay[0].day).toBe(overview.firstDay);
    expect(overview.revenueByDay[29]).toEqual({
      day: figures.today,
      revenue: figures.today_cents / 100,
      paidOrders: figures.today_orders,
    });
    expect(overview.revenue).toBeCloseTo(
      overview.revenueByDay.reduce((sum: number, day: any) => sum + day.revenue, 0),
      2,
    );
    expect(overview.openUnpaidValue).toBeCloseTo(figures.unpaid_cents / 100, 2);
    expect(overview.topParts[0]).toEqual({ part: { databaseId: partId, name }, unitsSold: 4321, revenue: 56_129.79 });
    for (const part of overview.lowStockParts)
      expect(part).toEqual({
        databaseId: expect.any(String),
        available: expect.any(Number),
        lowStockThreshold: expect.any(Number),
        retired: false,
      });
    for (const count of ["paidOrders", "openUnpaidOrders", "customers", "newCustomers", "lowStockCount"])
      expect(Number.isInteger(overview[count]), count).toBe(true);
  });

  it("is for admins: a customer gets FORBIDDEN, a visitor UNAUTHENTICATED", async () => {
    const customer = await newCustomer("overview-curious");
    expect(errorCode(await gql(OVERVIEW, {}, customer.token))).toBe("FORBIDDEN");
    expect(errorCode(await gql(OVERVIEW))).toBe("UNAUTHENTICATED");
  });
});
