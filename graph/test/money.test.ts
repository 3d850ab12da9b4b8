import fc from "fast-check";
import Stripe from "stripe";
import { sandboxWebhooksSettled } from "../../dev/src/payment-sandbox/webhook-control";
import { beforeAll, describe, expect, it } from "vitest";
import { quote } from "../src/domain/pricing/quote";
import {
  gql,
  insertPart,
  newCustomer,
  orderBody,
  rest,
  seededAdmin,
  type Shopper,
  withDatabase,
} from "./support/client";
import { eventually, payInSandbox } from "./support/fixtures";
import { collectedInOregon } from "./support/sale";
import { suiteSandbox } from "./support/siblings";

/*
 * The money property suite, against a running shop and the payment sandbox through the stripe
 * SDK: random reservations and checkouts, with lines cancelled before the payment is
 * opened or while its card form is open, paid by card, then refunded by admins (one refund sent
 * twice at once, or every line at once), through the shop's HTTP API as the web app and the spec's
 * client use it. The unit tier proves the price calculation itself (src/domain/pricing/quote.spec.ts)
 * and the service tier runs the same sales in greater number (test/services/money.test.ts).
 */

let stripe: Stripe;
let sandbox: Awaited<ReturnType<typeof suiteSandbox>>;
let admin: Shopper;

beforeAll(async () => {
  sandbox = await suiteSandbox();
  const url = new URL(sandbox.url);
  stripe = new Stripe(sandbox.secretKey, { host: url.hostname, port: Number(url.port), protocol: "http" });
  admin = await seededAdmin();
});

/** One sale as a shopper and an admin make it. Prices keep a customer under what they may hold unpaid, and every line at least the $0.50 a card payment must be. */
const sale = fc.record({
  kind: fc.constantFrom("reservation", "checkout"),
  lines: fc.array(
    fc.record({ priceCents: fc.integer({ min: 50, max: 40_000 }), quantity: fc.integer({ min: 1, max: 3 }) }),
    { minLength: 1, maxLength: 4 },
  ),
  /** Which lines of a checkout are cancelled (the first is always kept). */
  cancel: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  /** Whether they are cancelled while the card form is open, so that the payment holds their share. */
  cancelWhileOpen: fc.boolean(),
  refunds: fc.constantFrom("none", "one line twice at once", "every line at once"),
});
type Sale = typeof sale extends fc.Arbitrary<infer T> ? T : never;

interface HeaderRow {
  total_cents: number;
  paid_cents: number;
  refunded_cents: number;
}

const headerOf = (id: string) =>
  withDatabase(
    async (client) =>
      (
        await client.query<HeaderRow>(
          "SELECT total_cents, paid_cents, refunded_cents FROM checkouts WHERE id = (SELECT checkout_id FROM orders WHERE id = $1)",
          [id],
        )
      ).rows[0],
  );
const linesOf = (ids: string[]) =>
  withDatabase(
    async (client) =>
      (
        await client.query<{ id: string; status: string; transaction_id: string | null; total_cents: number }>(
          "SELECT id, status, transaction_id, total_cents FROM orders WHERE id = ANY($1::uuid[])",
          [ids],
        )
      ).rows,
  );
/** The databaseId of the order (header) a line belongs to, which the checkout's operations take. */
const headerIdOf = (lineId: string) =>
  withDatabase(
    async (client) =>
      (await client.query("SELECT checkout_id FROM orders WHERE id = $1", [lineId])).rows[0].checkout_id as string,
  );
const refundsOf = async (intentId: string) =>
  (await stripe.refunds.list({ payment_intent: intentId, limit: 100 })).data;
const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** Places the sale's lines: one reservation of a part, or one checkout of them all. Answers the lines' ids. */
async function place(customer: Shopper, which: Sale, partIds: string[]): Promise<string[]> {
  if (which.kind === "reservation") {
    const answer = await rest("POST", "/order", {
      token: customer.token,
      body: orderBody(partIds[0], which.lines[0].quantity),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return [answer.body.insertedId];
  }
  const answer = await gql(
    "mutation($input: PlaceCheckoutInput!) { placeCheckout(input: $input) { orders { databaseId } } }",
    {
      input: {
        lines: which.lines.map((line, index) => ({ partId: partIds[index], quantity: line.quantity })),
        ...(await collectedInOregon()),
      },
    },
    customer.token,
  );
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.placeCheckout.orders.map((order: { databaseId: string }) => order.databaseId);
}

/** Opens the order's payment the way its flow does; answers the client secret and the amount the provider holds. */
async function openPayment(customer: Shopper, which: Sale, lineIds: string[]) {
  if (which.kind === "reservation") {
    const answer = await rest("POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId: lineIds[0] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.clientSecret as string;
  }
  const checkoutId = await headerIdOf(lineIds[0]);
  const answer = await gql(
    "mutation($checkoutId: ID!) { createCheckoutPaymentIntent(checkoutId: $checkoutId) { clientSecret } }",
    { checkoutId },
    customer.token,
  );
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.createCheckoutPaymentIntent.clientSecret as string;
}

const cancelLine = async (customer: Shopper, lineId: string) =>
  expect((await rest("DELETE", `/userOrder/${lineId}`, { token: customer.token })).status).toBe(200);
const refundLine = (lineId: string) =>
  gql("mutation($id: ID!) { refundOrder(id: $id) { status } }", { id: lineId }, admin.token);

async function sellAndRefund(which: Sale): Promise<void> {
  const lines = which.kind === "reservation" ? which.lines.slice(0, 1) : which.lines;
  const customer = await newCustomer("money");
  const partIds = await Promise.all(lines.map((line) => insertPart({ available: 50, priceCents: line.priceCents })));
  const lineIds = await place(customer, which, partIds);
  const cancelled = lineIds.filter((_, index) => index > 0 && which.cancel[index]);
  const kept = lineIds.filter((id) => !cancelled.includes(id));
  const priced = (ids: string[]) =>
    quote(
      ids.map((id) => ({
        unitPriceCents: lines[lineIds.indexOf(id)].priceCents,
        quantity: lines[lineIds.indexOf(id)].quantity,
      })),
    );

  // The amount sent to the provider is the order's computed total, whenever it is opened.
  if (!which.cancelWhileOpen) for (const id of cancelled) await cancelLine(customer, id);
  const clientSecret = await openPayment(customer, which, lineIds);
  const intentId = clientSecret.split("_secret_")[0];
  const opened = await stripe.paymentIntents.retrieve(intentId);
  const openedFor = which.cancelWhileOpen ? lineIds : kept;
  expect(opened.amount).toBe(priced(openedFor).totalCents);
  expect(opened.currency).toBe("usd");
  if (which.cancelWhileOpen) for (const id of cancelled) await cancelLine(customer, id);
  expect((await headerOf(lineIds[0])).total_cents).toBe(priced(kept).totalCents);

  // Paid once: the shopper's report sent twice at once (in both flows) and the webhook settle it one time.
  await payInSandbox(sandbox.url, sandbox.publishableKey, clientSecret);
  const reports = await Promise.all([
    rest("PATCH", `/order/${lineIds[0]}`, { token: customer.token, body: { transactionId: intentId } }),
    which.kind === "checkout"
      ? gql(
          "mutation($o: ID!, $t: String!) { confirmCheckoutPayment(checkoutId: $o, transactionId: $t) { amountDue } }",
          { o: await headerIdOf(lineIds[0]), t: intentId },
          customer.token,
        )
      : rest("PATCH", `/order/${lineIds[0]}`, { token: customer.token, body: { transactionId: intentId } }),
  ]);
  for (const report of reports) {
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.errors, JSON.stringify(report.body.errors)).toBeUndefined();
  }
  const keptTotal = priced(kept).totalCents;
  await eventually(async () => {
    const rows = await linesOf(lineIds);
    for (const row of rows) {
      if (kept.includes(row.id)) expect(row).toMatchObject({ status: "paid", transaction_id: intentId });
      else expect(row).toMatchObject({ status: "cancelled", transaction_id: null });
    }
    // What the provider keeps of the payment is exactly what the lines it paid cost.
    const givenBack = sumOf((await refundsOf(intentId)).map((refund) => refund.amount));
    expect(opened.amount - givenBack).toBe(keptTotal);
  });
  expect(await headerOf(lineIds[0])).toMatchObject({ paid_cents: keptTotal, refunded_cents: 0 });
  await sandboxWebhooksSettled(sandbox.url, sandbox.secretKey);
  expect((await headerOf(lineIds[0])).paid_cents).toBe(keptTotal);

  // Refunds never exceed what was paid, however many are asked at once.
  const givenBackBefore = sumOf((await refundsOf(intentId)).map((refund) => refund.amount));
  if (which.refunds === "one line twice at once") {
    const answers = await Promise.all([refundLine(kept[0]), refundLine(kept[0])]);
    expect(answers.filter((answer) => answer.body.data?.refundOrder?.status === "REFUNDED")).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.errors?.[0]?.extensions?.code === "CONFLICT")).toHaveLength(1);
  } else if (which.refunds === "every line at once") {
    const answers = await Promise.all([...kept, kept[0]].map(refundLine));
    expect(answers.filter((answer) => answer.body.data?.refundOrder?.status === "REFUNDED")).toHaveLength(kept.length);
  }
  const refundedLines = which.refunds === "none" ? [] : which.refunds === "every line at once" ? kept : [kept[0]];
  const refundedTotal = priced(refundedLines).totalCents;
  const adminRefunds = sumOf((await refundsOf(intentId)).map((refund) => refund.amount)) - givenBackBefore;
  expect(adminRefunds).toBe(refundedTotal);
  expect(givenBackBefore + adminRefunds).toBeLessThanOrEqual(opened.amount);
  await sandboxWebhooksSettled(sandbox.url, sandbox.secretKey);
  const header = await headerOf(lineIds[0]);
  expect(header).toMatchObject({ paid_cents: keptTotal, refunded_cents: refundedTotal });
  expect(header.refunded_cents).toBeLessThanOrEqual(header.paid_cents);
  const rows = await linesOf(kept);
  for (const row of rows) expect(row.status).toBe(refundedLines.includes(row.id) ? "refunded" : "paid");
}

describe("the money property suite", () => {
  it("random reservations and checkouts: the provider is asked the computed total, the order is paid once, refunds stay within what was paid", async () => {
    await fc.assert(fc.asyncProperty(sale, sellAndRefund), { numRuns: 6, endOnFailure: true });
  });
});
