import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { shop, withDatabase } from "../../support/client";
import { headerSafe, HttpRequest, printable } from "./http";
import { FuzzCase } from "./property";
import { hostileJson, hostileText } from "./values";

/*
 * The payment webhook (POST /stripe/webhook): events of every type and shape, signed with the
 * shop's webhook secret or not (no signature, garbage, another secret, a stale timestamp, a
 * signature of other bytes), and replayed. Only a correctly signed event may change anything,
 * and only an event the shop follows (a payment that succeeded or failed, a refund, a dispute), once.
 */

export type Signature = "valid" | "none" | "garbage" | "another secret" | "stale" | "of other bytes";

export interface WebhookCase extends FuzzCase {
  signature: Signature;
}

/** An order the events can name, with what a genuine event for it would carry. */
export interface WebhookOrder {
  id: string;
  totalCents: number;
  status: string;
}

/** The fuzzer's people's orders, newest first: unpaid, paid and cancelled ones among them. */
export async function webhookOrders(emails: string[]): Promise<WebhookOrder[]> {
  return withDatabase(async (client) => {
    const { rows } = await client.query(
      `SELECT id, total_cents, status FROM orders WHERE user_email = ANY($1) ORDER BY created_at DESC LIMIT 12`,
      [emails],
    );
    return rows.map((row) => ({ id: String(row.id), totalCents: Number(row.total_cents), status: String(row.status) }));
  });
}

const webhookSecret = () => fs.readFileSync(path.join(shop().dataDir, "stripe-sandbox-webhook-secret"), "utf8").trim();
const hmac = (secret: string, timestamp: number, payload: Buffer) =>
  crypto
    .createHmac("sha256", secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}.`), payload]))
    .digest("hex");

/** The Stripe-Signature header of each kind for a payload (the secret is read at send time, from the shop's data folder). */
function signatureHeader(kind: Signature, payload: Buffer, garbage: string): string | undefined {
  const now = Math.floor(Date.now() / 1000);
  switch (kind) {
    case "valid":
      return `t=${now},v1=${hmac(webhookSecret(), now, payload)}`;
    case "none":
      return undefined;
    case "garbage":
      return garbage;
    case "another secret":
      return `t=${now},v1=${hmac("whsec_not_the_shops", now, payload)}`;
    case "stale":
      return `t=${now - 3600},v1=${hmac(webhookSecret(), now - 3600, payload)}`;
    case "of other bytes":
      return `t=${now},v1=${hmac(webhookSecret(), now, Buffer.concat([payload, Buffer.from(" ")]))}`;
  }
}

const EVENT_TYPES = [
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.closed",
  "customer.created",
  "ping",
];
/** The events the shop follows: each may change an order the first time it arrives. */
const FOLLOWED = new Set([
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.closed",
]);

/** A PaymentIntent as an event carries it: for a real order or not, with its total or another, succeeded or not. */
function intentObject(orders: WebhookOrder[]): fc.Arbitrary<unknown> {
  const order = fc.constantFrom(...orders);
  const genuine = order.map((one) => ({
    id: `pi_fuzz${one.id.slice(0, 8)}`,
    object: "payment_intent",
    amount: one.totalCents,
    currency: "usd",
    status: "succeeded",
    metadata: { orderId: one.id },
  }));
  return fc.oneof(
    { weight: 4, arbitrary: genuine },
    {
      weight: 3,
      arbitrary: fc
        .record({
          intent: genuine,
          amount: fc.oneof(fc.integer({ min: -1, max: 10_000_000 }), hostileJson),
          currency: fc.oneof(fc.constantFrom("usd", "eur", "USD"), hostileJson),
          status: fc.oneof(fc.constantFrom("succeeded", "processing", "canceled"), hostileJson),
          orderId: fc.oneof(
            order.map((one) => one.id),
            fc.uuid(),
            hostileJson,
          ),
        })
        .map(({ intent, amount, currency, status, orderId }) => ({
          ...intent,
          amount,
          currency,
          status,
          metadata: { orderId },
        })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom<unknown>(null, {}, [], "pi_x", { metadata: null }, { metadata: "x" }),
        hostileJson,
      ),
    },
  );
}

/** The raw payload: an event object (of any type, any data), or any JSON, or bytes that are not JSON. */
function payloadArbitrary(orders: WebhookOrder[]): fc.Arbitrary<{ payload: Buffer; type: unknown }> {
  const event = fc
    .record({
      id: fc.stringMatching(/^evt_[A-Za-z0-9]{8,16}$/),
      type: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...EVENT_TYPES) },
        { weight: 1, arbitrary: hostileText },
        { weight: 1, arbitrary: hostileJson },
      ),
      data: fc.oneof(
        { weight: 6, arbitrary: intentObject(orders).map((object) => ({ object })) },
        { weight: 1, arbitrary: hostileJson },
      ),
    })
    .map((fields) => ({ payload: Buffer.from(JSON.stringify({ object: "event", ...fields })), type: fields.type }));
  return fc.oneof(
    { weight: 8, arbitrary: event },
    {
      weight: 1,
      arbitrary: hostileJson.map((value) => ({ payload: Buffer.from(JSON.stringify(value) ?? ""), type: undefined })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("", "{", "not json", "\u0000")
        .map((text) => ({ payload: Buffer.from(text), type: undefined })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ payload: Buffer.from(`{"x":"${"y".repeat(1024 * 1024)}"}`), type: undefined }),
    },
  );
}

/**
 * Webhook deliveries: `signed` ones carry a valid signature of the shop's secret (what only Stripe
 * can send); the others no signature, garbage, another secret's, a stale one or one of other bytes
 * (what anyone can send). Two properties, so a failure of one kind does not hide the other.
 */
export function webhookCases(orders: WebhookOrder[], signed: boolean): fc.Arbitrary<WebhookCase> {
  return fc
    .record({
      body: payloadArbitrary(orders),
      signature: signed
        ? fc.constant<Signature>("valid")
        : fc.constantFrom<Signature>("none", "garbage", "another secret", "stale", "of other bytes"),
      garbage: fc.oneof(
        hostileText.map(headerSafe),
        fc.constantFrom("t=1,v1=deadbeef", "t=,v1=", "v1=", "t=x,v1=y,v1=z"),
      ),
      contentType: fc.constantFrom(
        "application/json",
        "application/json; charset=utf-8",
        "text/plain",
        "application/octet-stream",
      ),
      replays: fc.oneof(
        { withCrossShrink: true },
        { weight: 3, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.constant(1) },
      ),
    })
    .map(({ body, signature, garbage, contentType, replays }) => {
      const request: HttpRequest = {
        method: "POST",
        path: "/stripe/webhook",
        headers: { accept: "application/json", "content-type": contentType },
        body: body.payload,
      };
      const header = signatureHeader(signature, body.payload, garbage);
      if (header !== undefined) request.headers["stripe-signature"] = header;
      // Only a correctly signed event the shop follows may change a row, and only the first time it arrives.
      const mustChangeNothing = !(signature === "valid" && typeof body.type === "string" && FOLLOWED.has(body.type));
      return printable({ request, signature, mustChangeNothing, replays });
    });
}
