import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { errorCode, gql, insertPart, newCustomer, orderBody, rest, shop, Shopper } from "./support/client";

let sandboxUrl: string;
let publishableKey: string;
let stripe: Stripe;

beforeAll(async () => {
  const config = await gql("{ publicConfig { paymentSandboxUrl stripePublishableKey } }");
  sandboxUrl = config.body.data.publicConfig.paymentSandboxUrl;
  publishableKey = config.body.data.publicConfig.stripePublishableKey;
  const { hostname, port } = new URL(sandboxUrl);
  stripe = new Stripe("sk_test_partshop_sandbox", { host: hostname, port: Number(port), protocol: "http" });
});

async function placeOrder(customer: Shopper, quantity = 2, priceCents = 1999) {
  const partId = await insertPart({ available: 50, priceCents });
  const placed = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, quantity) });
  return { orderId: placed.body.insertedId as string, partId, total: (priceCents * quantity) / 100 };
}

/** What the browser does with the client secret: confirm the card with the publishable key. */
async function payInBrowser(clientSecret: string, card = "4242424242424242") {
  const intentId = clientSecret.split("_secret_")[0];
  const form = new URLSearchParams({
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": card,
    "payment_method_data[card][exp_month]": "12",
    "payment_method_data[card][exp_year]": "2034",
    "payment_method_data[card][cvc]": "123",
    "payment_method_data[billing_details][name]": "Test Customer",
  });
  const response = await fetch(`${sandboxUrl}/v1/payment_intents/${intentId}/confirm`, {
    method: "POST",
    headers: { authorization: `Bearer ${publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
  return { intentId, status: response.status, body: (await response.json()) as any };
}

describe("creating the payment (POST /create-payment-intent)", () => {
  it("the amount comes from the stored order total, in cents, USD", async () => {
    const customer = await newCustomer();
    const { orderId, total } = await placeOrder(customer, 3, 1250);
    const answer = await rest("POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId, price: total },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.clientSecret).toMatch(/^pi_.+_secret_.+/);
    const intent = await stripe.paymentIntents.retrieve(answer.body.clientSecret.split("_secret_")[0]);
    expect(intent.amount).toBe(3750);
    expect(intent.currency).toBe("usd");
    expect(intent.metadata.orderId).toBe(orderId);
  });

  it("the same order and amount give back the same PaymentIntent", async () => {
    const customer = await newCustomer();
    const { orderId, total } = await placeOrder(customer);
    const first = await rest("POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId, price: total },
    });
    const second = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    const viaGraphQL = await gql(
      "mutation($o: ID!) { createPaymentIntent(orderId: $o) { clientSecret } }",
      { o: orderId },
      customer.token,
    );
    expect(viaGraphQL.body.data.createPaymentIntent.clientSecret).toBe(first.body.clientSecret);
  });

  it("refuses a missing orderId (400), a price that is not the order total (400), someone else's order (404) and visitors (401)", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const { orderId, total } = await placeOrder(customer);
    expect(
      (await rest("POST", "/create-payment-intent", { token: customer.token, body: { price: total } })).status,
    ).toBe(400);
    const wrong = await rest("POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId, price: 0.5 },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/does not match the order total of \$39\.98/);
    expect(
      (await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId, price: "39.98" } }))
        .status,
    ).toBe(400);
    expect((await rest("POST", "/create-payment-intent", { token: other.token, body: { orderId } })).status).toBe(404);
    expect((await rest("POST", "/create-payment-intent", { body: { orderId } })).status).toBe(401);
  });

  it("a paid or cancelled order cannot be paid again (409)", async () => {
    const customer = await newCustomer();
    const cancelled = await placeOrder(customer);
    await rest("DELETE", `/userOrder/${cancelled.orderId}`, { token: customer.token });
    expect(
      (await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId: cancelled.orderId } }))
        .status,
    ).toBe(409);
    const paid = await placeOrder(customer);
    const { body } = await rest("POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId: paid.orderId },
    });
    const { intentId } = await payInBrowser(body.clientSecret);
    await rest("PATCH", `/order/${paid.orderId}`, { token: customer.token, body: { transactionId: intentId } });
    const again = await rest("POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId: paid.orderId },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("This order is already paid");
  });
});

describe("recording the payment (PATCH /order/{id})", () => {
  it("marks the order paid once the provider confirms it, and the same call twice is fine", async () => {
    const customer = await newCustomer();
    const { orderId } = await placeOrder(customer);
    const { body } = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
    const paid = await payInBrowser(body.clientSecret);
    expect(paid.body.status).toBe("succeeded");
    const answer = await rest("PATCH", `/order/${orderId}`, {
      token: customer.token,
      body: { order: "ignored", transactionId: paid.intentId },
    });
    expect(answer.status).toBe(200);
    // The sandbox's webhook races this call: whichever records the payment first modifies the order.
    expect(answer.body).toEqual({ acknowledged: true, modifiedCount: expect.any(Number) });
    expect([0, 1]).toContain(answer.body.modifiedCount);
    const order = await rest("GET", `/order/${orderId}`, { token: customer.token });
    expect(order.body).toMatchObject({ paid: true, transactionId: paid.intentId });
    const again = await rest("PATCH", `/order/${orderId}`, {
      token: customer.token,
      body: { transactionId: paid.intentId },
    });
    expect(again.body).toEqual({ acknowledged: true, modifiedCount: 0 });
  });

  it("a declined card leaves the order unpaid and PATCH refuses the unsucceeded payment", async () => {
    const customer = await newCustomer();
    const { orderId } = await placeOrder(customer);
    const { body } = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
    const declined = await payInBrowser(body.clientSecret, "4000000000000002");
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe("Your card was declined.");
    const insufficient = await payInBrowser(body.clientSecret, "4000000000009995");
    expect(insufficient.body.error.decline_code).toBe("insufficient_funds");
    const answer = await rest("PATCH", `/order/${orderId}`, {
      token: customer.token,
      body: { transactionId: declined.intentId },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("That payment has not succeeded");
    expect((await rest("GET", `/order/${orderId}`, { token: customer.token })).body.paid).toBe(false);
  });

  it("a payment made for another order does not pay this one", async () => {
    const customer = await newCustomer();
    const first = await placeOrder(customer);
    const second = await placeOrder(customer);
    const { body } = await rest("POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId: first.orderId },
    });
    const paid = await payInBrowser(body.clientSecret);
    const answer = await rest("PATCH", `/order/${second.orderId}`, {
      token: customer.token,
      body: { transactionId: paid.intentId },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("That payment was not made for this order");
  });

  it("a succeeded payment of the wrong amount does not pay the order", async () => {
    const customer = await newCustomer();
    const { orderId } = await placeOrder(customer);
    const cheap = await stripe.paymentIntents.create({ amount: 100, currency: "usd", metadata: { orderId } });
    await stripe.paymentIntents.confirm(cheap.id, { payment_method: "pm_card_visa" });
    const answer = await rest("PATCH", `/order/${orderId}`, {
      token: customer.token,
      body: { transactionId: cheap.id },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/amount does not match/);
  });

  it("someone else's order is 404, an unknown payment is 400, a different payment for a paid order is 409", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const { orderId } = await placeOrder(customer);
    const unknown = await rest("PATCH", `/order/${orderId}`, {
      token: customer.token,
      body: { transactionId: "pi_doesnotexist" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("That payment does not exist");
    expect((await rest("PATCH", `/order/${orderId}`, { token: customer.token, body: {} })).status).toBe(400);
    const { body } = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
    const paid = await payInBrowser(body.clientSecret);
    expect(
      (await rest("PATCH", `/order/${orderId}`, { token: other.token, body: { transactionId: paid.intentId } })).status,
    ).toBe(404);
    await rest("PATCH", `/order/${orderId}`, { token: customer.token, body: { transactionId: paid.intentId } });
    const otherOrder = await placeOrder(customer);
    const otherIntent = await rest("POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId: otherOrder.orderId },
    });
    const otherPaid = await payInBrowser(otherIntent.body.clientSecret);
    const conflict = await rest("PATCH", `/order/${orderId}`, {
      token: customer.token,
      body: { transactionId: otherPaid.intentId },
    });
    expect(conflict.status).toBe(409);
  });

  it("confirmOrderPayment does the same through GraphQL", async () => {
    const customer = await newCustomer();
    const { orderId } = await placeOrder(customer);
    const { body } = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
    const paid = await payInBrowser(body.clientSecret);
    const answer = await gql(
      "mutation($o: ID!, $t: String!) { confirmOrderPayment(orderId: $o, transactionId: $t) { paid status transactionId } }",
      { o: orderId, t: paid.intentId },
      customer.token,
    );
    expect(answer.body.data.confirmOrderPayment).toEqual({ paid: true, status: "PAID", transactionId: paid.intentId });
    const bad = await gql(
      'mutation($o: ID!) { confirmOrderPayment(orderId: $o, transactionId: "pi_nope") { paid } }',
      { o: orderId },
      customer.token,
    );
    expect(errorCode(bad)).toBe("CONFLICT");
  });
});

describe("the Stripe webhook (POST /stripe/webhook)", () => {
  const secret = () => fs.readFileSync(path.join(shop().dataDir, "stripe-sandbox-webhook-secret"), "utf8").trim();
  const sign = (payload: string, timestamp = Math.floor(Date.now() / 1000)) =>
    `t=${timestamp},v1=${crypto.createHmac("sha256", secret()).update(`${timestamp}.${payload}`).digest("hex")}`;

  it("a shopper who closes the tab after paying still gets a paid order (the sandbox delivers the signed event)", async () => {
    const customer = await newCustomer();
    const { orderId } = await placeOrder(customer);
    const { body } = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
    const paid = await payInBrowser(body.clientSecret);
    let order: any;
    for (let attempt = 0; attempt < 50; attempt++) {
      order = (await rest("GET", `/order/${orderId}`, { token: customer.token })).body;
      if (order.paid) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(order).toMatchObject({ paid: true, transactionId: paid.intentId });
  });

  it("refuses a tampered and a stale signature, accepts a valid one idempotently", async () => {
    const customer = await newCustomer();
    const { orderId } = await placeOrder(customer);
    const intent = await stripe.paymentIntents.create({ amount: 3998, currency: "usd", metadata: { orderId } }, {});
    const succeeded = { ...intent, status: "succeeded" };
    const payload = JSON.stringify({
      id: "evt_test",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: succeeded },
    });
    const post = (body: string, signature: string) =>
      rest("POST", "/stripe/webhook", { rawBody: body, headers: { "stripe-signature": signature } });

    const tampered = await post(payload.replace("3998", "1"), sign(payload));
    expect(tampered.status).toBe(400);
    const stale = await post(payload, sign(payload, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(400);
    expect((await post(payload, "")).status).toBe(400);
    expect((await rest("GET", `/order/${orderId}`, { token: customer.token })).body.paid).toBe(false);

    const valid = await post(payload, sign(payload));
    expect(valid.status).toBe(200);
    expect((await rest("GET", `/order/${orderId}`, { token: customer.token })).body).toMatchObject({
      paid: true,
      transactionId: intent.id,
    });
    expect((await post(payload, sign(payload))).status).toBe(200);
  });
});
