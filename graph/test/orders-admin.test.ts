import crypto from "node:crypto";
import http from "node:http";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import {
  errorCode,
  gql,
  insertPart,
  newCustomer,
  orderBody,
  rest,
  seededAdmin,
  shop,
  Shopper,
  withDatabase,
} from "./support/client";
import { payInSandbox, sandboxOf } from "./support/fixtures";

/*
 * Orders people can follow, through the API: timestamps, the admins' list over GraphQL and REST
 * with its filters, the "Delete order" cancellation, and the CSV export streamed from a cursor.
 * What the filters find, how the list pages and what a cancellation does are the order service's
 * rules, tested where they are written: test/services/orders-admin.test.ts.
 */

let admin: Shopper;

beforeAll(async () => {
  admin = await seededAdmin();
});

const ORDER_FIELDS = "id databaseId partName userEmail status paid createdAt paidAt cancelledAt";

async function place(
  customer: Shopper,
  partId: string,
  quantity = 1,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const answer = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, quantity, extra) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.insertedId;
}

async function pay(customer: Shopper, orderId: string): Promise<string> {
  const intent = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
  const { sandboxUrl, publishableKey } = await sandboxOf(shop().url);
  const transactionId = await payInSandbox(sandboxUrl, publishableKey, intent.body.clientSecret);
  const confirmed = await rest("PATCH", `/order/${orderId}`, { token: customer.token, body: { transactionId } });
  expect(confirmed.status).toBe(200);
  return transactionId;
}

async function adminOrders(args: string, token = admin.token) {
  const answer = await gql(
    `{ orders(first: 100${args}) { edges { node { ${ORDER_FIELDS} } } pageInfo { hasNextPage endCursor } } }`,
    {},
    token,
  );
  expect(answer.body.errors, args).toBeUndefined();
  return answer.body.data.orders;
}

describe("order timestamps", () => {
  it("an order carries when it was placed, paid and cancelled; customers see them on their orders", async () => {
    const customer = await newCustomer("timestamps");
    const partId = await insertPart({ available: 10 });
    const started = Date.now();
    const paidId = await place(customer, partId);
    const cancelledId = await place(customer, await insertPart({ available: 10 }));
    await pay(customer, paidId);
    expect((await rest("DELETE", `/userOrder/${cancelledId}`, { token: customer.token })).status).toBe(200);

    const mine = await gql(
      `{ viewer { orders(first: 10) { edges { node { ${ORDER_FIELDS} } } } } }`,
      {},
      customer.token,
    );
    const [paid] = mine.body.data.viewer.orders.edges.map((edge: any) => edge.node);
    expect(mine.body.data.viewer.orders.edges).toHaveLength(1);
    expect(paid).toMatchObject({ databaseId: paidId, status: "PAID", cancelledAt: null });
    const placedAt = new Date(paid.createdAt).getTime();
    expect(placedAt).toBeGreaterThanOrEqual(started - 5_000);
    expect(new Date(paid.paidAt).getTime()).toBeGreaterThanOrEqual(placedAt);

    const [cancelled] = (await adminOrders(`, status: CANCELLED, search: "${customer.email}"`)).edges.map(
      (edge: any) => edge.node,
    );
    expect(cancelled).toMatchObject({ databaseId: cancelledId, status: "CANCELLED", paidAt: null });
    expect(new Date(cancelled.cancelledAt).getTime()).toBeGreaterThanOrEqual(new Date(cancelled.createdAt).getTime());
    // ?status=cancelled is honoured by the spec's admin list too (the cancelled order only, as GraphQL lists it).
    const restCancelled = await rest(
      "GET",
      `/getOrders?status=cancelled&search=${encodeURIComponent(customer.email)}`,
      { token: admin.token },
    );
    expect(restCancelled.body.map((order: any) => [order._id, order.status])).toEqual([[cancelledId, "cancelled"]]);
    const row = await withDatabase(
      async (client) => (await client.query("SELECT created_at, paid_at FROM orders WHERE id = $1", [paidId])).rows[0],
    );
    expect(paid.createdAt).toBe(row.created_at.toISOString());
    expect(paid.paidAt).toBe(row.paid_at.toISOString());
  });
});

describe("GET /getOrders (Manage All Orders over REST)", () => {
  it("takes the list's filters, and answers as before without them", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const customer = await newCustomer(`getorders${tag}`);
    const liveId = await place(customer, await insertPart({ available: 5 }));
    const cancelledId = await place(customer, await insertPart({ available: 5 }));
    expect((await rest("DELETE", `/userOrder/${cancelledId}`, { token: customer.token })).status).toBe(200);

    const all = await rest("GET", "/getOrders", { token: admin.token });
    expect(all.status).toBe(200);
    const live = await withDatabase(async (client) =>
      (await client.query("SELECT id FROM orders WHERE status <> 'cancelled' ORDER BY seq DESC LIMIT 1000")).rows.map(
        (row) => row.id,
      ),
    );
    expect(all.body.map((order: any) => order._id)).toEqual(live);
    expect(Object.keys(all.body[0]).sort()).toEqual(
      [
        "_id",
        "orderId",
        "order",
        "quantity",
        "price",
        "user",
        "userName",
        "address",
        "phone",
        "paid",
        "status",
        "transactionId",
        "createdAt",
      ].sort(),
    );
    const unpaid = await rest("GET", `/getOrders?status=unpaid&search=${tag}`, { token: admin.token });
    expect(unpaid.body.map((order: any) => order._id)).toEqual([liveId]);
    const cancelled = await rest("GET", `/getOrders?status=cancelled&search=${tag}`, { token: admin.token });
    expect(cancelled.body.map((order: any) => order._id)).toEqual([cancelledId]);
    const bad = await rest("GET", "/getOrders?status=shipped", { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("status must be unpaid, paid, cancelled or refunded");
    expect((await rest("GET", `/getOrders?search=${"x".repeat(201)}`, { token: admin.token })).status).toBe(400);
  });
});

describe("order numbers", () => {
  it("an order's number is GraphQL's (its sequence past 100000); REST answers the spec's shape without it", async () => {
    const customer = await newCustomer("numbered");
    const orderId = await place(customer, await insertPart({ available: 3 }));
    const seq = await withDatabase(
      async (client) => (await client.query("SELECT seq FROM orders WHERE id = $1", [orderId])).rows[0].seq,
    );
    const mine = await gql("query($id: ID!) { order(id: $id) { number } }", { id: orderId }, customer.token);
    expect(mine.body.data.order.number).toBe(String(Number(seq) + 100000));
    // REST answers the spec's shape as it was: the number is GraphQL's and the export's.
    expect((await rest("GET", `/order/${orderId}`, { token: customer.token })).body).not.toHaveProperty("number");
  });
});

describe("Delete order (adminCancelOrder)", () => {
  it("answers the cancelled order with when it was cancelled; a second time the order is not found", async () => {
    const customer = await newCustomer("cancelled-by-admin");
    const orderId = await place(customer, await insertPart({ available: 10 }), 4);
    const cancel = () =>
      gql(`mutation($id: ID!) { adminCancelOrder(id: $id) { ${ORDER_FIELDS} } }`, { id: orderId }, admin.token);
    const cancelled = await cancel();
    expect(cancelled.body.errors).toBeUndefined();
    expect(cancelled.body.data.adminCancelOrder).toMatchObject({
      databaseId: orderId,
      status: "CANCELLED",
      paid: false,
      paidAt: null,
    });
    const row = await withDatabase(
      async (client) => (await client.query("SELECT cancelled_at FROM orders WHERE id = $1", [orderId])).rows[0],
    );
    expect(cancelled.body.data.adminCancelOrder.cancelledAt).toBe(row.cancelled_at.toISOString());
    expect(errorCode(await cancel())).toBe("NOT_FOUND");
  });
});

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field || row.length) throw new Error("the CSV does not end with CRLF");
  return rows;
}

const HEADER = [
  "order_id",
  "placed_at",
  "status",
  "paid_at",
  "cancelled_at",
  "customer_email",
  "customer_name",
  "part_id",
  "part_name",
  "quantity",
  "unit_price",
  "total",
  "transaction_id",
  "address",
  "phone",
  "order_number",
];

describe("the orders export (GET /admin/orders.csv)", () => {
  it("answers a header and one properly quoted row per order, with the list's filters, newest first", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const customer = await newCustomer(`csv${tag}`, 'Zoë "Zed" Quote, Jr');
    const partId = await insertPart({ available: 20, priceCents: 1999, name: `CSV part ${tag}, "quoted"` });
    const address = 'Flat 2, "The Mill"\nHarbour Road, Bristol';
    const unpaidId = await place(customer, partId, 2, { address });
    const paidId = await place(
      customer,
      await insertPart({ available: 5, priceCents: 500, name: `=HYPERLINK("evil") ${tag}` }),
      1,
      {
        address: "@SUM(A1)",
        phone: "+441234567",
      },
    );
    const transactionId = await pay(customer, paidId);

    const answer = await fetch(`${shop().url}/admin/orders.csv?search=${tag}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="partshop-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.headers.get("content-length")).toBeNull();
    const rows = parseCsv(await answer.text());
    expect(rows[0]).toEqual(HEADER);
    expect(rows.map((row) => row[0])).toEqual(["order_id", paidId, unpaidId]);
    const db = await withDatabase(
      async (client) =>
        (await client.query("SELECT * FROM orders WHERE id = ANY($1) ORDER BY seq DESC", [[paidId, unpaidId]])).rows,
    );
    expect(rows[1]).toEqual([
      paidId,
      db[0].created_at.toISOString(),
      "paid",
      db[0].paid_at.toISOString(),
      "",
      customer.email,
      'Zoë "Zed" Quote, Jr',
      db[0].part_id,
      `'=HYPERLINK("evil") ${tag}`,
      "1",
      "5.00",
      "5.00",
      transactionId,
      "'@SUM(A1)",
      "+441234567",
      String(Number(db[0].seq) + 100000),
    ]);
    expect(rows[2]).toEqual([
      unpaidId,
      db[1].created_at.toISOString(),
      "unpaid",
      "",
      "",
      customer.email,
      'Zoë "Zed" Quote, Jr',
      partId,
      `CSV part ${tag}, "quoted"`,
      "2",
      "19.99",
      "39.98",
      "",
      address,
      "0123456789",
      String(Number(db[1].seq) + 100000),
    ]);
    const paidOnly = parseCsv(
      await (
        await fetch(`${shop().url}/admin/orders.csv?status=paid&search=${tag}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).text(),
    );
    expect(paidOnly.map((row) => row[0])).toEqual(["order_id", paidId]);
    const none = await fetch(`${shop().url}/admin/orders.csv?search=nothing-matches-${tag}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(await none.text()).toBe(`${HEADER.join(",")}\r\n`);
  });

  it("is for admins only and refuses a bad filter before streaming anything", async () => {
    const customer = await newCustomer("csv-customer");
    expect((await rest("GET", "/admin/orders.csv")).status).toBe(401);
    expect((await rest("GET", "/admin/orders.csv", { token: customer.token })).status).toBe(403);
    const bad = await rest("GET", "/admin/orders.csv?status=lost", { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "status must be unpaid, paid, cancelled or refunded" });
    // The spec's GET /admin/{email} is still there beside it.
    expect((await rest("GET", `/admin/${customer.email}`, { token: customer.token })).body).toEqual({ admin: false });
  });

  it("streams a large export from a database cursor, and gives the connection back when the client goes away", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const customer = await newCustomer(`bulk${tag}`);
    const partId = await insertPart({ available: 1, name: `Bulk part ${tag}` });
    const count = 150_000;
    // The suite shares one database: the bulk rows would slow every later fingerprint of it.
    onTestFinished(async () => {
      await withDatabase((client) => client.query(`DELETE FROM orders WHERE part_id = $1`, [partId]));
    });
    // Old paid orders (outside the overview's window), written straight to the database.
    await withDatabase((client) =>
      client.query(
        `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone,
                             status, transaction_id, paid_at, created_at)
         SELECT $1, $2, 1, 100, 100, u.id, u.email, 'Bulk buyer', 'Bulk street ' || g, '0123456789',
                'paid', 'pi_bulk_${tag}_' || g, timestamptz '2020-01-01' + g * interval '1 second', timestamptz '2020-01-01' + g * interval '1 second'
         FROM generate_series(1, $3) g, users u WHERE u.email = $4`,
        [partId, `Bulk part ${tag}`, count, customer.email],
      ),
    );

    // The whole export: every row, in chunks.
    const whole = await fetch(`${shop().url}/admin/orders.csv?search=bulk part ${tag}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const reader = whole.body!.getReader();
    let chunks = 0;
    let text = "";
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    const lines = text.split("\r\n");
    expect(lines.length).toBe(count + 2); // header, rows, and the empty string after the last CRLF
    expect(chunks).toBeGreaterThan(10);

    // A client that reads the beginning and stops: the server waits on its cursor, not on a
    // result held in memory; when the client goes away the transaction ends.
    const paused = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${shop().url}/admin/orders.csv?search=${encodeURIComponent(`bulk part ${tag}`)}`,
          { headers: { authorization: `Bearer ${admin.token}` } },
          resolve,
        )
        .on("error", reject);
    });
    await new Promise((resolve) => paused.once("data", resolve));
    paused.pause();
    const exporting = async () =>
      withDatabase(
        async (client) =>
          (
            await client.query(
              // Other workers' shops export on their own databases on the same server: count only ours.
              `SELECT state, query FROM pg_stat_activity WHERE datname = current_database()
                 AND (query LIKE 'FETCH % FROM orders_export' OR query LIKE 'DECLARE orders_export%')`,
            )
          ).rows,
      );
    // The FETCH in flight may still be "active" on a busy machine: the server then waits on the client.
    let during = await exporting();
    for (
      const until = Date.now() + 10_000;
      during[0]?.state === "active" && Date.now() < until;
      during = await exporting()
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(during.length).toBe(1);
    expect(during[0].state).toBe("idle in transaction");
    paused.destroy();
    const deadline = Date.now() + 10_000;
    while ((await exporting()).some((row) => row.state !== "idle") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await exporting()).filter((row) => row.state !== "idle")).toEqual([]);
  });
});
