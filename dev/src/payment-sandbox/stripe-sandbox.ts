/**
 * A local, Stripe-compatible payment sandbox: the shop's server talks to it through the real `stripe`
 * SDK (`new Stripe(secretKey, { host, port, protocol: "http" })`) when no Stripe keys are configured,
 * and the web app confirms PaymentIntents against it with the publishable key, as it would with Stripe.
 *
 * Served (form-encoded requests, JSON answers, Stripe's error envelope and status codes):
 *   POST /v1/payment_intents                create (secret key; `confirm=true` confirms at once)
 *   GET  /v1/payment_intents                list (secret key)
 *   GET  /v1/payment_intents/:id            retrieve (secret key, or publishable key + client_secret)
 *   POST /v1/payment_intents/:id            update (secret key)
 *   POST /v1/payment_intents/:id/confirm    confirm (secret key, or publishable key + client_secret)
 *   POST /v1/payment_intents/:id/cancel     cancel (secret key)
 *   GET  /v1/charges/:id                    retrieve a charge (secret key)
 *   GET  /v1/events/:id                     retrieve an event (secret key)
 * Events (payment_intent.succeeded, .payment_failed, .canceled) are POSTed to `webhookUrl`, signed like
 * Stripe signs them. Only node built-ins are used.
 */
import { timingSafeEqual, createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Api, KeyKind, RequestContext } from "./api/context";
import { authenticationError, idempotencyError, invalidRequest, SandboxError } from "./errors";
import { parseForm, type FormObject, type FormValue } from "./form";
import { newId, randomToken } from "./ids";
import { findRoute } from "./routes";
import { isExpired, loadState, saveState } from "./state";
import { WebhookDispatcher } from "./webhooks";

export { signatureHeader } from "./webhooks";

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
  /** JSON file that keeps intents (and idempotency keys) across restarts. */
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
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const CORS_ALLOW_HEADERS = [
  "authorization",
  "content-type",
  "idempotency-key",
  "stripe-version",
  "stripe-account",
  "x-stripe-client-user-agent",
  "x-requested-with",
];
const CORS_EXPOSE_HEADERS = "Request-Id, Stripe-Version, Idempotency-Key, Idempotent-Replayed, Original-Request, Stripe-Should-Retry";

const NO_API_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Stripe shows the kind of key and its last four characters: `sk_test_************oxes`. */
function redactKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? "";
  const rest = key.slice(prefix.length);
  if (rest.length <= 4) return prefix + "*".repeat(rest.length);
  return prefix + "*".repeat(rest.length - 4) + rest.slice(-4);
}

/** Canonical JSON (sorted keys) of the parameters, hashed: what an idempotency key is bound to. */
function hashParams(params: FormValue): string {
  const canonical = (value: FormValue): unknown =>
    typeof value === "string"
      ? value
      : Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical(value[key])]),
        );
  return createHash("sha256").update(JSON.stringify(canonical(params))).digest("hex");
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => {
      if (tooLarge) reject(invalidRequest("The request body is too large.", { status: 413 }));
      else resolve(Buffer.concat(chunks).toString("utf8"));
    });
    req.on("error", reject);
  });
}

function headerValue(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function startStripeSandbox(opts: StripeSandboxOptions): Promise<StripeSandbox> {
  const log = opts.log ?? (() => undefined);
  const host = opts.host ?? "127.0.0.1";
  if (!opts.secretKey || !opts.publishableKey) throw new Error("stripe sandbox: secretKey and publishableKey are required");
  if (opts.secretKey === opts.publishableKey) throw new Error("stripe sandbox: secretKey and publishableKey must differ");
  if (!opts.webhookSecret) throw new Error("stripe sandbox: webhookSecret is required");
  if (opts.webhookUrl) new URL(opts.webhookUrl); // throws early on a malformed URL

  const state = loadState(opts.stateFile, log);
  const dispatcher = opts.webhookUrl
    ? new WebhookDispatcher({
        url: opts.webhookUrl,
        secret: opts.webhookSecret,
        retryDelaysMs: opts.webhookRetryDelaysMs ?? [500, 2000, 5000],
        log,
      })
    : null;
  const api: Api = { state, options: { webhookEndpoints: dispatcher ? 1 : 0 } };
  const defaultApiVersion = opts.apiVersion ?? DEFAULT_API_VERSION;

  const persist = (): void => {
    try {
      saveState(opts.stateFile, state);
    } catch (error) {
      log(`stripe sandbox: could not save ${opts.stateFile}: ${(error as Error).message}`);
    }
  };

  const authenticate = (req: http.IncomingMessage, params: FormObject): KeyKind => {
    let key: string | undefined;
    const authorization = headerValue(req, "authorization");
    if (authorization) {
      const [scheme, ...rest] = authorization.trim().split(/\s+/);
      const credentials = rest.join(" ");
      if (/^bearer$/i.test(scheme)) key = credentials;
      else if (/^basic$/i.test(scheme)) key = Buffer.from(credentials, "base64").toString("utf8").split(":")[0];
      else throw authenticationError(`Invalid authorization header. ${NO_API_KEY}`);
    }
    // Stripe.js sends the publishable key as the `key` parameter instead of a header.
    const keyParam = params.key;
    delete params.key;
    if (!key && typeof keyParam === "string") key = keyParam;
    if (!key) throw authenticationError(NO_API_KEY);
    if (sameKey(key, opts.secretKey)) return "secret";
    if (sameKey(key, opts.publishableKey)) return "publishable";
    throw authenticationError(`Invalid API Key provided: ${redactKey(key)}`);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const requestId = newId("req", 14);
    const method = (req.method ?? "GET").toUpperCase();
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const requestedHeaders = headerValue(req, "access-control-request-headers");

    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Expose-Headers", CORS_EXPOSE_HEADERS);
    if (method === "OPTIONS") {
      const allowed = new Set(CORS_ALLOW_HEADERS);
      for (const name of (requestedHeaders ?? "").split(",")) if (name.trim()) allowed.add(name.trim().toLowerCase());
      res.writeHead(204, {
        "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
        "Access-Control-Allow-Headers": [...allowed].join(", "),
        "Access-Control-Max-Age": "600",
        "Content-Length": "0",
      });
      res.end();
      return;
    }

    const idempotencyKey = method === "POST" ? (headerValue(req, "idempotency-key")?.trim() || null) : null;
    const ctx: RequestContext = {
      requestId,
      idempotencyKey,
      apiVersion: headerValue(req, "stripe-version")?.trim() || defaultApiVersion,
      keyKind: "secret",
      events: [],
      dirty: false,
    };
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      "Cache-Control": "no-cache, no-store",
      "Request-Id": requestId,
      "Stripe-Version": ctx.apiVersion,
    };
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;

    let status = 200;
    let body: string;
    let replayed = false;
    try {
      const raw = await readBody(req);
      const contentType = (headerValue(req, "content-type") ?? "").toLowerCase();
      if (method === "POST" && raw && contentType.includes("application/json")) {
        throw invalidRequest(
          "Stripe's API takes form-encoded parameters (application/x-www-form-urlencoded, e.g. metadata[order]=42), not JSON.",
        );
      }
      const params = parseForm(url.search.slice(1), method === "POST" ? raw : "");
      ctx.keyKind = authenticate(req, params);

      const path = url.pathname;
      const route = findRoute(method, path);

      const endpoint = `${method} ${path.replace(/\/$/, "")}`;
      const scope = idempotencyKey ? `${ctx.keyKind}:${idempotencyKey}` : null;
      const paramsHash = scope ? hashParams(params) : "";
      if (idempotencyKey && scope) {
        if (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
          throw invalidRequest(
            `Invalid Idempotency-Key: it must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters long.`,
            { param: "Idempotency-Key" },
          );
        }
        const record = state.idempotency[scope];
        if (record && !isExpired(record.createdAt)) {
          if (record.endpoint !== endpoint) {
            throw idempotencyError(
              `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${record.endpoint}' vs '${endpoint}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          }
          if (record.paramsHash !== paramsHash) {
            throw idempotencyError(
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          }
          status = record.status;
          body = record.body;
          replayed = true;
          headers["Idempotent-Replayed"] = "true";
          headers["Original-Request"] = record.requestId;
        }
      }

      if (!replayed) {
        try {
          body = JSON.stringify(route.operation(api, route.id, params, ctx), null, 2);
        } catch (error) {
          if (!(error instanceof SandboxError)) throw error;
          status = error.status;
          body = JSON.stringify({ error: error.body }, null, 2);
          Object.assign(headers, error.headers);
        }
        // Like Stripe, remember what the endpoint did (successes and card declines), not rejected input.
        if (scope && (status < 400 || status === 402)) {
          state.idempotency[scope] = { endpoint, paramsHash, status, body: body!, requestId, createdAt: Date.now() };
          ctx.dirty = true;
        }
      }
    } catch (error) {
      if (error instanceof SandboxError) {
        status = error.status;
        body = JSON.stringify({ error: error.body }, null, 2);
        Object.assign(headers, error.headers);
      } else {
        log(`stripe sandbox: ${method} ${url.pathname} failed: ${(error as Error).stack ?? error}`);
        status = 500;
        headers["Stripe-Should-Retry"] = "false";
        body = JSON.stringify(
          { error: { type: "api_error", message: "An unexpected error occurred in the Partshop Stripe sandbox." } },
          null,
          2,
        );
      }
    }

    if (ctx.dirty) persist();
    if (ctx.events.length > 0 && dispatcher) {
      const events = ctx.events;
      // Deliver once the answer is out, as Stripe does (the caller sees the result first).
      res.once("close", () => {
        for (const event of events) dispatcher.send(event);
      });
    }
    log(`${method} ${url.pathname} -> ${status} ${requestId}${replayed ? " (idempotent replay)" : ""}`);
    headers["Content-Length"] = String(Buffer.byteLength(body!));
    res.writeHead(status, headers);
    res.end(body!);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`stripe sandbox: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: "Internal sandbox error." } }));
      } else {
        res.destroy();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (error) => log(`stripe sandbox: server error: ${error.message}`));

  const port = (server.address() as AddressInfo).port;
  const urlHost = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  log(`stripe sandbox listening on ${url}${opts.webhookUrl ? `, webhooks to ${opts.webhookUrl}` : ""}`);

  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => {
        dispatcher?.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => {
        persist();
      });
      return closing;
    },
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
