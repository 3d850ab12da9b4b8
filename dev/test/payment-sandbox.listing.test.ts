/**
 * What a reconciliation job reads, through the real stripe SDK: lists walked by auto-pagination,
 * events by type and time, a webhook lost on purpose (the sandbox-only pause), and refunds and
 * disputes kept in the state file across restarts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  pauseSandboxWebhooks,
  resumeSandboxWebhooks,
  startStripeSandbox,
  type StripeSandbox,
} from "../src/payment-sandbox/stripe-sandbox";
import { sandboxWebhooksSettled } from "../src/payment-sandbox/webhook-control";
import { client, rejection, WebhookReceiver } from "./support/sandbox-client";

const SECRET_KEY = "sk_test_partshop_listing";
const PUBLISHABLE_KEY = "pk_test_partshop_listing";
const WEBHOOK_SECRET = "whsec_partshop_listing";

const start = (extra: { webhookUrl?: string; stateFile?: string; webhookRetryDelaysMs?: number[] } = {}) =>
  startStripeSandbox({
    port: 0,
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    ...extra,
  });

describe("payment sandbox lists walked by the SDK's auto-pagination", () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  const created: string[] = [];
  let since: number;

  beforeAll(async () => {
    sandbox = await start();
    stripe = client(sandbox, SECRET_KEY);
    since = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 230; i++)
      created.push((await stripe.paymentIntents.create({ amount: 1000 + i, currency: "eur" })).id);
  }, 120_000);

  afterAll(() => sandbox?.close());

  it("walks every PaymentIntent created since a time with for await, 100 a page, newest first", async () => {
    const seen: string[] = [];
    for await (const intent of stripe.paymentIntents.list({ created: { gte: since }, limit: 100 }))
      seen.push(intent.id);
    expect(seen).toEqual([...created].reverse());
  });

  it("walks them with autoPagingEach and autoPagingToArray too", async () => {
    const seen: string[] = [];
    await stripe.paymentIntents.list({ created: { gte: since }, limit: 100 }).autoPagingEach((intent) => {
      seen.push(intent.id);
    });
    expect(seen).toHaveLength(230);
    expect(new Set(seen).size).toBe(230);
    const array = await stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
    expect(array.map((intent) => intent.id)).toEqual(seen);
  });

  it("walks backwards from ending_before, as the SDK does when given it", async () => {
    const seen: string[] = [];
    for await (const intent of stripe.paymentIntents.list({ ending_before: created[0], limit: 100 }))
      seen.push(intent.id);
    // Reverse iteration yields the oldest newer intent first.
    expect(seen).toEqual(created.slice(1));
  });

  it("one page says whether more follow, and bounds the limit", async () => {
    const page = await stripe.paymentIntents.list({ created: { gte: since }, limit: 100 });
    expect(page).toMatchObject({ object: "list", url: "/v1/payment_intents", has_more: true });
    expect(page.data).toHaveLength(100);
    const last = await stripe.paymentIntents.list({ created: { gte: since }, limit: 100, starting_after: created[30] });
    expect(last.data).toHaveLength(30);
    expect(last.has_more).toBe(false);
    expect(await rejection(stripe.paymentIntents.list({ limit: 0 }))).toMatchObject({
      statusCode: 400,
      param: "limit",
    });
  });

  it("filters by creation time at both ends", async () => {
    const future = since + 3600;
    expect((await stripe.paymentIntents.list({ created: { gte: future } })).data).toEqual([]);
    const upTo = await stripe.paymentIntents.list({ created: { lte: future, gte: since }, limit: 1 });
    expect(upTo.data.map((intent) => intent.id)).toEqual([created.at(-1)]);
    expect((await stripe.paymentIntents.list({ created: { lt: since } })).data).toEqual([]);
  });
});

describe("payment sandbox events, charges and a webhook lost on purpose", () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    sandbox = await start({ webhookUrl: await receiver.start() });
    stripe = client(sandbox, SECRET_KEY);
  });

  afterAll(async () => {
    await sandbox?.close();
    await receiver.close();
  });

  const pay = (amount = 2500) =>
    stripe.paymentIntents.create({ amount, currency: "eur", confirm: true, payment_method: "pm_card_visa" });

  it("lists events newest first by type, by a wildcard type, by several types and by creation time", async () => {
    const paid = await pay();
    const canceled = await stripe.paymentIntents.cancel(
      (await stripe.paymentIntents.create({ amount: 900, currency: "eur" })).id,
    );
    await stripe.refunds.create({ payment_intent: paid.id });

    const succeeded = await stripe.events.list({ type: "payment_intent.succeeded" });
    expect(succeeded.data[0]).toMatchObject({ type: "payment_intent.succeeded", data: { object: { id: paid.id } } });
    expect(succeeded.data.every((event) => event.type === "payment_intent.succeeded")).toBe(true);

    const paymentIntents = await stripe.events.list({ type: "payment_intent.*", limit: 2 });
    expect(paymentIntents.data.map((event) => event.type)).toEqual([
      "payment_intent.canceled",
      "payment_intent.succeeded",
    ]);
    expect(paymentIntents.data[0].data.object).toMatchObject({ id: canceled.id });

    const refunds = await stripe.events.list({ types: ["charge.refunded", "refund.created"] });
    expect(refunds.data.map((event) => event.type).sort()).toEqual(["charge.refunded", "refund.created"]);

    const all: string[] = [];
    for await (const event of stripe.events.list({ created: { gte: paid.created }, limit: 2 })) all.push(event.type);
    expect(all).toEqual(["refund.created", "charge.refunded", "payment_intent.canceled", "payment_intent.succeeded"]);

    const both = await rejection(stripe.events.list({ type: "charge.refunded", types: ["refund.created"] }));
    expect(both).toMatchObject({ statusCode: 400, code: "parameters_exclusive" });
  });

  it("lists the charges of a PaymentIntent, the failed one and the paid one", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 3000, currency: "eur" });
    const declined = await rejection(
      stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_chargeDeclined" }),
    );
    const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    const charges = await stripe.charges.list({ payment_intent: intent.id });
    expect(charges.data.map((charge) => [charge.id, charge.status])).toEqual([
      [paid.latest_charge, "succeeded"],
      [declined.charge, "failed"],
    ]);
  });

  it("expands each listed intent's latest charge while paging, as a reconciliation reads them", async () => {
    const paid = await pay(3300);
    const refund = await stripe.refunds.create({ payment_intent: paid.id, amount: 300 });
    const seen: Stripe.PaymentIntent[] = [];
    for await (const intent of stripe.paymentIntents.list({
      created: { gte: paid.created },
      limit: 1,
      expand: ["data.latest_charge"],
    }))
      seen.push(intent);
    const listed = seen.find((intent) => intent.id === paid.id);
    expect(listed?.latest_charge).toMatchObject({
      object: "charge",
      id: paid.latest_charge,
      amount_refunded: refund.amount,
      refunded: false,
    });
  });

  it("events raised while deliveries are paused are listed but never delivered, even after resuming", async () => {
    await pauseSandboxWebhooks(sandbox.url, SECRET_KEY);
    const lost = await pay(4100);
    await resumeSandboxWebhooks(sandbox.url, SECRET_KEY);
    const delivered = await pay(4200);

    await receiver.signedEvent(stripe, "payment_intent.succeeded", delivered.id, WEBHOOK_SECRET);
    expect(receiver.indexOf("payment_intent.succeeded", lost.id)).toBe(-1);
    const listed = await stripe.events.list({ type: "payment_intent.succeeded", limit: 2 });
    expect(listed.data.map((event) => (event.data.object as Stripe.PaymentIntent).id)).toEqual([delivered.id, lost.id]);
    expect((await stripe.paymentIntents.retrieve(lost.id)).status).toBe("succeeded");
  });

  it("settled answers once every event raised so far has been answered, a retried delivery included", async () => {
    const failingFirst = new WebhookReceiver();
    const settled = await start({ webhookUrl: await failingFirst.start(), webhookRetryDelaysMs: [300] });
    try {
      const viaSettled = client(settled, SECRET_KEY);
      failingFirst.statuses = [500];
      const intent = await viaSettled.paymentIntents.create({ amount: 4300, currency: "eur" });
      await viaSettled.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
      await sandboxWebhooksSettled(settled.url, SECRET_KEY);
      const deliveries = failingFirst
        .events()
        .filter(
          (event) =>
            event.type === "payment_intent.succeeded" && (event.data.object as { id: string }).id === intent.id,
        );
      expect(deliveries).toHaveLength(2);
      const publishable = await fetch(`${settled.url}/sandbox/webhooks/settled`, {
        headers: { Authorization: `Bearer ${PUBLISHABLE_KEY}` },
      });
      expect(publishable.status).toBe(403);
    } finally {
      await settled.close();
      await failingFirst.close();
    }
  });

  it("the pause control takes the secret key only, in JSON or form, and says what it does", async () => {
    const control = (init: RequestInit & { key?: string } = {}) =>
      fetch(`${sandbox.url}/sandbox/webhooks`, {
        ...init,
        headers: { Authorization: `Bearer ${init.key ?? SECRET_KEY}`, ...init.headers },
      });
    expect(await (await control()).json()).toEqual({ object: "sandbox.webhooks", deliver: true });

    const form = await control({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "deliver=false",
    });
    expect(await form.json()).toEqual({ object: "sandbox.webhooks", deliver: false });
    const json = await control({
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ deliver: true }),
    });
    expect(await json.json()).toEqual({ object: "sandbox.webhooks", deliver: true });

    const publishable = await control({ method: "POST", key: PUBLISHABLE_KEY, body: "deliver=false" });
    expect(publishable.status).toBe(403);
    const wrongKey = await control({ method: "POST", key: "sk_test_wrong", body: "deliver=false" });
    expect(wrongKey.status).toBe(401);
    const unclear = await control({
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ deliver: "maybe" }),
    });
    expect(unclear.status).toBe(400);
    expect(((await unclear.json()) as { error: { param: string } }).error.param).toBe("deliver");
    const missing = await control({ method: "POST", body: "" });
    expect(missing.status).toBe(400);
    const elsewhere = await fetch(`${sandbox.url}/sandbox/anything`, {
      headers: { Authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(elsewhere.status).toBe(404);
    expect(await (await control()).json()).toEqual({ object: "sandbox.webhooks", deliver: true });
  });
});

describe("payment sandbox state file with refunds and disputes", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payment-sandbox-listing-"));
  const open: StripeSandbox[] = [];

  afterAll(async () => {
    await Promise.all(open.map((sandbox) => sandbox.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const startWith = async (stateFile: string) => {
    const sandbox = await start({ stateFile });
    open.push(sandbox);
    return { sandbox, stripe: client(sandbox, SECRET_KEY) };
  };

  it("keeps refunds and disputes across a restart", async () => {
    const stateFile = path.join(dir, "kept.json");
    const first = await startWith(stateFile);
    const refunded = await first.stripe.paymentIntents.create({
      amount: 5000,
      currency: "eur",
      confirm: true,
      payment_method: "pm_card_visa",
    });
    const refund = await first.stripe.refunds.create({ payment_intent: refunded.id, amount: 2000 });
    const disputed = await first.stripe.paymentIntents.create({
      amount: 5000,
      currency: "eur",
      confirm: true,
      payment_method: "pm_card_createDispute",
    });
    const [dispute] = (await first.stripe.disputes.list({ payment_intent: disputed.id })).data;
    await first.sandbox.close();

    const second = await startWith(stateFile);
    expect(await second.stripe.refunds.retrieve(refund.id)).toEqual(refund);
    expect((await second.stripe.charges.retrieve(refunded.latest_charge as string)).amount_refunded).toBe(2000);
    expect(await second.stripe.disputes.retrieve(dispute.id)).toEqual(dispute);
    expect((await second.stripe.refunds.create({ payment_intent: refunded.id })).amount).toBe(3000);
    expect((await second.stripe.disputes.close(dispute.id)).status).toBe("lost");
  });

  it("loads a state file written before refunds and disputes existed", async () => {
    const stateFile = path.join(dir, "older.json");
    const first = await startWith(stateFile);
    const paid = await first.stripe.paymentIntents.create({
      amount: 5000,
      currency: "eur",
      confirm: true,
      payment_method: "pm_card_visa",
    });
    await first.sandbox.close();
    const older = JSON.parse(fs.readFileSync(stateFile, "utf8")) as Record<string, unknown>;
    delete older.refunds;
    delete older.disputes;
    fs.writeFileSync(stateFile, JSON.stringify(older));

    const second = await startWith(stateFile);
    expect((await second.stripe.paymentIntents.retrieve(paid.id)).status).toBe("succeeded");
    expect((await second.stripe.refunds.list()).data).toEqual([]);
    expect((await second.stripe.refunds.create({ payment_intent: paid.id })).amount).toBe(5000);
  });
});
