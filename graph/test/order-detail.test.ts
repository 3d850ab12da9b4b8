import { describe, expect, it } from "vitest";
import {
  errorCode,
  gql,
  insertPart,
  newCustomer,
  orderBody,
  rest,
  seededAdmin,
  shop,
  type Shopper,
  withDatabase,
} from "./support/client";
import { eventually, payInSandbox, sandboxOf } from "./support/fixtures";

/*
 * Orders a customer can follow: an order's page with its number and timeline (placed,
 * paid, cancelled and why, lapsed, refunded, disputes, with their times), cancelled orders still
 * readable there, and the customer's past orders (cancelled and refunded).
 */

async function place(customer: Shopper, quantity = 1, priceCents = 1500): Promise<string> {
  const answer = await rest("POST", "/order", {
    token: customer.token,
    body: orderBody(await insertPart({ available: 10, priceCents }), quantity),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.insertedId;
}

/** Pays the order with a test card; with 4242 the customer reports it too, as the web app does. */
async function pay(customer: Shopper, orderId: string, card = "4242424242424242"): Promise<string> {
  const intent = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
  const { sandboxUrl, publishableKey } = await sandboxOf(shop().url);
  const transactionId = await payInSandbox(sandboxUrl, publishableKey, intent.body.clientSecret, card);
  if (card === "4242424242424242")
    await rest("PATCH", `/order/${orderId}`, { token: customer.token, body: { transactionId } });
  return transactionId;
}

const DETAIL =
  "databaseId number status cancelReason createdAt paidAt cancelledAt refundedAt checkout { id } timeline { at kind description }";
async function detail(customer: Shopper, orderId: string) {
  const answer = await gql(`query($id: ID!) { order(id: $id) { ${DETAIL} } }`, { id: orderId }, customer.token);
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.order;
}
const kinds = (order: any) => order.timeline.map((event: any) => event.kind);

describe("an order's page", () => {
  it("shows its number and a timeline of what happened, with the times the order keeps", async () => {
    const customer = await newCustomer("timeline");
    const admin = await seededAdmin();
    const orderId = await place(customer, 2, 1250);
    await pay(customer, orderId);
    let order = await detail(customer, orderId);
    expect(order.number).toMatch(/^\d{6,}$/);
    expect(order.checkout).toBeNull();
    expect(order.timeline).toEqual([
      {
        at: order.createdAt,
        kind: "PLACED",
        description: expect.stringMatching(/^Placed: 2 x Test part .+, \$25\.00$/),
      },
      { at: order.paidAt, kind: "PAID", description: "Paid by card, $25.00" },
    ]);
    expect(
      (await gql("mutation($id: ID!) { refundOrder(id: $id) { status } }", { id: orderId }, admin.token)).body.data
        .refundOrder.status,
    ).toBe("REFUNDED");
    order = await detail(customer, orderId);
    expect(kinds(order)).toEqual(["PLACED", "PAID", "REFUNDED"]);
    expect(order.timeline[2]).toEqual({
      at: order.refundedAt,
      kind: "REFUNDED",
      description: "Refunded in full, $25.00; the units went back on sale",
    });
    // Admins read it too; another customer is told it does not exist.
    expect(kinds(await detail(admin, orderId))).toEqual(["PLACED", "PAID", "REFUNDED"]);
    const other = await newCustomer("stranger");
    expect(errorCode(await gql("query($id: ID!) { order(id: $id) { id } }", { id: orderId }, other.token))).toBe(
      "NOT_FOUND",
    );
  });

  it("a cancelled order stays readable with why, lapsed ones say so; the spec's GET /order/{id} still answers 404 for them", async () => {
    const customer = await newCustomer("cancelled");
    const mine = await place(customer);
    const lapsed = await place(customer);
    expect((await rest("DELETE", `/userOrder/${mine}`, { token: customer.token })).status).toBe(200);
    await withDatabase((client) =>
      client.query(
        "UPDATE orders SET status = 'cancelled', cancelled_at = now(), cancel_reason = 'hold_expired' WHERE id = $1",
        [lapsed],
      ),
    );
    const cancelled = await detail(customer, mine);
    expect(cancelled).toMatchObject({ status: "CANCELLED", cancelReason: "CUSTOMER" });
    expect(cancelled.timeline[1]).toEqual({
      at: cancelled.cancelledAt,
      kind: "CANCELLED",
      description: "Cancelled by the customer; the units went back on sale",
    });
    const expired = await detail(customer, lapsed);
    expect(expired.timeline[1]).toMatchObject({
      kind: "EXPIRED",
      description: "The reservation lapsed: it was not paid in time, and the units went back on sale",
    });
    expect((await rest("GET", `/order/${mine}`, { token: customer.token })).status).toBe(404);
  });

  it("a dispute of the payment shows on the timeline as it moves on", async () => {
    const customer = await newCustomer("disputed");
    const orderId = await place(customer);
    await pay(customer, orderId, "4000000000000259");
    await eventually(async () => expect(kinds(await detail(customer, orderId))).toEqual(["PLACED", "PAID", "DISPUTE"]));
    const order = await detail(customer, orderId);
    expect(order.timeline[2].description).toBe("Dispute: the payment was disputed with the card issuer");
  });
});

describe("past orders", () => {
  it("lists a customer's cancelled and refunded orders, newest first, and nothing else", async () => {
    const customer = await newCustomer("past");
    const admin = await seededAdmin();
    const unpaid = await place(customer);
    const cancelled = await place(customer);
    const refunded = await place(customer);
    const paid = await place(customer);
    await rest("DELETE", `/userOrder/${cancelled}`, { token: customer.token });
    await pay(customer, refunded);
    await pay(customer, paid);
    await gql("mutation($id: ID!) { refundOrder(id: $id) { status } }", { id: refunded }, admin.token);
    const answer = await gql(
      "{ viewer { pastOrders(first: 10) { edges { node { databaseId status } } pageInfo { hasNextPage } } } }",
      {},
      customer.token,
    );
    expect(answer.body.data.viewer.pastOrders.edges.map((edge: any) => edge.node)).toEqual([
      { databaseId: refunded, status: "REFUNDED" },
      { databaseId: cancelled, status: "CANCELLED" },
    ]);
    const live = await gql("{ viewer { orders(first: 10) { edges { node { databaseId } } } } }", {}, customer.token);
    expect(live.body.data.viewer.orders.edges.map((edge: any) => edge.node.databaseId)).toEqual([
      paid,
      refunded,
      unpaid,
    ]);
    // Pages by cursor.
    const first = await gql(
      "{ viewer { pastOrders(first: 1) { edges { node { databaseId } } pageInfo { hasNextPage endCursor } } } }",
      {},
      customer.token,
    );
    const next = await gql(
      "query($after: String) { viewer { pastOrders(first: 1, after: $after) { edges { node { databaseId } } pageInfo { hasNextPage } } } }",
      { after: first.body.data.viewer.pastOrders.pageInfo.endCursor },
      customer.token,
    );
    expect(next.body.data.viewer.pastOrders.edges[0].node.databaseId).toBe(cancelled);
    expect(next.body.data.viewer.pastOrders.pageInfo.hasNextPage).toBe(false);
  });
});
