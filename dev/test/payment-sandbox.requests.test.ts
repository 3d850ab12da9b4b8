/**
 * The payment sandbox's request handling that the SDK-driven suite does not reach: idempotency edge
 * cases, authentication variants, body limits, paging, expansion, and how failures are answered.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeSandbox, type StripeSandbox } from "../src/payment-sandbox/stripe-sandbox";
import { client as sdkClient, rejection } from "./support/sandbox-client";

const SECRET_KEY = "sk_test_partshop_requests";
const PUBLISHABLE_KEY = "pk_test_partshop_requests";
const WEBHOOK_SECRET = "whsec_partshop_requests";

const client = (sandbox: StripeSandbox, key = SECRET_KEY) => sdkClient(sandbox, key);

interface ErrorBody {
  error: { type: string; message: string; code?: string; param?: string };
}

describe("payment sandbox request handling", () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  const received: string[] = [];
  const webhookServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200).end();
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => webhookServer.listen(0, "127.0.0.1", resolve));
    sandbox = await startStripeSandbox({
      port: 0,
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/`,
    });
    stripe = client(sandbox);
  });

  afterAll(async () => {
    await sandbox?.close();
    await new Promise<void>((resolve) => {
      webhookServer.close(() => resolve());
      webhookServer.closeAllConnections();
    });
  });

  const post = (pathname: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${sandbox.url}${pathname}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${SECRET_KEY}`,
        "Content-Type": "application/x-www-form-urlencoded",
        ...headers,
      },
      body,
    });

  describe("idempotency keys", () => {
    it("a replayed idempotency key on another endpoint is refused", async () => {
      const key = `endpoint-${Date.now()}`;
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: "eur" }, { idempotencyKey: key });
      const error = await rejection(stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: key }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(error.message).toMatch(/same endpoint they were first used for/);
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");
    });

    it("a replayed idempotency key with the same parameters in another order is a replay", async () => {
      const key = `order-${Date.now()}`;
      const first = await post("/v1/payment_intents", "currency=eur&amount=1000&metadata[a]=1&metadata[b]=2", {
        "Idempotency-Key": key,
      });
      const second = await post("/v1/payment_intents", "metadata[b]=2&metadata[a]=1&amount=1000&currency=eur", {
        "Idempotency-Key": key,
      });
      expect(second.headers.get("idempotent-replayed")).toBe("true");
      expect(second.headers.get("original-request")).toBe(first.headers.get("request-id"));
      expect(await second.text()).toBe(await first.text());
    });

    it("an idempotency key longer than 255 characters is refused", async () => {
      const response = await post("/v1/payment_intents", "currency=eur&amount=1000", {
        "Idempotency-Key": "k".repeat(256),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error).toMatchObject({
        type: "invalid_request_error",
        param: "Idempotency-Key",
      });
    });

    it("a rejected request is not remembered, so a corrected retry with the same key goes through", async () => {
      const key = `corrected-${Date.now()}`;
      const rejected = await post("/v1/payment_intents", "currency=eur", { "Idempotency-Key": key });
      expect(rejected.status).toBe(400);
      const retried = await post("/v1/payment_intents", "currency=eur&amount=1000", { "Idempotency-Key": key });
      expect(retried.status).toBe(200);
      expect(retried.headers.get("idempotent-replayed")).toBeNull();
      expect(retried.headers.get("idempotency-key")).toBe(key);
    });
  });

  describe("authentication and request bodies", () => {
    it("accepts the secret key as the user of basic auth", async () => {
      const response = await fetch(`${sandbox.url}/v1/payment_intents?limit=1`, {
        headers: { Authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString("base64")}` },
      });
      expect(response.status).toBe(200);
    });

    it("refuses an unknown authorization scheme with a 401 and a WWW-Authenticate challenge", async () => {
      const response = await fetch(`${sandbox.url}/v1/payment_intents`, {
        headers: { Authorization: `Token ${SECRET_KEY}` },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Basic realm="Stripe"');
      expect(((await response.json()) as ErrorBody).error.message).toMatch(/^Invalid authorization header/);
    });

    it("refuses a JSON body and points to form encoding", async () => {
      const response = await post("/v1/payment_intents", JSON.stringify({ amount: 1000, currency: "eur" }), {
        "Content-Type": "application/json",
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.message).toMatch(/form-encoded parameters/);
    });

    it("refuses a body over 1 MiB with a 413", async () => {
      const response = await post("/v1/payment_intents", `description=${"x".repeat(1024 * 1024)}`);
      expect(response.status).toBe(413);
      expect(((await response.json()) as ErrorBody).error.message).toBe("The request body is too large.");
    });

    it("the publishable key cannot read an intent without its client_secret", async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: "eur" });
      const response = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}`, {
        headers: { Authorization: `Bearer ${PUBLISHABLE_KEY}` },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error).toMatchObject({
        code: "parameter_missing",
        param: "client_secret",
      });
    });
  });

  describe("answers", () => {
    it("carries a Request-Id and the Stripe-Version it was served with", async () => {
      const response = await fetch(`${sandbox.url}/v1/payment_intents?limit=1`, {
        headers: { Authorization: `Bearer ${SECRET_KEY}`, "Stripe-Version": "2024-06-20" },
      });
      expect(response.headers.get("request-id")).toMatch(/^req_\w{14}$/);
      expect(response.headers.get("stripe-version")).toBe("2024-06-20");
      expect(response.headers.get("cache-control")).toBe("no-cache, no-store");
    });

    it("lets the preflight allow any extra header the browser asks for", async () => {
      const response = await fetch(`${sandbox.url}/v1/payment_intents`, {
        method: "OPTIONS",
        headers: { "Access-Control-Request-Headers": "X-Custom-Thing", Origin: "http://localhost:5173" },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-headers")).toContain("x-custom-thing");
      expect(response.headers.get("access-control-allow-methods")).toBe("GET, POST, DELETE, OPTIONS");
    });

    it("answers an unexpected failure with a 500 api_error that says not to retry", async () => {
      const response = await fetch(`${sandbox.url}/v1/payment_intents/%E0%A4%A`, {
        headers: { Authorization: `Bearer ${SECRET_KEY}` },
      });
      expect(response.status).toBe(500);
      expect(response.headers.get("stripe-should-retry")).toBe("false");
      expect(((await response.json()) as ErrorBody).error.type).toBe("api_error");
    });

    it("answers a known path with an unserved method as an unrecognized URL", async () => {
      const response = await fetch(`${sandbox.url}/v1/payment_intents`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${SECRET_KEY}` },
      });
      expect(response.status).toBe(404);
      expect(((await response.json()) as ErrorBody).error.message).toMatch(
        /^Unrecognized request URL \(DELETE: \/v1\/payment_intents\)/,
      );
    });
  });

  describe("listing, updating and expanding", () => {
    it("lists intents newest first and pages with starting_after and ending_before", async () => {
      const customer = `cus_paging_${Date.now()}`;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push((await stripe.paymentIntents.create({ amount: 1000, currency: "eur", customer })).id);
      const [oldest, middle, newest] = ids;

      const firstPage = await stripe.paymentIntents.list({ customer, limit: 2 });
      expect(firstPage.data.map((intent) => intent.id)).toEqual([newest, middle]);
      expect(firstPage.has_more).toBe(true);
      const after = await stripe.paymentIntents.list({ customer, limit: 2, starting_after: middle });
      expect(after.data.map((intent) => intent.id)).toEqual([oldest]);
      expect(after.has_more).toBe(false);
      const before = await stripe.paymentIntents.list({ customer, limit: 1, ending_before: oldest });
      expect(before.data.map((intent) => intent.id)).toEqual([middle]);
      expect(before.has_more).toBe(true);

      const missing = await rejection(stripe.paymentIntents.list({ starting_after: "pi_missing" }));
      expect(missing).toMatchObject({ statusCode: 404, param: "starting_after" });
      const badLimit = await rejection(stripe.paymentIntents.list({ limit: 101 }));
      expect(badLimit).toMatchObject({ statusCode: 400, param: "limit" });
    });

    it("filters the list by creation time", async () => {
      const customer = `cus_created_${Date.now()}`;
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: "eur", customer });
      expect((await stripe.paymentIntents.list({ customer, created: { gte: intent.created } })).data).toHaveLength(1);
      expect((await stripe.paymentIntents.list({ customer, created: { gt: intent.created } })).data).toHaveLength(0);
      expect((await stripe.paymentIntents.list({ customer, created: intent.created })).data).toHaveLength(1);
    });

    it("refuses to change the amount of a paid intent but still updates its metadata", async () => {
      const intent = await stripe.paymentIntents.create({
        amount: 1000,
        currency: "eur",
        confirm: true,
        payment_method: "pm_card_visa",
      });
      const error = await rejection(stripe.paymentIntents.update(intent.id, { amount: 2000 }));
      expect(error).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
      const updated = await stripe.paymentIntents.update(intent.id, { metadata: { shipped: "yes" } });
      expect(updated).toMatchObject({ amount: 1000, metadata: { shipped: "yes" } });
    });

    it("attaching a payment method on update makes the intent await confirmation", async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: "eur" });
      const attached = await stripe.paymentIntents.update(intent.id, { payment_method: "pm_card_visa" });
      expect(attached.status).toBe("requires_confirmation");
      const paid = await stripe.paymentIntents.confirm(intent.id);
      expect(paid.status).toBe("succeeded");
    });

    it("expands the latest charge and payment method on request and refuses unknown expansions", async () => {
      const intent = await stripe.paymentIntents.create({
        amount: 1000,
        currency: "eur",
        confirm: true,
        payment_method: "pm_card_visa",
      });
      const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge", "payment_method"] });
      expect(expanded.latest_charge).toMatchObject({ object: "charge", status: "succeeded" });
      expect(expanded.payment_method).toMatchObject({ object: "payment_method", card: { last4: "4242" } });

      const charge = await stripe.charges.retrieve(intent.latest_charge as string, { expand: ["payment_intent"] });
      expect(charge.payment_intent).toMatchObject({ id: intent.id, object: "payment_intent" });

      const error = await rejection(stripe.paymentIntents.retrieve(intent.id, { expand: ["invoice"] }));
      expect(error).toMatchObject({ statusCode: 400, param: "expand" });
    });

    it("stamps events with the API version the intent was created with", async () => {
      const intent = await client(sandbox).paymentIntents.create({ amount: 1000, currency: "eur" }, {
        apiVersion: "2024-06-20",
      } as Stripe.RequestOptions);
      await stripe.paymentIntents.cancel(intent.id);
      const deadline = Date.now() + 5000;
      while (!received.some((body) => body.includes(intent.id)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const event = JSON.parse(received.find((body) => body.includes(intent.id))!) as Stripe.Event;
      expect(event).toMatchObject({ type: "payment_intent.canceled", api_version: "2024-06-20" });
      expect((await stripe.events.retrieve(event.id)).api_version).toBe("2024-06-20");
    });
  });
});

describe("payment sandbox state file", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payment-sandbox-requests-"));

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("saves each change as it happens, not only on close", async () => {
    const stateFile = path.join(dir, "state.json");
    const sandbox = await startStripeSandbox({
      port: 0,
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      stateFile,
    });
    try {
      const intent = await client(sandbox).paymentIntents.create({ amount: 1000, currency: "eur" });
      expect(fs.readFileSync(stateFile, "utf8")).toContain(intent.id);
    } finally {
      const closing = sandbox.close();
      expect(sandbox.close()).toBe(closing);
      await closing;
    }
  });
});
