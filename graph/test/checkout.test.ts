import Stripe from "stripe";
import { sandboxWebhooksSettled } from "../../dev/src/payment-sandbox/webhook-control";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, insertPart, newCustomer, rest, seededAdmin, type Shopper, withDatabase } from "./support/client";
import { eventually, payInSandbox, restAt } from "./support/fixtures";
import { collectedInOregon } from "./support/sale";
import { type ShopProcess } from "./support/processes";
import { startSiblingShop, suiteSandbox } from "./support/siblings";

/*
 * One checkout, one payment: every line of a cart reserved in one transaction or none,
 * each line an order of the spec's shape, one PaymentIntent for what is left to pay, and the
 * payment settled right whatever happened to the lines meanwhile (paid, given back in part,
 * called off), through the stripe SDK against the payment sandbox.
 */

let stripe: Stripe;
let sandbox: Awaited<ReturnType<typeof suiteSandbox>>;
const siblings: ShopProcess[] = [];

beforeAll(async () => {
  sandbox = await suiteSandbox();
  const url = new URL(sandbox.url);
  stripe = new Stripe(sandbox.secretKey, { host: url.hostname, port: Number(url.port), protocol: "http" });
});
afterAll(async () => {
  await Promise.all(siblings.map((sibling) => sibling.stop()));
});

const ADDRESS = "12 Harbour Road, Bristol";
const PHONE = "0123456789";
const CHECKOUT_FIELDS =
  "id databaseId total amountDue orderCount reservedUntil orders { databaseId number partName quantity price status paid }";
const PLACE = `mutation($input: PlaceCheckoutInput!) { placeCheckout(input: $input) { ${CHECKOUT_FIELDS} } }`;

type Line = { partId: string; quantity: number };

async function checkOut(customer: Shopper, lines: Line[], url?: string) {
  const body = { query: PLACE, variables: { input: { lines, ...(await collectedInOregon()) } } };
  const answer = url
    ? await restAt(url, "POST", "/graphql", { token: customer.token, body })
    : await gql(PLACE, body.variables, customer.token);
  return answer;
}

async function placed(customer: Shopper, lines: Line[]) {
  const answer = await checkOut(customer, lines);
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.placeCheckout;
}

async function openCheckoutPayment(
  customer: Shopper,
  checkoutId: string,
): Promise<{ clientSecret: string; amount: number }> {
  const answer = await gql(
    "mutation($checkoutId: ID!) { createCheckoutPaymentIntent(checkoutId: $checkoutId) { clientSecret amount } }",
    { checkoutId },
    customer.token,
  );
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.createCheckoutPaymentIntent;
}

/** What the card form does in the browser with a client secret: the PaymentIntent's id. */
const payWithCard = (clientSecret: string) => payInSandbox(sandbox.url, sandbox.publishableKey, clientSecret);

const stockOf = (partIds: string[]) =>
  withDatabase(async (client) => {
    const { rows } = await client.query("SELECT id, available FROM parts WHERE id = ANY($1::uuid[])", [partIds]);
    return partIds.map((id) => rows.find((row) => row.id === id).available);
  });
const ordersOfCheckout = (checkoutId: string) =>
  withDatabase(
    async (client) =>
      (
        await client.query(
          "SELECT id, status, transaction_id, cancel_reason, total_cents FROM orders WHERE checkout_id = $1 ORDER BY seq",
          [checkoutId],
        )
      ).rows,
  );
const countOrdersOf = (email: string) =>
  withDatabase(
    async (client) =>
      (await client.query("SELECT count(*)::int AS n FROM orders WHERE user_email = $1", [email])).rows[0].n,
  );
const refundsOf = async (intentId: string) => (await stripe.refunds.list({ payment_intent: intentId })).data;

describe("placing a checkout", () => {
  it("reserves every line as an order of the spec's shape, in one checkout, and takes them out of the cart", async () => {
    const customer = await newCustomer("checkout");
    const parts = [
      await insertPart({ available: 10, priceCents: 1250 }),
      await insertPart({ available: 5, priceCents: 999 }),
      await insertPart({ available: 8, priceCents: 400, minOrderQuantity: 2 }),
    ];
    for (const partId of parts) {
      await gql(
        "mutation($line: CartLineInput!) { addToCart(line: $line) { lineCount } }",
        { line: { partId, quantity: 1 } },
        customer.token,
      );
    }
    const checkout = await placed(customer, [
      { partId: parts[0], quantity: 2 },
      { partId: parts[1], quantity: 1 },
      { partId: parts[2], quantity: 3 },
    ]);
    expect(checkout).toMatchObject({ total: 46.99, amountDue: 46.99, orderCount: 3 });
    expect(
      checkout.orders.map((order: any) => [order.partName !== "", order.quantity, order.price, order.status]),
    ).toEqual([
      [true, 2, 25, "UNPAID"],
      [true, 1, 9.99, "UNPAID"],
      [true, 3, 12, "UNPAID"],
    ]);
    expect(new Set(checkout.orders.map((order: any) => order.number)).size).toBe(3);
    expect(Date.parse(checkout.reservedUntil)).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(await stockOf(parts)).toEqual([8, 4, 5]);

    // The spec's routes show each line as an order, as they show any order.
    const mine = await rest("GET", `/order?user=${encodeURIComponent(customer.email)}`, { token: customer.token });
    expect(mine.body).toHaveLength(3);
    const one = await rest("GET", `/order/${checkout.orders[0].databaseId}`, { token: customer.token });
    expect(Object.keys(one.body).sort()).toEqual(
      [
        "_id",
        "address",
        "createdAt",
        "order",
        "orderId",
        "paid",
        "phone",
        "price",
        "quantity",
        "status",
        "transactionId",
        "user",
        "userName",
      ].sort(),
    );
    expect(one.body).toMatchObject({
      orderId: parts[0],
      quantity: 2,
      price: 25,
      // The address it ships to on one line, and its phone.
      address: "12 Harbour Road, Portland OR 97201, United States",
      phone: "+15035550100",
      paid: false,
      user: customer.email,
    });
    const admin = await seededAdmin();
    const all = await rest("GET", `/getOrders?search=${encodeURIComponent(customer.email)}`, { token: admin.token });
    expect(all.body.map((order: any) => order._id).sort()).toEqual(
      checkout.orders.map((order: any) => order.databaseId).sort(),
    );

    const cart = await gql("{ cart { lineCount } }", {}, customer.token);
    expect(cart.body.data.cart.lineCount).toBe(0);
    const read = await gql(
      `query($id: ID!) { checkout(id: $id) { ${CHECKOUT_FIELDS} } }`,
      { id: checkout.id },
      customer.token,
    );
    expect(read.body.data.checkout).toEqual(checkout);
  });

  it("refuses the whole checkout when one line is sold out, naming it, and reserves nothing", async () => {
    const customer = await newCustomer("soldout");
    const plenty = await insertPart({ available: 10 });
    const soldOut = await insertPart({ available: 0, name: `Sold out hinge ${Date.now()}` });
    const answer = await checkOut(customer, [
      { partId: plenty, quantity: 2 },
      { partId: soldOut, quantity: 1 },
    ]);
    const [error] = answer.body.errors;
    expect(error.message).toMatch(/^Sold out hinge \d+ is out of stock$/);
    expect(error.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      line: 1,
      partId: soldOut,
      fields: { "lines.1": [error.message] },
    });
    expect(await stockOf([plenty, soldOut])).toEqual([10, 0]);
    expect(await countOrdersOf(customer.email)).toBe(0);
    expect(
      await withDatabase(
        async (client) =>
          (
            await client.query(
              "SELECT count(*)::int AS n FROM checkouts c JOIN users u ON u.id = c.user_id WHERE u.email = $1",
              [customer.email],
            )
          ).rows[0].n,
      ),
    ).toBe(0);
  });

  it("names the line for each rule a line can break: retired, under its minimum, more than available, already ordered, unknown, twice", async () => {
    const customer = await newCustomer("rules");
    const ok = await insertPart({ available: 10 });
    const retired = await insertPart({ available: 10, name: "Retired keyboard" });
    await withDatabase((client) => client.query("UPDATE parts SET retired_at = now() WHERE id = $1", [retired]));
    const minimum = await insertPart({ available: 10, minOrderQuantity: 4, name: "Screws by four" });
    const few = await insertPart({ available: 2, name: "Rare fan" });
    const ordered = await insertPart({ available: 10, name: "Ordered battery" });
    expect(
      (
        await rest("POST", "/order", {
          token: customer.token,
          body: { orderId: ordered, quantity: 1, address: ADDRESS, phone: PHONE },
        })
      ).status,
    ).toBe(201);
    const cases: Array<[Line, string, string]> = [
      [{ partId: retired, quantity: 1 }, "BAD_USER_INPUT", "Retired keyboard is no longer sold"],
      [{ partId: minimum, quantity: 2 }, "BAD_USER_INPUT", "The minimum order for Screws by four is 4"],
      [{ partId: few, quantity: 3 }, "BAD_USER_INPUT", "Only 2 of Rare fan are available"],
      [{ partId: ordered, quantity: 1 }, "CONFLICT", "Already ordered"],
      [{ partId: "8d0f7a7e-0000-4000-8000-000000000000", quantity: 1 }, "NOT_FOUND", "Part not found"],
      [{ partId: ok, quantity: 1 }, "BAD_USER_INPUT", "Line 2 names the same part as line 1"],
    ];
    for (const [line, code, message] of cases) {
      const answer = await checkOut(customer, [{ partId: ok, quantity: 1 }, line]);
      expect(answer.body.errors?.[0], message).toMatchObject({ message, extensions: { code, line: 1 } });
    }
    expect(await stockOf([ok, retired, minimum, few])).toEqual([10, 10, 10, 2]);
    const invalid = await checkOut(customer, [{ partId: ok, quantity: 0 }]);
    expect(invalid.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT" });
    expect(invalid.body.errors[0].message).toMatch(/Quantity must be at least 1/);
    const empty = await checkOut(customer, []);
    expect(empty.body.errors[0]).toMatchObject({
      message: "Your checkout has no lines: add parts to your cart first",
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect(await countOrdersOf(customer.email)).toBe(1);
  });

  it("two checkouts racing for the last units: one gets every line, the other none", async () => {
    const [first, second] = await Promise.all([newCustomer("racer"), newCustomer("racer")]);
    const common = await insertPart({ available: 100 });
    const scarce = await insertPart({ available: 5 });
    const lines = [
      { partId: common, quantity: 3 },
      { partId: scarce, quantity: 5 },
    ];
    const answers = await Promise.all([checkOut(first, lines), checkOut(second, lines)]);
    const won = answers.filter((answer) => answer.body.data?.placeCheckout);
    const lost = answers.filter((answer) => answer.body.errors);
    expect(won).toHaveLength(1);
    expect(lost[0].body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", line: 1 });
    expect(await stockOf([common, scarce])).toEqual([97, 0]);
  });

  it("counts the whole checkout against what one customer may hold unpaid, and each line against the order rate limit", async () => {
    const bounded = await startSiblingShop("checkout-bounds", { MAX_UNPAID_ORDERS: "3", RATE_LIMIT_ORDERS: "6" });
    siblings.push(bounded);
    const customer = await newCustomer("bounded");
    const parts = await Promise.all(Array.from({ length: 4 }, () => insertPart({ available: 10 })));
    const four = await checkOut(
      customer,
      parts.map((partId) => ({ partId, quantity: 1 })),
      bounded.url,
    );
    expect(four.body.errors[0]).toMatchObject({
      message:
        "This checkout would make 4 unpaid orders, over the 3 one customer may hold at once: remove some lines, or pay or cancel some orders first",
      extensions: { code: "CONFLICT" },
    });
    expect(await stockOf(parts)).toEqual([10, 10, 10, 10]);
    // Four lines were counted against the limit of six: three more are refused before they run.
    const three = await checkOut(
      customer,
      parts.slice(0, 3).map((partId) => ({ partId, quantity: 1 })),
      bounded.url,
    );
    expect(three.status).toBe(429);
    expect(three.body.errors[0].extensions.code).toBe("RATE_LIMITED");
    expect(await stockOf(parts)).toEqual([10, 10, 10, 10]);
  });
});

describe("paying a checkout once", () => {
  it("one PaymentIntent for the total the shop computes; paying it marks every order paid, once whatever repeats", async () => {
    const customer = await newCustomer("payonce");
    const parts = [
      await insertPart({ available: 5, priceCents: 2000 }),
      await insertPart({ available: 5, priceCents: 350 }),
    ];
    const checkout = await placed(customer, [
      { partId: parts[0], quantity: 1 },
      { partId: parts[1], quantity: 2 },
    ]);
    const { clientSecret, amount } = await openCheckoutPayment(customer, checkout.id);
    expect(amount).toBe(27);
    // Reopening answers the same payment.
    expect((await openCheckoutPayment(customer, checkout.databaseId)).clientSecret).toBe(clientSecret);
    const intentId = await payWithCard(clientSecret);
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({ amount: 2700, currency: "usd", metadata: { checkoutId: checkout.databaseId } });

    const confirmed = await gql(
      `mutation($checkoutId: ID!, $transactionId: String!) { confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) { ${CHECKOUT_FIELDS} } }`,
      { checkoutId: checkout.id, transactionId: intentId },
      customer.token,
    );
    expect(confirmed.body.errors, JSON.stringify(confirmed.body.errors)).toBeUndefined();
    expect(confirmed.body.data.confirmCheckoutPayment).toMatchObject({ amountDue: 0, reservedUntil: null });
    expect(confirmed.body.data.confirmCheckoutPayment.orders.map((order: any) => order.status)).toEqual([
      "PAID",
      "PAID",
    ]);
    const rows = await ordersOfCheckout(checkout.databaseId);
    expect(rows.map((row) => row.transaction_id)).toEqual([intentId, intentId]);

    // The webhook came too, and reconciliation runs again: nothing more happens, nothing is refunded.
    const admin = await seededAdmin();
    const again = await gql(
      `mutation($checkoutId: ID!, $transactionId: String!) { confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) { amountDue } }`,
      { checkoutId: checkout.id, transactionId: intentId },
      customer.token,
    );
    expect(again.body.data.confirmCheckoutPayment.amountDue).toBe(0);
    expect(await refundsOf(intentId)).toEqual([]);
    const paidAgain = await gql(
      "mutation($checkoutId: ID!) { createCheckoutPaymentIntent(checkoutId: $checkoutId) { clientSecret } }",
      { checkoutId: checkout.id },
      customer.token,
    );
    expect(paidAgain.body.errors[0]).toMatchObject({
      message: "This checkout is paid: none of its orders is left to pay",
      extensions: { code: "CONFLICT" },
    });
    // Someone else's checkout is not there for them.
    const other = await newCustomer("nosy");
    for (const token of [other.token]) {
      const answer = await gql("query($id: ID!) { checkout(id: $id) { id } }", { id: checkout.id }, token);
      expect(answer.body.errors[0].extensions.code).toBe("NOT_FOUND");
    }
    expect(
      (await gql("query($id: ID!) { checkout(id: $id) { id } }", { id: checkout.id }, admin.token)).body.data.checkout
        .id,
    ).toBe(checkout.id);
  });

  it("a line cancelled before paying: the amount is lowered while it can be, and a payment of the old amount gives that line's share back", async () => {
    const customer = await newCustomer("partial");
    const parts = [
      await insertPart({ available: 5, priceCents: 1000 }),
      await insertPart({ available: 5, priceCents: 1500 }),
      await insertPart({ available: 5, priceCents: 700 }),
    ];
    const checkout = await placed(
      customer,
      parts.map((partId) => ({ partId, quantity: 1 })),
    );
    const opened = await openCheckoutPayment(customer, checkout.id);
    expect(opened.amount).toBe(32);

    // The shopper keeps the card form open; meanwhile one line is cancelled.
    const cancelled = checkout.orders[2].databaseId;
    expect((await rest("DELETE", `/userOrder/${cancelled}`, { token: customer.token })).status).toBe(200);
    expect(await stockOf(parts)).toEqual([4, 4, 5]);
    const intentId = await payWithCard(opened.clientSecret);

    await eventually(async () => {
      const rows = await ordersOfCheckout(checkout.databaseId);
      expect(rows.map((row) => row.status)).toEqual(["paid", "paid", "cancelled"]);
      const refunds = await refundsOf(intentId);
      expect(refunds.map((refund) => refund.amount)).toEqual([700]);
      expect(refunds[0].metadata).toMatchObject({ checkoutId: checkout.databaseId });
    });
    // The cancelled line's history and timeline say its share was given back; the others are paid.
    // (Stripe holds the refund a moment before the shop's transaction that records it commits.)
    await eventually(async () => {
      const timeline = await gql(
        "query($id: ID!) { order(id: $id) { status cancelReason timeline { kind description } } }",
        { id: cancelled },
        customer.token,
      );
      expect(timeline.body.data.order).toMatchObject({ status: "CANCELLED", cancelReason: "CUSTOMER" });
      expect(timeline.body.data.order.timeline.map((event: any) => event.kind)).toEqual([
        "PLACED",
        "CANCELLED",
        "PAYMENT_REFUNDED",
      ]);
      expect(timeline.body.data.order.timeline[2].description).toMatch(/\$7\.00/);
    });

    // Repeated reports and reconciliation give nothing back twice.
    const confirm = () =>
      gql(
        "mutation($checkoutId: ID!, $transactionId: String!) { confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) { amountDue } }",
        { checkoutId: checkout.id, transactionId: intentId },
        customer.token,
      );
    await Promise.all([confirm(), confirm()]);
    expect((await refundsOf(intentId)).map((refund) => refund.amount)).toEqual([700]);
    const entries = await withDatabase(
      async (client) =>
        (
          await client.query(
            "SELECT entity_id FROM audit_log WHERE action = 'payment.refunded' AND after->>'payment' = $1",
            [intentId],
          )
        ).rows,
    );
    expect(entries.map((entry) => entry.entity_id)).toEqual([cancelled]);

    // A second checkout: the line is cancelled before the form is reopened: the same payment, for less.
    const second = await placed(
      customer,
      [parts[0], parts[2]].map((partId) => ({ partId, quantity: 1 })),
    );
    const before = await openCheckoutPayment(customer, second.id);
    expect((await rest("DELETE", `/userOrder/${second.orders[1].databaseId}`, { token: customer.token })).status).toBe(
      200,
    );
    const after = await openCheckoutPayment(customer, second.id);
    expect(after).toEqual({ clientSecret: before.clientSecret, amount: 10 });
    const secondIntent = await payWithCard(after.clientSecret);
    await eventually(async () =>
      expect((await ordersOfCheckout(second.databaseId)).map((row) => row.status)).toEqual(["paid", "cancelled"]),
    );
    expect(await refundsOf(secondIntent)).toEqual([]);
  });

  it("a checkout whose every order was cancelled calls its payment off; one paid anyway is refunded in full", async () => {
    const customer = await newCustomer("calloff");
    const parts = [
      await insertPart({ available: 5, priceCents: 1000 }),
      await insertPart({ available: 5, priceCents: 500 }),
    ];
    const checkout = await placed(
      customer,
      parts.map((partId) => ({ partId, quantity: 1 })),
    );
    const { clientSecret } = await openCheckoutPayment(customer, checkout.id);
    const intentId = clientSecret.split("_secret_")[0];
    for (const order of checkout.orders)
      expect((await rest("DELETE", `/userOrder/${order.databaseId}`, { token: customer.token })).status).toBe(200);
    await eventually(async () => expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe("canceled"));
    const reopened = await gql(
      "mutation($checkoutId: ID!) { createCheckoutPaymentIntent(checkoutId: $checkoutId) { clientSecret } }",
      { checkoutId: checkout.id },
      customer.token,
    );
    expect(reopened.body.errors[0]).toMatchObject({
      message: "Every order of this checkout was cancelled: nothing is left to pay",
      extensions: { code: "CONFLICT" },
    });

    // The hold of another checkout ends while its payment is being made: the payment is given back whole.
    const late = await placed(
      customer,
      parts.map((partId) => ({ partId, quantity: 1 })),
    );
    const lateSecret = (await openCheckoutPayment(customer, late.id)).clientSecret;
    const lateIntent = lateSecret.split("_secret_")[0];
    await withDatabase((client) =>
      client.query(
        "UPDATE orders SET status = 'cancelled', cancelled_at = now(), cancel_reason = 'hold_expired' WHERE checkout_id = $1",
        [late.databaseId],
      ),
    );
    await withDatabase((client) =>
      client.query("UPDATE parts SET available = available + 1 WHERE id = ANY($1::uuid[])", [parts]),
    );
    await payWithCard(lateSecret);
    await eventually(async () =>
      expect((await refundsOf(lateIntent)).reduce((sum, refund) => sum + refund.amount, 0)).toBe(1500),
    );
    expect((await ordersOfCheckout(late.databaseId)).map((row) => row.status)).toEqual(["cancelled", "cancelled"]);
  });

  it("an admin refunds one order of a paid checkout: that order's total only, the others stay paid", async () => {
    const customer = await newCustomer("refundone");
    const admin = await seededAdmin();
    const parts = [
      await insertPart({ available: 5, priceCents: 1200 }),
      await insertPart({ available: 5, priceCents: 800 }),
    ];
    const checkout = await placed(
      customer,
      parts.map((partId) => ({ partId, quantity: 1 })),
    );
    const intentId = await payWithCard((await openCheckoutPayment(customer, checkout.id)).clientSecret);
    await eventually(async () =>
      expect((await ordersOfCheckout(checkout.databaseId)).map((row) => row.status)).toEqual(["paid", "paid"]),
    );

    const refunded = await gql(
      "mutation($id: ID!) { refundOrder(id: $id) { status refundedAmount } }",
      { id: checkout.orders[1].databaseId },
      admin.token,
    );
    expect(refunded.body.data.refundOrder).toEqual({ status: "REFUNDED", refundedAmount: 8 });
    expect((await refundsOf(intentId)).map((refund) => refund.amount)).toEqual([800]);
    // The charge.refunded webhook of that refund, once the shop has answered it, leaves the other order paid.
    await sandboxWebhooksSettled(sandbox.url, sandbox.secretKey);
    expect((await ordersOfCheckout(checkout.databaseId)).map((row) => row.status)).toEqual(["paid", "refunded"]);
    expect(await stockOf(parts)).toEqual([4, 5]);

    // A refund of the rest at Stripe (its dashboard) refunds the order it leaves.
    await stripe.refunds.create({ payment_intent: intentId });
    await eventually(async () =>
      expect((await ordersOfCheckout(checkout.databaseId)).map((row) => row.status)).toEqual(["refunded", "refunded"]),
    );
    expect(await stockOf(parts)).toEqual([5, 5]);
  });

  it("the single-order payment flow still works beside checkouts", async () => {
    const customer = await newCustomer("single");
    const partId = await insertPart({ available: 5, priceCents: 1999 });
    const placedOrder = await rest("POST", "/order", {
      token: customer.token,
      body: { orderId: partId, quantity: 1, address: ADDRESS, phone: PHONE },
    });
    const intent = await rest("POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId: placedOrder.body.insertedId },
    });
    expect(Object.keys(intent.body)).toEqual(["clientSecret"]);
    const transactionId = await payWithCard(intent.body.clientSecret);
    const patched = await rest("PATCH", `/order/${placedOrder.body.insertedId}`, {
      token: customer.token,
      body: { transactionId },
    });
    expect(patched.body).toEqual({ acknowledged: true, modifiedCount: expect.any(Number) });
    expect((await rest("GET", `/order/${placedOrder.body.insertedId}`, { token: customer.token })).body).toMatchObject({
      paid: true,
      transactionId,
    });
  });
});
