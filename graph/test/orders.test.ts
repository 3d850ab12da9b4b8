import { describe, expect, it } from "vitest";
import {
  availableOf,
  errorCode,
  gql,
  insertPart,
  newCustomer,
  orderBody,
  rest,
  seededAdmin,
  withDatabase,
} from "./support/client";

describe("placing an order (POST /order)", () => {
  it("reserves the stock and takes user, name and price from the server, not the body", async () => {
    const customer = await newCustomer("buyer", "Bea Buyer");
    const partId = await insertPart({ available: 30, minOrderQuantity: 2, priceCents: 1999 });
    const answer = await rest("POST", "/order", {
      token: customer.token,
      body: orderBody(partId, 3, {
        user: "someone@else.com",
        userName: "Mallory",
        price: 0.01,
        paid: true,
        transactionId: "pi_fake",
      }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ success: true, insertedId: expect.any(String) });
    expect(await availableOf(partId)).toBe(27);
    const order = await rest("GET", `/order/${answer.body.insertedId}`, { token: customer.token });
    expect(order.body).toMatchObject({
      orderId: partId,
      quantity: 3,
      price: 59.97,
      user: customer.email,
      userName: "Bea Buyer",
      paid: false,
      transactionId: null,
      address: "12 Harbour Road, Bristol",
      phone: "0123456789",
    });
  });

  it("a visitor cannot order (401)", async () => {
    const partId = await insertPart({ available: 5 });
    const answer = await rest("POST", "/order", { body: orderBody(partId, 1) });
    expect(answer.status).toBe(401);
    expect(await availableOf(partId)).toBe(5);
  });

  it("refuses quantities outside minimum..stock, non-integers and wrong types, with a message", async () => {
    const customer = await newCustomer();
    const partId = await insertPart({ available: 10, minOrderQuantity: 3 });
    const cases: Array<[unknown, RegExp]> = [
      [2, /minimum order .* is 3/],
      [11, /Only 10 of .* are available/],
      [0, /Quantity must be at least 1/],
      [-4, /Quantity must be at least 1/],
      [2.5, /Quantity must be a whole number/],
      ["5", /Quantity must be a whole number/],
      [1e12, /Quantity is larger than any stock/],
      [undefined, /Quantity must be a whole number/],
    ];
    for (const [quantity, message] of cases) {
      const answer = await rest("POST", "/order", {
        token: customer.token,
        body: orderBody(partId, quantity as number),
      });
      expect(answer.status, String(quantity)).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.error).toMatch(message);
    }
    expect(await availableOf(partId)).toBe(10);
  });

  it("requires address and phone (blank counts as missing) and a numeric phone", async () => {
    const customer = await newCustomer();
    const partId = await insertPart({ available: 10 });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ address: "" }, "Address is required"],
      [{ address: "   " }, "Address is required"],
      [{ phone: undefined }, "Phone is required"],
      [{ phone: "call me" }, "Phone must be 4 to 20 digits"],
      [{ phone: 123456 }, "Phone is required"],
    ];
    for (const [override, message] of cases) {
      const answer = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 1, override) });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(message);
    }
  });

  it("an unknown or malformed part is 404", async () => {
    const customer = await newCustomer();
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const answer = await rest("POST", "/order", { token: customer.token, body: orderBody(id, 1) });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, error: "Part not found" });
    }
  });

  it("a second unpaid order for the same part is 'Already ordered' (409) and reserves nothing", async () => {
    const customer = await newCustomer();
    const partId = await insertPart({ available: 10 });
    expect((await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 1) })).status).toBe(201);
    const again = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 2) });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: "Already ordered" });
    expect(await availableOf(partId)).toBe(9);
  });

  it("50 customers racing for 20 units of stock: exactly 20 succeed and the stock ends at 0", async () => {
    const partId = await insertPart({ available: 20, minOrderQuantity: 1 });
    const customers = await Promise.all(Array.from({ length: 50 }, (_, i) => newCustomer(`racer${i}-`)));
    const answers = await Promise.all(
      customers.map((customer) => rest("POST", "/order", { token: customer.token, body: orderBody(partId, 1) })),
    );
    const succeeded = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 400);
    expect(succeeded).toHaveLength(20);
    expect(refused).toHaveLength(30);
    expect(refused[0].body.error).toMatch(/out of stock/);
    expect(await availableOf(partId)).toBe(0);
    const [{ count }] = await withDatabase(
      async (client) =>
        (await client.query("SELECT count(*)::int AS count FROM orders WHERE part_id = $1", [partId])).rows,
    );
    expect(count).toBe(20);
  });

  it("one customer sending the same order twice at once gets exactly one", async () => {
    const customer = await newCustomer();
    const partId = await insertPart({ available: 10 });
    const answers = await Promise.all(
      [1, 2, 3].map(() => rest("POST", "/order", { token: customer.token, body: orderBody(partId, 2) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(await availableOf(partId)).toBe(8);
  });
});

describe("reading orders", () => {
  it("GET /order?user= lists one's own live orders; another email is 403; an admin may ask for anyone", async () => {
    const alice = await newCustomer("alice");
    const bob = await newCustomer("bob");
    const admin = await seededAdmin();
    const partId = await insertPart({ available: 10 });
    const placed = await rest("POST", "/order", { token: alice.token, body: orderBody(partId, 1) });
    const own = await rest("GET", `/order?user=${alice.email}`, { token: alice.token });
    expect(own.status).toBe(200);
    expect(own.body.map((order: any) => order._id)).toEqual([placed.body.insertedId]);
    expect((await rest("GET", `/order?user=${alice.email}`, { token: bob.token })).status).toBe(403);
    expect((await rest("GET", `/order?user=${alice.email}`)).status).toBe(401);
    expect((await rest("GET", `/order?user=${alice.email}`, { token: admin.token })).body).toHaveLength(1);
    expect((await rest("GET", "/order", { token: alice.token })).status).toBe(400);
  });

  it("another customer's order answers 404, as if it did not exist; an admin sees it", async () => {
    const alice = await newCustomer("alice");
    const bob = await newCustomer("bob");
    const admin = await seededAdmin();
    const partId = await insertPart({ available: 10 });
    const placed = await rest("POST", "/order", { token: alice.token, body: orderBody(partId, 1) });
    expect((await rest("GET", `/order/${placed.body.insertedId}`, { token: bob.token })).status).toBe(404);
    expect((await rest("GET", `/order/${placed.body.insertedId}`, { token: admin.token })).status).toBe(200);
    expect((await rest("GET", `/order/${placed.body.insertedId}`)).status).toBe(401);
  });

  it("GET /getOrders is for admins only and lists every live order", async () => {
    const customer = await newCustomer();
    const admin = await seededAdmin();
    const partId = await insertPart({ available: 10 });
    const placed = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 1) });
    expect((await rest("GET", "/getOrders", { token: customer.token })).status).toBe(403);
    expect((await rest("GET", "/getOrders")).status).toBe(401);
    const all = await rest("GET", "/getOrders", { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.some((order: any) => order._id === placed.body.insertedId)).toBe(true);
  });
});

describe("cancelling (DELETE /userOrder/{id})", () => {
  it("the owner cancels an unpaid order: the stock goes back, it leaves every list, the record stays", async () => {
    const customer = await newCustomer();
    const admin = await seededAdmin();
    const partId = await insertPart({ available: 10 });
    const placed = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 4) });
    expect(await availableOf(partId)).toBe(6);
    const cancelled = await rest("DELETE", `/userOrder/${placed.body.insertedId}`, { token: customer.token });
    expect(cancelled.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await availableOf(partId)).toBe(10);
    expect((await rest("GET", `/order?user=${customer.email}`, { token: customer.token })).body).toEqual([]);
    expect(
      (await rest("GET", "/getOrders", { token: admin.token })).body.some((o: any) => o._id === placed.body.insertedId),
    ).toBe(false);
    const [row] = await withDatabase(
      async (client) => (await client.query("SELECT status FROM orders WHERE id = $1", [placed.body.insertedId])).rows,
    );
    expect(row.status).toBe("cancelled");
    expect((await rest("DELETE", `/userOrder/${placed.body.insertedId}`, { token: customer.token })).status).toBe(404);
    // With the unpaid order gone, the same part can be ordered again.
    expect((await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 1) })).status).toBe(201);
  });

  it("another customer cannot cancel my order (404) and the stock stays reserved", async () => {
    const alice = await newCustomer("alice");
    const bob = await newCustomer("bob");
    const partId = await insertPart({ available: 10 });
    const placed = await rest("POST", "/order", { token: alice.token, body: orderBody(partId, 2) });
    expect((await rest("DELETE", `/userOrder/${placed.body.insertedId}`, { token: bob.token })).status).toBe(404);
    expect((await rest("DELETE", `/userOrder/${placed.body.insertedId}`)).status).toBe(401);
    expect(await availableOf(partId)).toBe(8);
  });

  it("a customer cannot cancel a paid order (409)", async () => {
    const customer = await newCustomer();
    const partId = await insertPart({ available: 10 });
    const placed = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 1) });
    await withDatabase((client) =>
      client.query("UPDATE orders SET status = 'paid', transaction_id = $2, paid_at = now() WHERE id = $1", [
        placed.body.insertedId,
        `pi_test_${placed.body.insertedId}`,
      ]),
    );
    const answer = await rest("DELETE", `/userOrder/${placed.body.insertedId}`, { token: customer.token });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("A paid order cannot be cancelled");
    expect(await availableOf(partId)).toBe(9);
  });

  it("cancellations racing with reservations of the same part all go through: none deadlocks", async () => {
    // Both write the part and the open orders' totals (order_totals, kept by a trigger on orders):
    // taken in opposite orders, a cancellation and a batch of reservations would wait for each other.
    const partId = await insertPart({ available: 1000 });
    let holders = await Promise.all(Array.from({ length: 12 }, () => newCustomer("racer")));
    let newcomers = await Promise.all(Array.from({ length: 12 }, () => newCustomer("racer")));
    const placed = await Promise.all(
      holders.map((customer) => rest("POST", "/order", { token: customer.token, body: orderBody(partId, 2) })),
    );
    expect(placed.map((answer) => answer.status)).toEqual(holders.map(() => 201));
    let orderIds = placed.map((answer) => answer.body.insertedId as string);
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        holders.flatMap((holder, i) => [
          rest("DELETE", `/userOrder/${orderIds[i]}`, { token: holder.token }),
          rest("POST", "/order", { token: newcomers[i].token, body: orderBody(partId, 2) }),
        ]),
      );
      expect(answers.map((answer) => answer.status)).toEqual(holders.flatMap(() => [200, 201]));
      orderIds = answers.filter((_, i) => i % 2 === 1).map((answer) => answer.body.insertedId);
      [holders, newcomers] = [newcomers, holders];
    }
    expect(await availableOf(partId)).toBe(1000 - 24);
  });

  it("an admin cancels any unpaid order through adminCancelOrder; a customer may not", async () => {
    const customer = await newCustomer();
    const admin = await seededAdmin();
    const partId = await insertPart({ available: 10 });
    const placed = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 5) });
    const denied = await gql(
      "mutation($id: ID!) { adminCancelOrder(id: $id) { status } }",
      { id: placed.body.insertedId },
      customer.token,
    );
    expect(errorCode(denied)).toBe("FORBIDDEN");
    const done = await gql(
      "mutation($id: ID!) { adminCancelOrder(id: $id) { status } }",
      { id: placed.body.insertedId },
      admin.token,
    );
    expect(done.body.data.adminCancelOrder.status).toBe("CANCELLED");
    expect(await availableOf(partId)).toBe(10);
  });
});

describe("orders through GraphQL", () => {
  it("placeOrder answers the order with the part's new stock, and CONFLICT 'Already ordered' the second time", async () => {
    const customer = await newCustomer();
    const partId = await insertPart({ available: 12, priceCents: 250 });
    const mutation = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { quantity price paid status part { databaseId available } } }`;
    const input = { partId, quantity: 2, address: "1 Quay St", phone: "5551234" };
    const placed = await gql(mutation, { input }, customer.token);
    expect(placed.body.data.placeOrder).toEqual({
      quantity: 2,
      price: 5,
      paid: false,
      status: "UNPAID",
      part: { databaseId: partId, available: 10 },
    });
    const again = await gql(mutation, { input }, customer.token);
    expect(errorCode(again)).toBe("CONFLICT");
    expect(again.body.errors[0].message).toBe("Already ordered");
  });

  it("wrong input types are BAD_USER_INPUT errors, not crashes", async () => {
    const customer = await newCustomer();
    const answer = await gql(
      `mutation { placeOrder(input: { partId: "x", quantity: "2", address: "a", phone: "1234" }) { status } }`,
      {},
      customer.token,
    );
    expect(answer.body.errors[0].extensions.code).toMatch(/GRAPHQL_VALIDATION_FAILED|BAD_USER_INPUT/);
    const viaVariables = await gql(
      `mutation($q: Int!) { placeOrder(input: { partId: "x", quantity: $q, address: "a", phone: "1234" }) { status } }`,
      { q: "2" },
      customer.token,
    );
    expect(errorCode(viaVariables)).toBe("BAD_USER_INPUT");
  });

  it("cancelOrder by the owner gives the stock back", async () => {
    const customer = await newCustomer();
    const partId = await insertPart({ available: 7 });
    const placed = await gql(
      `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
      { input: { partId, quantity: 3, address: "x", phone: "1234" } },
      customer.token,
    );
    const cancelled = await gql(
      `mutation($id: ID!) { cancelOrder(id: $id) { status part { available } } }`,
      { id: placed.body.data.placeOrder.id },
      customer.token,
    );
    expect(cancelled.body.data.cancelOrder).toEqual({ status: "CANCELLED", part: { available: 7 } });
  });

  it("a customer's orders asked for no more than a row shows read only a row's columns, with their parts in the same statement, and answer and page as a whole read", async () => {
    const customer = await newCustomer("rows");
    const partIds = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => insertPart({ available: 10, priceCents: 100 * n, name: `Row part ${n}` })),
    );
    const placed: string[] = [];
    for (const [n, partId] of partIds.entries()) {
      const answer = await gql(
        "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id databaseId } }",
        { input: { partId, quantity: n + 1, address: `${n} Row St`, phone: "5551234" } },
        customer.token,
      );
      placed.push(answer.body.data.placeOrder.databaseId);
    }
    // One paid (its transaction and date shown), one cancelled (in no list).
    await withDatabase((client) =>
      client.query("UPDATE orders SET status = 'paid', transaction_id = 'pi_rows', paid_at = now() WHERE id = $1", [
        placed[1],
      ]),
    );
    await withDatabase((client) =>
      client.query("UPDATE orders SET status = 'cancelled', cancelled_at = now() WHERE id = $1", [placed[3]]),
    );
    const document = (order: string, part: string) => `query($first: Int, $after: String) {
      viewer { orders(first: $first, after: $after) { edges { cursor node { id ...Row ${order} ${part} } } pageInfo { hasNextPage endCursor } } }
    }
    fragment Row on Order { databaseId partName quantity unitPrice price status paid transactionId createdAt paidAt }`;
    const read = async (query: string, after: string | null) => {
      const answer = await rest("POST", "/graphql", {
        token: customer.token,
        body: { query, variables: { first: 2, after } },
        headers: { "x-sql-statements": "keep" },
      });
      expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
      const statements: Array<{ sql: string }> = JSON.parse(
        Buffer.from(answer.headers.get("x-sql-statements")!, "base64").toString("utf8"),
      );
      return { orders: answer.body.data.viewer.orders, statements: statements.map((statement) => statement.sql) };
    };
    const whole = document("address phone userName userEmail cancelledAt", "part { id name available reviewCount }");
    const cases = [
      {
        label: "rows",
        query: document("", ""),
        shown: (node: any) => omit(node, ["address", "phone", "userName", "userEmail", "cancelledAt", "part"]),
      },
      {
        label: "rows with part cards",
        query: document("", "part { id name available }"),
        shown: (node: any) => ({
          ...omit(node, ["address", "phone", "userName", "userEmail", "cancelledAt"]),
          part: omit(node.part, ["reviewCount"]),
        }),
      },
      {
        label: "rows with whole parts",
        query: document("", "part { id name available reviewCount }"),
        shown: (node: any) => omit(node, ["address", "phone", "userName", "userEmail", "cancelledAt"]),
      },
    ];
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      const expected = await read(whole, after);
      expect(expected.statements.join("\n")).toMatch(/"address"/);
      for (const { label, query, shown } of cases) {
        const narrow = await read(query, after);
        expect(narrow.orders.pageInfo, label).toEqual(expected.orders.pageInfo);
        expect(narrow.orders.edges, label).toEqual(
          expected.orders.edges.map(({ cursor, node }: any) => ({ cursor, node: shown(node) })),
        );
        // One statement for the orders and, when asked, their parts; none of the columns a row does not show.
        expect(narrow.statements, label).toHaveLength(1);
        expect(narrow.statements[0], label).not.toMatch(/"address"|"phone"|"user_name"|"cancelled_at"/);
        expect(narrow.statements[0], label).toMatch(label === "rows" ? /^(?!.*JOIN)/s : /JOIN "parts"/);
        expect(narrow.statements[0], label).toMatch(
          label === "rows with whole parts" ? /"review_count"/ : /^(?!.*"review_count")/s,
        );
      }
      seen.push(...expected.orders.edges.map(({ node }: any) => node.databaseId));
      if (!expected.orders.pageInfo.hasNextPage) break;
      after = expected.orders.pageInfo.endCursor;
    }
    expect(seen).toEqual([placed[4], placed[2], placed[1], placed[0]]);
  });
});

function omit(object: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
}
