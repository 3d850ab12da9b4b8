import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeSandbox, type StripeSandbox } from "../src/payment-sandbox/stripe-sandbox";
import {
  client as sdkClient,
  rejection,
  sleep,
  WebhookReceiver,
  withCard,
  type CardFields,
} from "./support/sandbox-client";

const SECRET_KEY = "sk_test_partshop_sandbox";
const PUBLISHABLE_KEY = "pk_test_partshop_sandbox";
const WEBHOOK_SECRET = "whsec_partshop_sandbox_test_secret";

const client = (sandbox: StripeSandbox, key = SECRET_KEY) => sdkClient(sandbox, key);

describe("Stripe sandbox driven by the stripe SDK", () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    const webhookUrl = await receiver.start();
    sandbox = await startStripeSandbox({
      port: 0,
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl,
    });
    stripe = client(sandbox);
  });

  afterAll(async () => {
    await sandbox?.close();
    await receiver.close();
  });

  const createIntent = (params: Partial<Stripe.PaymentIntentCreateParams> = {}, options?: Stripe.RequestOptions) =>
    stripe.paymentIntents.create(
      { amount: 12_999, currency: "eur", metadata: { orderId: "order-1" }, ...params },
      options,
    );

  describe("creating and reading payment intents", () => {
    it("creates an intent awaiting a payment method and retrieves it unchanged", async () => {
      const created = await createIntent({
        description: "Keyboard for ThinkPad T480",
        automatic_payment_methods: { enabled: true },
      });
      expect(created).toMatchObject({
        object: "payment_intent",
        amount: 12_999,
        currency: "eur",
        status: "requires_payment_method",
        metadata: { orderId: "order-1" },
        description: "Keyboard for ThinkPad T480",
        automatic_payment_methods: { enabled: true },
        livemode: false,
        last_payment_error: null,
        latest_charge: null,
      });
      expect(created.id).toMatch(/^pi_\w+$/);
      expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_\\w+$`));
      expect(created.created).toBeCloseTo(Date.now() / 1000, -1);

      const retrieved = await stripe.paymentIntents.retrieve(created.id);
      expect(retrieved).toEqual(created);
    });

    it("accepts a list of card payment method types instead of automatic payment methods", async () => {
      const allowed = await createIntent({ allowed_payment_method_types: ["card"] });
      expect(allowed.allowed_payment_method_types).toEqual(["card"]);
      expect(allowed.payment_method_types).toEqual(["card"]);
      expect(allowed.automatic_payment_methods).toBeNull();

      // Older API versions call the same list payment_method_types.
      const legacy = await createIntent({
        payment_method_types: ["card"],
      } as Partial<Stripe.PaymentIntentCreateParams>);
      expect(legacy.payment_method_types).toEqual(["card"]);
      expect(legacy.automatic_payment_methods).toBeNull();

      const error = await rejection(createIntent({ allowed_payment_method_types: ["card", "paypal"] }));
      expect(error).toMatchObject({ statusCode: 400, param: "allowed_payment_method_types" });
    });

    it("replays a create sent again with the same idempotency key and parameters", async () => {
      const key = `order-2-${Date.now()}`;
      const first = await createIntent({ metadata: { orderId: "order-2" } }, { idempotencyKey: key });
      const second = await createIntent({ metadata: { orderId: "order-2" } }, { idempotencyKey: key });
      expect(second.id).toBe(first.id);
      expect(second.client_secret).toBe(first.client_secret);
      expect(second.lastResponse.headers["idempotent-replayed"]).toBe("true");
      expect(first.lastResponse.headers["idempotent-replayed"]).toBeUndefined();
    });

    it("refuses an idempotency key reused with different parameters", async () => {
      const key = `order-3-${Date.now()}`;
      await createIntent({ amount: 5000 }, { idempotencyKey: key });
      const error = await rejection(createIntent({ amount: 6000 }, { idempotencyKey: key }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(error.statusCode).toBe(400);
      expect(error.message).toMatch(/same parameters/);
    });

    it("names the parameter when the amount is not a positive integer or the currency is missing", async () => {
      const zero = await rejection(createIntent({ amount: 0 }));
      expect(zero).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(zero).toMatchObject({ statusCode: 400, code: "parameter_invalid_integer", param: "amount" });

      const fractional = await rejection(createIntent({ amount: 10.5 }));
      expect(fractional).toMatchObject({ statusCode: 400, code: "parameter_invalid_integer", param: "amount" });

      const noCurrency = await rejection(
        stripe.paymentIntents.create({ amount: 1000 } as Stripe.PaymentIntentCreateParams),
      );
      expect(noCurrency).toMatchObject({ statusCode: 400, code: "parameter_missing", param: "currency" });

      const unknown = await rejection(createIntent({ colour: "red" } as Partial<Stripe.PaymentIntentCreateParams>));
      expect(unknown).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "colour" });
    });

    it("answers an unknown intent with a 404 resource_missing error", async () => {
      const error = await rejection(stripe.paymentIntents.retrieve("pi_doesnotexist"));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 404, code: "resource_missing", param: "intent" });
      expect(error.message).toBe("No such payment_intent: 'pi_doesnotexist'");
    });

    it("refuses a wrong API key with a 401", async () => {
      const error = await rejection(
        client(sandbox, "sk_test_wrong_key_1234").paymentIntents.create({ amount: 1000, currency: "eur" }),
      );
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error.statusCode).toBe(401);
      expect(error.message).toBe("Invalid API Key provided: sk_test_**********1234");
    });

    it("refuses a request without any API key with a 401", async () => {
      const response = await fetch(`${sandbox.url}/v1/payment_intents`, {
        method: "POST",
        body: "amount=1000&currency=eur",
      });
      expect(response.status).toBe(401);
      const body = (await response.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe("invalid_request_error");
      expect(body.error.message).toMatch(/You did not provide an API key/);
    });

    it("answers an unknown URL with a Stripe-style 404", async () => {
      const response = await fetch(`${sandbox.url}/v1/customers`, {
        headers: { Authorization: `Bearer ${SECRET_KEY}` },
      });
      expect(response.status).toBe(404);
      const body = (await response.json()) as { error: { type: string; message: string } };
      expect(body.error).toMatchObject({ type: "invalid_request_error" });
      expect(body.error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/customers\)/);
    });

    it("updates the amount and metadata of an unpaid intent, and removes metadata set to empty", async () => {
      const intent = await createIntent({ metadata: { orderId: "order-4", coupon: "SPRING" } });
      const updated = await stripe.paymentIntents.update(intent.id, {
        amount: 15_000,
        metadata: { coupon: "", cart: "3 items" },
      });
      expect(updated.amount).toBe(15_000);
      expect(updated.metadata).toEqual({ orderId: "order-4", cart: "3 items" });
    });
  });

  describe("confirming payments", () => {
    it("pays the intent with the 4242 test card", async () => {
      const intent = await createIntent();
      const paid = await stripe.paymentIntents.confirm(intent.id, withCard({ number: "4242424242424242" }));
      expect(paid.status).toBe("succeeded");
      expect(paid.amount_received).toBe(12_999);
      expect(paid.latest_charge).toMatch(/^ch_\w+$/);
      expect(paid.payment_method).toMatch(/^pm_\w+$/);
      expect(paid.last_payment_error).toBeNull();

      const charge = await stripe.charges.retrieve(paid.latest_charge as string);
      expect(charge).toMatchObject({
        status: "succeeded",
        paid: true,
        amount: 12_999,
        payment_intent: intent.id,
        payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } },
        billing_details: { name: "Ada Lovelace", email: "ada@example.com" },
      });
    });

    it("refuses to confirm an intent that already succeeded", async () => {
      const intent = await createIntent();
      await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
      const error = await rejection(stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
    });

    it("a declined card leaves the intent awaiting a payment method", async () => {
      const intent = await createIntent();
      const error = await rejection(stripe.paymentIntents.confirm(intent.id, withCard({ number: "4000000000000002" })));
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({
        statusCode: 402,
        type: "StripeCardError",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      });
      expect(error.payment_intent).toMatchObject({ id: intent.id, status: "requires_payment_method" });

      const after = await stripe.paymentIntents.retrieve(intent.id);
      expect(after.status).toBe("requires_payment_method");
      expect(after.payment_method).toBeNull();
      expect(after.last_payment_error).toMatchObject({
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      });

      // The customer can try again with another card.
      const paid = await stripe.paymentIntents.confirm(intent.id, withCard({ number: "4242 4242 4242 4242" }));
      expect(paid.status).toBe("succeeded");
      expect(paid.last_payment_error).toBeNull();
    });

    it("declines the 9995 card for insufficient funds", async () => {
      const intent = await createIntent();
      const error = await rejection(stripe.paymentIntents.confirm(intent.id, withCard({ number: "4000000000009995" })));
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({
        code: "card_declined",
        decline_code: "insufficient_funds",
        message: "Your card has insufficient funds.",
      });
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");
    });

    it.each([
      [
        "a number failing the Luhn check",
        { number: "4242424242424241" },
        "incorrect_number",
        "Your card number is incorrect.",
      ],
      ["an expired card", { number: "4242424242424242", exp_year: "2020" }, "expired_card", "Your card has expired."],
      [
        "a missing cvc",
        { number: "4242424242424242", cvc: "" },
        "incorrect_cvc",
        "Your card's security code is incorrect.",
      ],
      [
        "a short cvc",
        { number: "4242424242424242", cvc: "12" },
        "incorrect_cvc",
        "Your card's security code is incorrect.",
      ],
    ])("rejects %s as a card error", async (_label, card, code, message) => {
      const intent = await createIntent();
      const error = await rejection(stripe.paymentIntents.confirm(intent.id, withCard(card as CardFields)));
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ statusCode: 402, code, message });
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");
    });

    it("accepts any other Luhn-valid card number", async () => {
      const intent = await createIntent();
      const paid = await stripe.paymentIntents.confirm(intent.id, withCard({ number: "5555555555554444" }));
      expect(paid.status).toBe("succeeded");
    });

    it("understands Stripe's test payment methods", async () => {
      const visa = await stripe.paymentIntents.confirm((await createIntent()).id, { payment_method: "pm_card_visa" });
      expect(visa.status).toBe("succeeded");

      const declined = await rejection(
        stripe.paymentIntents.confirm((await createIntent()).id, { payment_method: "pm_card_chargeDeclined" }),
      );
      expect(declined).toMatchObject({ code: "card_declined", decline_code: "generic_decline" });

      const poor = await rejection(
        stripe.paymentIntents.confirm((await createIntent()).id, {
          payment_method: "pm_card_chargeDeclinedInsufficientFunds",
        }),
      );
      expect(poor).toMatchObject({ code: "card_declined", decline_code: "insufficient_funds" });
    });

    it("creates and confirms in one call with confirm=true", async () => {
      const intent = await createIntent({ confirm: true, payment_method: "pm_card_visa" });
      expect(intent.status).toBe("succeeded");
    });

    it("cancels an unpaid intent, which can then no longer be confirmed", async () => {
      const intent = await createIntent();
      const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: "abandoned" });
      expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
      const error = await rejection(stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" }));
      expect(error).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
    });

    it("replays a declined confirm for the same idempotency key instead of charging again", async () => {
      const intent = await createIntent();
      const key = `confirm-${intent.id}`;
      const first = await rejection(
        stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_chargeDeclined" }, { idempotencyKey: key }),
      );
      const second = await rejection(
        stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_chargeDeclined" }, { idempotencyKey: key }),
      );
      expect(second).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(second.headers?.["idempotent-replayed"]).toBe("true");
      expect(second.charge).toBe(first.charge);
    });
  });

  describe("a browser confirming with the publishable key", () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const browserCard = (clientSecret: string, number: string) =>
      form({
        client_secret: clientSecret,
        "payment_method_data[type]": "card",
        "payment_method_data[card][number]": number,
        "payment_method_data[card][exp_month]": "12",
        "payment_method_data[card][exp_year]": "2030",
        "payment_method_data[card][cvc]": "123",
        "payment_method_data[billing_details][name]": "Grace Hopper",
      });

    it("is allowed across origins by the CORS preflight", async () => {
      const response = await fetch(`${sandbox.url}/v1/payment_intents/pi_any/confirm`, {
        method: "OPTIONS",
        headers: {
          Origin: "http://localhost:5173",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization, content-type, idempotency-key, stripe-version",
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      const allowed = response.headers.get("access-control-allow-headers") ?? "";
      for (const header of ["authorization", "content-type", "idempotency-key", "stripe-version"]) {
        expect(allowed).toContain(header);
      }
    });

    it("confirms with the publishable key and the client_secret, seeing no server-side metadata", async () => {
      const intent = await createIntent({ metadata: { orderId: "order-browser" } });
      const response = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}/confirm`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${PUBLISHABLE_KEY}`,
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "http://localhost:5173",
        },
        body: browserCard(intent.client_secret as string, "4242424242424242"),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ id: intent.id, status: "succeeded" });
      expect(body.metadata).toBeUndefined();

      // The server sees the whole, paid intent.
      expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
        status: "succeeded",
        metadata: { orderId: "order-browser" },
      });

      // And the browser may read it back with its client_secret.
      const read = await fetch(
        `${sandbox.url}/v1/payment_intents/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret as string)}`,
        {
          headers: { Authorization: `Bearer ${PUBLISHABLE_KEY}` },
        },
      );
      expect(read.status).toBe(200);
      expect(((await read.json()) as { status: string }).status).toBe("succeeded");
    });

    it("gets a 402 card_error for a declined card", async () => {
      const intent = await createIntent();
      const response = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}/confirm`, {
        method: "POST",
        headers: { Authorization: `Bearer ${PUBLISHABLE_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: browserCard(intent.client_secret as string, "4000000000000002"),
      });
      expect(response.status).toBe(402);
      const body = (await response.json()) as { error: Record<string, unknown> };
      expect(body.error).toMatchObject({
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        payment_intent: { id: intent.id, status: "requires_payment_method" },
      });
    });

    it("may send the publishable key as the key parameter, as Stripe.js does", async () => {
      const intent = await createIntent();
      const response = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}/confirm`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `key=${PUBLISHABLE_KEY}&${browserCard(intent.client_secret as string, "4242424242424242")}`,
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { status: string }).status).toBe("succeeded");
    });

    it("cannot confirm without the matching client_secret nor create intents", async () => {
      const intent = await createIntent();
      const wrongSecret = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}/confirm`, {
        method: "POST",
        headers: { Authorization: `Bearer ${PUBLISHABLE_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: browserCard(`${intent.id}_secret_guessed`, "4242424242424242"),
      });
      expect(wrongSecret.status).toBe(400);
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");

      const error = await rejection(
        client(sandbox, PUBLISHABLE_KEY).paymentIntents.create({ amount: 1000, currency: "eur" }),
      );
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    });
  });

  describe("webhooks", () => {
    it("posts a signed payment_intent.succeeded event that constructEvent verifies", async () => {
      const intent = await createIntent({ metadata: { orderId: "order-webhook" } });
      await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
      const isOurs = (body: string) => body.includes(intent.id) && body.includes('"payment_intent.succeeded"');
      await receiver.waitFor(() => receiver.received.some(({ rawBody }) => isOurs(rawBody)));
      const delivery = receiver.received.find(({ rawBody }) => isOurs(rawBody))!;

      expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, WEBHOOK_SECRET);
      expect(event).toMatchObject({
        object: "event",
        type: "payment_intent.succeeded",
        livemode: false,
        pending_webhooks: 1,
        data: { object: { id: intent.id, status: "succeeded", metadata: { orderId: "order-webhook" } } },
      });
      expect(event.id).toMatch(/^evt_\w+$/);
      expect(typeof event.api_version).toBe("string");

      // The same event can be fetched back, as a handler may do to double-check.
      expect((await stripe.events.retrieve(event.id)).id).toBe(event.id);
    });

    it("rejects a tampered body or a wrong secret when verifying the signature", async () => {
      const intent = await createIntent();
      await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
      await receiver.waitFor(() => receiver.received.some(({ rawBody }) => rawBody.includes(intent.id)));
      const delivery = receiver.received.find(({ rawBody }) => rawBody.includes(intent.id))!;

      const tampered = delivery.rawBody.replace('"amount": 12999', '"amount": 1');
      expect(tampered).not.toBe(delivery.rawBody);
      expect(() => stripe.webhooks.constructEvent(tampered, delivery.signature, WEBHOOK_SECRET)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
      expect(() => stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, "whsec_other")).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    });

    it("posts payment_intent.payment_failed when a card is declined", async () => {
      const intent = await createIntent();
      await rejection(stripe.paymentIntents.confirm(intent.id, withCard({ number: "4000000000009995" })));
      const isOurs = (body: string) => body.includes(intent.id) && body.includes('"payment_intent.payment_failed"');
      await receiver.waitFor(() => receiver.received.some(({ rawBody }) => isOurs(rawBody)));
      const delivery = receiver.received.find(({ rawBody }) => isOurs(rawBody))!;
      const event = stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, WEBHOOK_SECRET);
      expect(event.type).toBe("payment_intent.payment_failed");
      const failed = event.data.object as Stripe.PaymentIntent;
      expect(failed.status).toBe("requires_payment_method");
      expect(failed.last_payment_error).toMatchObject({ code: "card_declined", decline_code: "insufficient_funds" });
    });
  });
});

describe("webhook delivery retries", () => {
  const receiver = new WebhookReceiver();
  let webhookUrl: string;
  const sandboxes: StripeSandbox[] = [];

  beforeAll(async () => {
    webhookUrl = await receiver.start();
  });

  afterAll(async () => {
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
    await receiver.close();
  });

  const start = async (retryDelaysMs: number[]) => {
    const sandbox = await startStripeSandbox({
      port: 0,
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl,
      webhookRetryDelaysMs: retryDelaysMs,
    });
    sandboxes.push(sandbox);
    return sandbox;
  };

  it("sends the event again when the endpoint answers with an error", async () => {
    const sandbox = await start([50, 100]);
    receiver.received.length = 0;
    receiver.statuses = [500];
    const stripe = client(sandbox);
    const intent = await stripe.paymentIntents.create({ amount: 2000, currency: "usd" });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    await receiver.waitFor(() => receiver.received.length >= 2);
    await sleep(200);
    const [first, second] = receiver.events();
    expect(receiver.received).toHaveLength(2);
    expect(second.id).toBe(first.id);
    // Every attempt carries a valid signature.
    for (const delivery of receiver.received) {
      expect(() => stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, WEBHOOK_SECRET)).not.toThrow();
    }
  });

  it("stops retrying once the sandbox is closed", async () => {
    const sandbox = await start([300]);
    receiver.received.length = 0;
    receiver.statuses = [500, 500];
    const stripe = client(sandbox);
    const intent = await stripe.paymentIntents.create({ amount: 2000, currency: "usd" });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    await receiver.waitFor(() => receiver.received.length >= 1);
    await sandbox.close();
    await sleep(500);
    expect(receiver.received).toHaveLength(1);
    receiver.statuses = [];
  });
});

describe("state file", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stripe-sandbox-"));
  const stateFile = path.join(dir, "nested", "stripe-sandbox.json");
  const open: StripeSandbox[] = [];

  afterAll(async () => {
    await Promise.all(open.map((sandbox) => sandbox.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    const sandbox = await startStripeSandbox({
      port: 0,
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      stateFile,
    });
    open.push(sandbox);
    return sandbox;
  };

  it("sets an unreadable state file aside and starts empty", async () => {
    const broken = path.join(dir, "broken.json");
    fs.writeFileSync(broken, "{ half a file");
    const messages: string[] = [];
    const sandbox = await startStripeSandbox({
      port: 0,
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      stateFile: broken,
      log: (message) => messages.push(message),
    });
    open.push(sandbox);
    expect(messages.some((message) => message.includes("unreadable"))).toBe(true);
    expect(fs.readdirSync(dir).some((name) => name.startsWith("broken.json.corrupt-"))).toBe(true);
    const list = await client(sandbox).paymentIntents.list();
    expect(list.data).toEqual([]);
  });

  it("keeps intents, their payments and idempotency keys across a restart", async () => {
    const first = await start();
    const key = "restart-order-1";
    const paid = await client(first).paymentIntents.create(
      {
        amount: 4200,
        currency: "eur",
        metadata: { orderId: "order-restart" },
        confirm: true,
        payment_method: "pm_card_visa",
      },
      { idempotencyKey: key },
    );
    const pending = await client(first).paymentIntents.create({ amount: 990, currency: "eur" });
    await first.close();
    expect(fs.existsSync(stateFile)).toBe(true);

    const second = await start();
    const stripe = client(second);
    expect(await stripe.paymentIntents.retrieve(paid.id)).toMatchObject({
      status: "succeeded",
      amount: 4200,
      metadata: { orderId: "order-restart" },
      latest_charge: paid.latest_charge,
    });
    expect((await stripe.charges.retrieve(paid.latest_charge as string)).status).toBe("succeeded");

    const replay = await stripe.paymentIntents.create(
      {
        amount: 4200,
        currency: "eur",
        metadata: { orderId: "order-restart" },
        confirm: true,
        payment_method: "pm_card_visa",
      },
      { idempotencyKey: key },
    );
    expect(replay.id).toBe(paid.id);

    const confirmed = await stripe.paymentIntents.confirm(pending.id, { payment_method: "pm_card_visa" });
    expect(confirmed.status).toBe("succeeded");
  });
});
