/** What the payment sandbox's tests share: an SDK client for a sandbox, card details, failures, and a webhook endpoint. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { startStripeSandbox, type StripeSandbox } from "../../src/payment-sandbox/stripe-sandbox";

/** The real stripe SDK, pointed at the sandbox. */
export function client(sandbox: StripeSandbox, key: string): Stripe {
  return new Stripe(key, {
    host: "127.0.0.1",
    port: sandbox.port,
    protocol: "http",
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

export interface CardFields {
  number: string;
  exp_month?: string;
  exp_year?: string;
  cvc?: string;
}

/** Raw card details, as the web app's card form sends them (the SDK's types leave them out on purpose). */
export function withCard(fields: CardFields): Stripe.PaymentIntentConfirmParams {
  return {
    payment_method_data: {
      type: "card",
      card: { exp_month: "12", exp_year: "2030", cvc: "123", ...fields },
      billing_details: { name: "Ada Lovelace", email: "ada@example.com" },
    },
  } as unknown as Stripe.PaymentIntentConfirmParams;
}

/** The error a call fails with; the test fails if it succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error("expected the call to fail");
}

/** A tiny webhook endpoint that keeps the raw bodies (signatures cover the exact bytes). */
export class WebhookReceiver {
  readonly received: { rawBody: string; signature: string }[] = [];
  /** Status codes to answer with, in order; 200 once exhausted. */
  statuses: number[] = [];
  private waiters: (() => void)[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      this.received.push({
        rawBody: Buffer.concat(chunks).toString("utf8"),
        signature: String(req.headers["stripe-signature"] ?? ""),
      });
      res.writeHead(this.statuses.shift() ?? 200).end();
      for (const wake of this.waiters.splice(0)) wake();
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks/stripe`;
  }

  events(): Stripe.Event[] {
    return this.received.map(({ rawBody }) => JSON.parse(rawBody) as Stripe.Event);
  }

  async waitFor(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error("timed out waiting for a webhook");
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Where the delivery of a `type` event about the object `objectId` is among those received; -1 if none. */
  indexOf(type: string, objectId: string): number {
    return this.events().findIndex(
      (event) => event.type === type && (event.data.object as { id?: string }).id === objectId,
    );
  }

  /** Waits for a `type` event about `objectId`, and returns it once its signature checks out with `secret`. */
  async signedEvent(stripe: Stripe, type: string, objectId: string, secret: string): Promise<Stripe.Event> {
    await this.waitFor(() => this.indexOf(type, objectId) >= 0);
    const delivery = this.received[this.indexOf(type, objectId)];
    return stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, secret);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SandboxKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** A suite's sandbox: started before its tests with its webhooks going to a fresh receiver, closed after them. */
export interface SandboxSuite {
  readonly receiver: WebhookReceiver;
  readonly sandbox: StripeSandbox;
  /** The SDK with the secret key. */
  readonly stripe: Stripe;
}

export function sandboxWithWebhooks(keys: SandboxKeys): SandboxSuite {
  const receiver = new WebhookReceiver();
  let sandbox: StripeSandbox | undefined;
  let stripe: Stripe | undefined;
  beforeAll(async () => {
    sandbox = await startStripeSandbox({ port: 0, ...keys, webhookUrl: await receiver.start() });
    stripe = client(sandbox, keys.secretKey);
  });
  afterAll(async () => {
    await sandbox?.close();
    await receiver.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the sandbox starts in beforeAll");
    return value;
  };
  return {
    receiver,
    get sandbox() {
      return started(sandbox);
    },
    get stripe() {
      return started(stripe);
    },
  };
}
