/**
 * A local, Stripe-compatible payment sandbox: the shop's server talks to it through the real `stripe`
 * SDK (`new Stripe(secretKey, { host, port, protocol: "http" })`) when no Stripe keys are configured,
 * and the web app confirms PaymentIntents against it with the publishable key, as it would with Stripe.
 *
 * Served (form-encoded requests, JSON answers, Stripe's error envelope and status codes; lists are
 * newest first and page with limit, starting_after and ending_before, as the SDK's auto-pagination does):
 *   POST /v1/payment_intents                create (secret key; `confirm=true` confirms at once)
 *   GET  /v1/payment_intents                list by customer, created (secret key)
 *   GET  /v1/payment_intents/:id            retrieve (secret key, or publishable key + client_secret)
 *   POST /v1/payment_intents/:id            update (secret key)
 *   POST /v1/payment_intents/:id/confirm    confirm (secret key, or publishable key + client_secret)
 *   POST /v1/payment_intents/:id/cancel     cancel an intent not yet paid (secret key)
 *   GET  /v1/charges                        list by payment_intent, customer, created (secret key)
 *   GET  /v1/charges/:id                    retrieve a charge (secret key)
 *   POST /v1/refunds                        refund a charge or a PaymentIntent, in full or in part (secret key)
 *   GET  /v1/refunds                        list by charge, payment_intent, created (secret key)
 *   GET  /v1/refunds/:id, POST /v1/refunds/:id   retrieve, update metadata (secret key)
 *   GET  /v1/disputes                       list by charge, payment_intent, created (secret key)
 *   GET  /v1/disputes/:id                   retrieve (secret key)
 *   POST /v1/disputes/:id                   stage or submit evidence (secret key)
 *   POST /v1/disputes/:id/close             accept the dispute, which is then lost (secret key)
 *   GET  /v1/events                         list by type (with `*`), types, created (secret key)
 *   GET  /v1/events/:id                     retrieve an event (secret key)
 * Events are POSTed to `webhookUrl`, signed like Stripe signs them, in the order they happened:
 * payment_intent.succeeded, .payment_failed, .canceled; charge.refunded and refund.created (and
 * charge.refund.updated, refund.updated); charge.dispute.created, .funds_withdrawn, .updated, .closed,
 * .funds_reinstated. Dispute test cards (4000000000000259 fraudulent, 4000000000002685 product not
 * received, or pm_card_createDispute*) pay, then open a dispute at once; submitting `uncategorized_text`
 * "winning_evidence" or "losing_evidence" decides it, as in Stripe's test mode.
 *
 * Sandbox-only, outside Stripe's API (server/control.ts; client in webhook-control.ts):
 *   GET|POST /sandbox/webhooks  {"deliver": false|true}   pause or resume deliveries (secret key, JSON or
 *   form): events raised while paused are listed by GET /v1/events but never delivered, like a lost webhook.
 * Only node built-ins are used.
 *
 * Where things are: this file starts and stops the sandbox; server/ turns an HTTP request into an
 * answer (body, API key, CORS, idempotency, replies, the sandbox's controls); routes.ts maps method and
 * path to an operation; api/ holds the operations by resource, api/list.ts the paging every list shares,
 * api/params/ the parameter readers they share; cards.ts the test cards; webhooks.ts the signed
 * deliveries; state.ts the JSON state file.
 */
import type http from "node:http";
import type { Api } from "./api/context";
import { randomToken } from "./ids";
import { createRequestHandler } from "./server/handler";
import { baseUrl, createServer, listen } from "./server/listen";
import { loadState, saveState } from "./state";
import type { SandboxState } from "./types";
import { WebhookDispatcher } from "./webhooks";

export { signatureHeader } from "./webhooks";
export { pauseSandboxWebhooks, resumeSandboxWebhooks, setSandboxWebhookDelivery } from "./webhook-control";

export interface StripeSandboxOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default "127.0.0.1". */
  host?: string;
  /** Server-side calls authenticate with it (Bearer, or the user of basic auth as the SDK may send it). */
  secretKey: string;
  /** Browsers may retrieve and confirm a PaymentIntent with it plus the intent's client_secret. */
  publishableKey: string;
  /** Where signed events are POSTed; no deliveries without it. */
  webhookUrl?: string;
  /** "whsec_...": the key of the Stripe-Signature HMAC. */
  webhookSecret: string;
  /** JSON file that keeps intents, charges, refunds, disputes, events (and idempotency keys) across restarts. */
  stateFile?: string;
  log?: (msg: string) => void;
  /** Waits before the webhook retries (default 500, 2000, 5000 ms: four attempts in all). */
  webhookRetryDelaysMs?: number[];
  /** Stripe-Version assumed when a request sends none (browsers); events use the version the intent was created with. */
  apiVersion?: string;
}

export interface StripeSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The version the installed `stripe` SDK pins; used when a request names none. */
export const DEFAULT_API_VERSION = "2026-10-28.endive";

const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [500, 2000, 5000];

export async function startStripeSandbox(opts: StripeSandboxOptions): Promise<StripeSandbox> {
  checkOptions(opts);
  const log = opts.log ?? (() => undefined);
  const host = opts.host ?? "127.0.0.1";
  const state = loadState(opts.stateFile, log);
  const dispatcher = webhookDispatcher(opts, log);
  const api: Api = { state, options: { webhookEndpoints: dispatcher ? 1 : 0 } };
  const persist = (): void => saveQuietly(opts.stateFile, state, log);
  const handler = createRequestHandler({
    api,
    keys: { secretKey: opts.secretKey, publishableKey: opts.publishableKey },
    defaultApiVersion: opts.apiVersion ?? DEFAULT_API_VERSION,
    dispatcher,
    webhooks: { deliver: true },
    persist,
    log,
  });
  const server = createServer(handler, log);
  const port = await listen(server, opts.port, host, log);
  const url = baseUrl(host, port);
  log(`stripe sandbox listening on ${url}${opts.webhookUrl ? `, webhooks to ${opts.webhookUrl}` : ""}`);
  return { url, port, close: closeOnce(server, dispatcher, persist) };
}

/** Mistakes in the options are programming errors: fail at start, not on the first request. */
function checkOptions(opts: StripeSandboxOptions): void {
  if (!opts.secretKey || !opts.publishableKey)
    throw new Error("stripe sandbox: secretKey and publishableKey are required");
  if (opts.secretKey === opts.publishableKey)
    throw new Error("stripe sandbox: secretKey and publishableKey must differ");
  if (!opts.webhookSecret) throw new Error("stripe sandbox: webhookSecret is required");
  if (opts.webhookUrl) new URL(opts.webhookUrl); // throws early on a malformed URL
}

function webhookDispatcher(opts: StripeSandboxOptions, log: (msg: string) => void): WebhookDispatcher | null {
  if (!opts.webhookUrl) return null;
  return new WebhookDispatcher({
    url: opts.webhookUrl,
    secret: opts.webhookSecret,
    retryDelaysMs: opts.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    log,
  });
}

/** A failed save is logged, not thrown: the answer to the request that changed the state still goes out. */
function saveQuietly(file: string | undefined, state: SandboxState, log: (msg: string) => void): void {
  try {
    saveState(file, state);
  } catch (error) {
    log(`stripe sandbox: could not save ${file}: ${(error as Error).message}`);
  }
}

/** Stops deliveries and the server (dropping open connections), then saves; every call gets the same promise. */
function closeOnce(
  server: http.Server,
  dispatcher: WebhookDispatcher | null,
  persist: () => void,
): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => {
    closing ??= new Promise<void>((resolve) => {
      dispatcher?.close();
      server.close(() => resolve());
      server.closeAllConnections();
    }).then(persist);
    return closing;
  };
}

/** A fresh random key pair for ad-hoc sandboxes (tests, scripts). */
export function sandboxKeys(): { secretKey: string; publishableKey: string; webhookSecret: string } {
  const token = randomToken(24);
  return {
    secretKey: `sk_test_sandbox_${token}`,
    publishableKey: `pk_test_sandbox_${token}`,
    webhookSecret: `whsec_${randomToken(32)}`,
  };
}
