import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pauseSandboxWebhooks, resumeSandboxWebhooks } from "../../dev/src/payment-sandbox/webhook-control";
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
import { eventually, restAt } from "./support/fixtures";
import { GRAPH_DIR, type ShopProcess } from "./support/processes";
import { startSiblingShop, suiteSandbox } from "./support/siblings";

/*
 * Payments that end right, every time: a payment the shop cannot keep (its order cancelled, or
 * paid already) is refunded by itself; admins refund paid orders; what happens at Stripe (a failed
 * attempt, a refund in its dashboard, a dispute) shows on the order; reconciliation repairs what a
 * lost webhook left. Through the real stripe SDK against the payment sandbox.
 */

const RECONCILE = path.join(GRAPH_DIR, "dist", "ops", "reconcile-payments.js");
const run = promisify(execFile);
let stripe: Stripe;
let sandbox: Awaited<ReturnType<typeof suiteSandbox>>;
const siblings: ShopProcess[] = [];

beforeAll(async () => {
  sandbox = await suiteSandbox();
  const url = new URL(sandbox.url);
  stripe = new Stripe(sandbox.secretKey, { host: url.hostname, port: Number(url.port), protocol: "http" });
});
afterAll(async () => {
  await resumeSandboxWebhooks(sandbox.url, sandbox.secretKey);
  await Promise.all(siblings.map((sibling) => sibling.stop()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Placed {
  customer: Shopper;
  partId: string;
  orderId: string;
}

async function placeOrder(quantity = 2, customer?: Shopper): Promise<Placed> {
  const buyer = customer ?? (await newCustomer("refunds"));
  const partId = await insertPart({ available: 10, priceCents: 2500 });
  const answer = await rest("POST", "/order", { token: buyer.token, body: orderBody(partId, quantity) });
  if (answer.status !== 201) throw new Error(`order refused: ${JSON.stringify(answer.body)}`);
  return { customer: buyer, partId, orderId: answer.body.insertedId };
}

async function openPayment({ customer, orderId }: Placed): Promise<string> {
  const answer = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
  if (answer.status !== 200) throw new Error(`payment refused: ${JSON.stringify(answer.body)}`);
  return answer.body.clientSecret;
}

/** What Stripe.js does in the browser with a client secret and a card. */
async function payWithCard(clientSecret: string, card = "4242424242424242"): Promise<{ intentId: string; body: any }> {
  const intentId = clientSecret.split("_secret_")[0];
  const response = await fetch(`${sandbox.url}/v1/payment_intents/${intentId}/confirm`, {
    method: "POST",
    headers: { authorization: `Bearer ${sandbox.publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_secret: clientSecret,
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": card,
      "payment_method_data[card][exp_month]": "12",
      "payment_method_data[card][exp_year]": "2034",
      "payment_method_data[card][cvc]": "123",
    }),
  });
  return { intentId, body: await response.json() };
}

const orderRow = (orderId: string) =>
  withDatabase(
    async (client) =>
      (
        await client.query(
          "SELECT status, transaction_id, refunded_at, refunded_cents, cancel_reason, dispute_status, payment_error FROM orders WHERE id = $1",
          [orderId],
        )
      ).rows[0],
  );
const availableOf = (partId: string) =>
  withDatabase(
    async (client) => (await client.query("SELECT available FROM parts WHERE id = $1", [partId])).rows[0].available,
  );
const refundedCents = async (intentId: string) =>
  (await stripe.refunds.list({ payment_intent: intentId })).data.reduce((sum, refund) => sum + refund.amount, 0);
const history = async (orderId: string) =>
  (
    await gql(
      "query($id: ID!) { auditLog(entityType: ORDER, entityId: $id, first: 10) { edges { node { action actorEmail changes { field after } } } } }",
      { id: orderId },
      (await seededAdmin()).token,
    )
  ).body.data.auditLog.edges.map((edge: any) => edge.node);

/** Runs `work` while the sandbox delivers no webhook: what a lost webhook leaves. */
async function withWebhooksLost<T>(work: () => Promise<T>): Promise<T> {
  await pauseSandboxWebhooks(sandbox.url, sandbox.secretKey);
  try {
    return await work();
  } finally {
    await resumeSandboxWebhooks(sandbox.url, sandbox.secretKey);
  }
}

async function reconcileNow(): Promise<any> {
  const { stdout } = await run(process.execPath, [RECONCILE, "--hours", "2"], {
    env: {
      ...process.env,
      DATABASE_URL: shop().databaseUrl,
      STRIPE_SECRET_KEY: sandbox.secretKey,
      STRIPE_API_URL: sandbox.url,
    },
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

describe("a payment the shop cannot keep is refunded by itself", () => {
  it("a payment that succeeds after its order was cancelled is refunded in full and recorded", async () => {
    const placed = await placeOrder();
    const secret = await openPayment(placed);
    // The cancellation's call to Stripe was lost (the order cancelled, its payment still open).
    await withDatabase((client) =>
      client.query(
        "UPDATE orders SET status = 'cancelled', cancelled_at = now(), cancel_reason = 'customer' WHERE id = $1",
        [placed.orderId],
      ),
    );
    await withDatabase((client) =>
      client.query("UPDATE parts SET available = available + 2 WHERE id = $1", [placed.partId]),
    );
    const { intentId, body } = await payWithCard(secret);
    expect(body.status).toBe("succeeded");
    await eventually(async () => expect(await refundedCents(intentId)).toBe(5000));
    expect(await orderRow(placed.orderId)).toMatchObject({ status: "cancelled", transaction_id: null });
    expect(await availableOf(placed.partId)).toBe(10);
    const [entry] = await history(placed.orderId);
    expect(entry).toMatchObject({ action: "PAYMENT_REFUNDED", actorEmail: "partshop" });
    expect(entry.changes).toEqual(
      expect.arrayContaining([{ field: "why", after: "the order was cancelled before the payment succeeded" }]),
    );
  });

  it("a customer who cancels while a payment went through gets it back, and the log says so with the request id", async () => {
    const sibling = await startSiblingShop("cancel-paid", { LOG_FORMAT: "json" });
    siblings.push(sibling);
    const placed = await placeOrder();
    const secret = await openPayment(placed);
    const { intentId } = await withWebhooksLost(() => payWithCard(secret));
    const cancel = await restAt(sibling.url, "DELETE", `/userOrder/${placed.orderId}`, {
      token: placed.customer.token,
    });
    expect(cancel.status).toBe(200);
    expect(await refundedCents(intentId)).toBe(5000);
    const requestId = cancel.headers.get("x-request-id");
    const line = sibling
      .output()
      .split("\n")
      .find((text) => text.includes("Refunded a payment the shop cannot keep") && text.includes(placed.orderId));
    expect(line).toBeDefined();
    expect(line).toContain(requestId!);
  });

  it("a second payment of an order paid already is refunded; the order keeps the first", async () => {
    const placed = await placeOrder();
    const first = await payWithCard(await openPayment(placed));
    await eventually(async () => expect((await orderRow(placed.orderId)).status).toBe("paid"));
    // A second tab had opened its own payment for the same order.
    const second = await stripe.paymentIntents.create({
      amount: 5000,
      currency: "usd",
      metadata: { orderId: placed.orderId },
    });
    await payWithCard(second.client_secret!);
    await eventually(async () => expect(await refundedCents(second.id)).toBe(5000));
    expect(await orderRow(placed.orderId)).toMatchObject({ status: "paid", transaction_id: first.intentId });
    expect(await refundedCents(first.intentId)).toBe(0);
    // The webhook may come again (Stripe retries): nothing more is refunded or recorded.
    const again = await reconcileNow();
    expect(again.refunded).toBe(0);
    expect((await history(placed.orderId)).filter((entry: any) => entry.action === "PAYMENT_REFUNDED")).toHaveLength(1);
  });
});

describe("admins refund paid orders", () => {
  it("the card is refunded, the units go back, the customer and the admins see REFUNDED, the history has it", async () => {
    const placed = await placeOrder(3);
    const { intentId } = await payWithCard(await openPayment(placed));
    await eventually(async () => expect((await orderRow(placed.orderId)).status).toBe("paid"));
    expect(await availableOf(placed.partId)).toBe(7);
    const admin = await seededAdmin();

    const refunded = await gql(
      "mutation($id: ID!) { refundOrder(id: $id) { status paid refundedAmount refundedAt part { available } } }",
      { id: placed.orderId },
      admin.token,
    );
    expect(refunded.body.data.refundOrder).toMatchObject({
      status: "REFUNDED",
      paid: false,
      refundedAmount: 75,
      part: { available: 10 },
    });
    expect(await refundedCents(intentId)).toBe(7500);
    const mine = await gql(
      "{ viewer { orders(first: 20) { edges { node { databaseId status refundedAt } } } } }",
      {},
      placed.customer.token,
    );
    expect(mine.body.data.viewer.orders.edges.map((edge: any) => edge.node)).toContainEqual(
      expect.objectContaining({ databaseId: placed.orderId, status: "REFUNDED" }),
    );
    const all = await rest("GET", `/getOrders?status=refunded&search=${placed.orderId}`, { token: admin.token });
    expect(all.body).toEqual([expect.objectContaining({ _id: placed.orderId, status: "refunded", paid: false })]);
    expect((await history(placed.orderId))[0]).toMatchObject({ action: "ORDER_REFUNDED", actorEmail: admin.email });

    const twice = await gql(
      "mutation($id: ID!) { refundOrder(id: $id) { status } }",
      { id: placed.orderId },
      admin.token,
    );
    expect(errorCode(twice)).toBe("CONFLICT");
    expect(await refundedCents(intentId)).toBe(7500);
  });

  it("a customer cannot refund (FORBIDDEN), and an unpaid order is cancelled, not refunded", async () => {
    const placed = await placeOrder();
    const customerTry = await gql(
      "mutation($id: ID!) { refundOrder(id: $id) { status } }",
      { id: placed.orderId },
      placed.customer.token,
    );
    expect(errorCode(customerTry)).toBe("FORBIDDEN");
    const unpaid = await gql(
      "mutation($id: ID!) { refundOrder(id: $id) { status } }",
      { id: placed.orderId },
      (await seededAdmin()).token,
    );
    expect(errorCode(unpaid)).toBe("CONFLICT");
    expect(unpaid.body.errors[0].message).toMatch(/Only a paid order can be refunded/);
  });
});

describe("what happens at Stripe shows on the order", () => {
  it("a refund made in Stripe's dashboard: in full, the order is refunded and restocked; in part, it says how much", async () => {
    const whole = await placeOrder();
    const wholePayment = await payWithCard(await openPayment(whole));
    const part = await placeOrder();
    const partPayment = await payWithCard(await openPayment(part));
    await eventually(async () => expect((await orderRow(part.orderId)).status).toBe("paid"));
    await eventually(async () => expect((await orderRow(whole.orderId)).status).toBe("paid"));
    await stripe.refunds.create({ payment_intent: wholePayment.intentId });
    await stripe.refunds.create({ payment_intent: partPayment.intentId, amount: 1000 });
    await eventually(async () =>
      expect(await orderRow(whole.orderId)).toMatchObject({ status: "refunded", refunded_cents: 5000 }),
    );
    expect(await availableOf(whole.partId)).toBe(10);
    expect((await history(whole.orderId))[0]).toMatchObject({ action: "ORDER_REFUNDED", actorEmail: "stripe" });
    await eventually(async () =>
      expect(await orderRow(part.orderId)).toMatchObject({ status: "paid", refunded_cents: 1000 }),
    );
    expect(await availableOf(part.partId)).toBe(8);
  });

  it("a declined card says why on the order, which stays unpaid", async () => {
    const placed = await placeOrder();
    await payWithCard(await openPayment(placed), "4000000000000002");
    await eventually(async () =>
      expect(await orderRow(placed.orderId)).toMatchObject({
        status: "unpaid",
        payment_error: "Your card was declined.",
      }),
    );
    const mine = await gql(
      "{ viewer { orders(first: 20) { edges { node { databaseId paymentError } } } } }",
      {},
      placed.customer.token,
    );
    expect(mine.body.data.viewer.orders.edges.map((edge: any) => edge.node)).toContainEqual({
      databaseId: placed.orderId,
      paymentError: "Your card was declined.",
    });
  });

  it("a dispute shows on the order, from its opening to its end, and in the history", async () => {
    const placed = await placeOrder();
    const { intentId } = await payWithCard(await openPayment(placed), "4000000000000259");
    await eventually(async () =>
      expect(await orderRow(placed.orderId)).toMatchObject({ status: "paid", dispute_status: "needs_response" }),
    );
    const opened = await history(placed.orderId);
    expect(opened[0]).toMatchObject({ action: "ORDER_DISPUTED", actorEmail: "stripe" });
    // An admin cannot refund what the customer charged back.
    const refund = await gql(
      "mutation($id: ID!) { refundOrder(id: $id) { status } }",
      { id: placed.orderId },
      (await seededAdmin()).token,
    );
    expect(errorCode(refund)).toBe("CONFLICT");
    expect(refund.body.errors[0].message).toMatch(/disputed this payment/);
    const [dispute] = (await stripe.disputes.list({ payment_intent: intentId })).data;
    await stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: "losing_evidence" } });
    await eventually(async () => expect((await orderRow(placed.orderId)).dispute_status).toBe("lost"));
    const answer = await gql(
      "query($id: ID!) { order(id: $id) { disputeStatus } }",
      { id: placed.orderId },
      placed.customer.token,
    );
    expect(answer.body.data.order.disputeStatus).toBe("lost");
  });
});

describe("reconciliation repairs what lost webhooks left", () => {
  it("a payment whose webhook was lost is marked paid, a payment of a cancelled order refunded; a second pass changes nothing", async () => {
    const paid = await placeOrder();
    const cancelled = await placeOrder();
    const cancelledSecret = await openPayment(cancelled);
    const { intentId: paidIntent } = await withWebhooksLost(async () => {
      const payment = await payWithCard(await openPayment(paid));
      await withDatabase((client) =>
        client.query("UPDATE orders SET status = 'cancelled', cancelled_at = now() WHERE id = $1", [cancelled.orderId]),
      );
      await withDatabase((client) =>
        client.query("UPDATE parts SET available = available + 2 WHERE id = $1", [cancelled.partId]),
      );
      await payWithCard(cancelledSecret);
      return payment;
    });
    await sleep(1000);
    expect((await orderRow(paid.orderId)).status).toBe("unpaid");

    const report = await reconcileNow();
    expect(report.markedPaid).toBeGreaterThanOrEqual(1);
    expect(report.refunded).toBeGreaterThanOrEqual(1);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "paid", transaction_id: paidIntent });
    expect(await refundedCents(cancelledSecret.split("_secret_")[0])).toBe(5000);
    const second = await reconcileNow();
    expect(second).toMatchObject({ markedPaid: 0, refunded: 0, canceled: 0 });
  });

  it("the periodic job does it by itself", async () => {
    const placed = await placeOrder();
    await withWebhooksLost(async () => payWithCard(await openPayment(placed)));
    const sibling = await startSiblingShop("reconciling", {
      PAYMENT_RECONCILE_INTERVAL_SECONDS: "1",
      PAYMENT_RECONCILE_LOOKBACK_HOURS: "1",
    });
    siblings.push(sibling);
    await eventually(async () => expect((await orderRow(placed.orderId)).status).toBe("paid"), 30_000);
  });
});
