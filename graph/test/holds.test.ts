import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, insertPart, newCustomer, orderBody, rest, type Shopper, withDatabase } from "./support/client";
import { restAt } from "./support/fixtures";
import { type ShopProcess } from "./support/processes";
import { startSiblingShop, suiteSandbox } from "./support/siblings";

/*
 * Holds that end, through the shop: an unpaid order keeps its units until a time the shop sets,
 * then its job cancels it, its units go back on sale and its card payment is called off; placing
 * orders and opening payments are rate-limited per customer. That holds end once however many
 * processes end them, and what one customer may hold unpaid, are the order service's rules,
 * tested in the service tier (test/services/holds.test.ts).
 */

let stripe: Stripe;
const siblings: ShopProcess[] = [];

beforeAll(async () => {
  const sandbox = await suiteSandbox();
  const url = new URL(sandbox.url);
  stripe = new Stripe(sandbox.secretKey, { host: url.hostname, port: Number(url.port), protocol: "http" });
});
afterAll(async () => {
  await Promise.all(siblings.map((sibling) => sibling.stop()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function placeOrder(customer: Shopper, partId: string, quantity = 1): Promise<string> {
  const answer = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, quantity) });
  if (answer.status !== 201) throw new Error(`order refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.insertedId;
}

async function openPayment(customer: Shopper, orderId: string): Promise<string> {
  const answer = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
  if (answer.status !== 200) throw new Error(`payment refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.clientSecret.split("_secret_")[0];
}

const availableOf = (partId: string) =>
  withDatabase(
    async (client) => (await client.query("SELECT available FROM parts WHERE id = $1", [partId])).rows[0].available,
  );

/** What time does to a hold, without waiting for it: the hold ended a moment ago. */
const endHolds = (orderIds: string[]) =>
  withDatabase((client) =>
    client.query("UPDATE orders SET hold_expires_at = now() - interval '1 second' WHERE id = ANY($1::uuid[])", [
      orderIds,
    ]),
  );

const ordersOf = (orderIds: string[]) =>
  withDatabase(
    async (client) =>
      (await client.query("SELECT id, status, cancel_reason FROM orders WHERE id = ANY($1::uuid[])", [orderIds])).rows,
  );

describe("an unpaid order holds its units until a time the shop sets", () => {
  it("shows the customer until when it is reserved, and not once paid or cancelled", async () => {
    const customer = await newCustomer("hold");
    const part = await insertPart({ available: 5 });
    const before = Date.now();
    const orderId = await placeOrder(customer, part);
    const answer = await gql(
      "{ viewer { orders(first: 5) { edges { node { databaseId status reservedUntil } } } } }",
      {},
      customer.token,
    );
    const order = answer.body.data.viewer.orders.edges.find((edge: any) => edge.node.databaseId === orderId).node;
    const until = Date.parse(order.reservedUntil);
    // The default hold is an hour.
    expect(until - before).toBeGreaterThan(59 * 60_000);
    expect(until - before).toBeLessThan(61 * 60_000);
    await rest("DELETE", `/userOrder/${orderId}`, { token: customer.token });
    const cancelled = await withDatabase(
      async (client) => (await client.query("SELECT cancel_reason FROM orders WHERE id = $1", [orderId])).rows[0],
    );
    expect(cancelled.cancel_reason).toBe("customer");
  });

  it("a payment cannot be opened for a reservation whose hold has ended", async () => {
    const customer = await newCustomer("late");
    const orderId = await placeOrder(customer, await insertPart({ available: 5 }));
    await endHolds([orderId]);
    const answer = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(/reservation has ended/);
  });

  it("cancelling an order calls off its card payment", async () => {
    const customer = await newCustomer("calloff");
    const orderId = await placeOrder(customer, await insertPart({ available: 5 }));
    const intentId = await openPayment(customer, orderId);
    expect((await rest("DELETE", `/userOrder/${orderId}`, { token: customer.token })).status).toBe(200);
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe("canceled");
  });

  // That two processes ending them at once end each once is the service tier's (test/services/holds.test.ts).
  it("the shop's own job ends the holds that passed: cancelled, their units back on sale, their payments called off", async () => {
    siblings.push(await startSiblingShop("expiry", { HOLD_EXPIRY_INTERVAL_SECONDS: "1" }));
    const parts = await Promise.all(Array.from({ length: 6 }, () => insertPart({ available: 100 })));
    const customers = await Promise.all(Array.from({ length: 12 }, () => newCustomer("expiring")));
    const orderIds: string[] = [];
    for (const [index, customer] of customers.entries()) {
      for (const part of [parts[index % 6], parts[(index + 1) % 6], parts[(index + 3) % 6]])
        orderIds.push(await placeOrder(customer, part, 3));
    }
    const intents = await Promise.all(
      customers.slice(0, 4).map((customer, index) => openPayment(customer, orderIds[index * 3])),
    );
    for (const part of parts) expect(await availableOf(part)).toBe(100 - 6 * 3);

    await endHolds(orderIds);
    for (let waited = 0; (await ordersOf(orderIds)).some((order) => order.status === "unpaid"); waited += 250) {
      if (waited > 30_000)
        throw new Error(`holds still unpaid after 30 s: ${JSON.stringify(await ordersOf(orderIds))}`);
      await sleep(250);
    }
    expect(new Set((await ordersOf(orderIds)).map((order) => `${order.status}/${order.cancel_reason}`))).toEqual(
      new Set(["cancelled/hold_expired"]),
    );
    // Every unit back exactly once: a second release would have put more on sale than there was.
    for (const part of parts) expect(await availableOf(part)).toBe(100);
    for (const intent of intents) {
      for (
        let waited = 0;
        (await stripe.paymentIntents.retrieve(intent)).status !== "canceled" && waited < 10_000;
        waited += 250
      )
        await sleep(250);
      expect((await stripe.paymentIntents.retrieve(intent)).status).toBe("canceled");
    }
  });
});

describe("placing orders and opening payments are rate-limited per customer", () => {
  it("beyond the limit: 429 with Retry-After, for that customer only, over REST and GraphQL", async () => {
    const limited = await startSiblingShop("order-limits", { RATE_LIMIT_ORDERS: "3", RATE_LIMIT_PAYMENT_INTENTS: "2" });
    siblings.push(limited);
    const customer = await newCustomer("eager");
    const neighbour = await newCustomer("neighbour");
    const parts = await Promise.all(Array.from({ length: 4 }, () => insertPart({ available: 10 })));
    const placed: string[] = [];
    for (const part of parts.slice(0, 3)) {
      const answer = await restAt(limited.url, "POST", "/order", { token: customer.token, body: orderBody(part, 1) });
      expect(answer.status).toBe(201);
      placed.push(answer.body.insertedId);
    }
    const refused = await restAt(limited.url, "POST", "/order", {
      token: customer.token,
      body: orderBody(parts[3], 1),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({
      success: false,
      error: expect.stringMatching(/Too many order requests for your account/),
    });
    const viaGraphql = await restAt(limited.url, "POST", "/graphql", {
      token: customer.token,
      body: {
        query: "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { databaseId } }",
        variables: { input: { partId: parts[3], quantity: 1, address: "1 Long Road", phone: "0123456789" } },
      },
    });
    expect(viaGraphql.status).toBe(429);
    expect(viaGraphql.body.errors[0].extensions.code).toBe("RATE_LIMITED");
    // Another customer from the same address is not held back.
    expect(
      (await restAt(limited.url, "POST", "/order", { token: neighbour.token, body: orderBody(parts[3], 1) })).status,
    ).toBe(201);

    for (const orderId of placed.slice(0, 2)) {
      expect(
        (await restAt(limited.url, "POST", "/create-payment-intent", { token: customer.token, body: { orderId } }))
          .status,
      ).toBe(200);
    }
    const third = await restAt(limited.url, "POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId: placed[2] },
    });
    expect(third.status).toBe(429);
    expect(third.body.error).toMatch(/Too many payment requests for your account/);
  });
});
