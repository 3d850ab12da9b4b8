import type http from "node:http";
import type { Api, RequestContext } from "../api/context";
import { SandboxError } from "../errors";
import type { FormObject } from "../form";
import { newId } from "../ids";
import { findRoute, type Operation } from "../routes";
import type { StripeEvent } from "../types";
import type { WebhookDispatcher } from "../webhooks";
import { authenticate, type ApiKeys } from "./auth";
import { readParams } from "./body";
import { answerControl, CONTROL_PREFIX, type WebhookSwitch } from "./control";
import { allowCrossOrigin, answerPreflight } from "./cors";
import { headerValue } from "./headers";
import { answerIdempotently } from "./idempotency";
import { errorReply, internalErrorReply, okReply, sendReply, type Reply } from "./replies";

export interface HandlerOptions {
  api: Api;
  keys: ApiKeys;
  /** Stripe-Version assumed when a request sends none. */
  defaultApiVersion: string;
  dispatcher: WebhookDispatcher | null;
  /** Off while a test has paused deliveries (POST /sandbox/webhooks). */
  webhooks: WebhookSwitch;
  /** Saves the state; called after every request that changed it. */
  persist(): void;
  log(msg: string): void;
}

type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** Each request: CORS, then an answer (parameters, key, route, idempotency, operation), then saving and webhooks. */
export function createRequestHandler(options: HandlerOptions): RequestHandler {
  return async (req, res) => {
    const requestId = newId("req", 14);
    const method = (req.method ?? "GET").toUpperCase();
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    allowCrossOrigin(res);
    if (method === "OPTIONS") return answerPreflight(req, res);

    const ctx = newContext(req, method, requestId, options.defaultApiVersion);
    const reply = url.pathname.startsWith(CONTROL_PREFIX)
      ? await answerSandboxControl(req, method, url, ctx, options)
      : await answer(req, method, url, ctx, options);
    if (ctx.dirty) options.persist();
    // Decided now, not at delivery: a pause requested after this answer must not swallow its events.
    if (options.webhooks.deliver) deliverAfterAnswer(res, ctx.events, options.dispatcher);
    else
      for (const event of ctx.events)
        options.log(`webhook ${event.type} ${event.id} not delivered: deliveries are paused`);
    options.log(
      `${method} ${url.pathname} -> ${reply.status} ${requestId}${reply.replayed ? " (idempotent replay)" : ""}`,
    );
    sendReply(res, reply, requestHeaders(ctx));
  };
}

function newContext(
  req: http.IncomingMessage,
  method: string,
  requestId: string,
  defaultApiVersion: string,
): RequestContext {
  return {
    requestId,
    // Only POSTs change anything, so only they are made idempotent.
    idempotencyKey: method === "POST" ? headerValue(req, "idempotency-key")?.trim() || null : null,
    apiVersion: headerValue(req, "stripe-version")?.trim() || defaultApiVersion,
    keyKind: "secret",
    events: [],
    dirty: false,
  };
}

/** Every failure becomes a reply: Stripe's error envelope for SandboxErrors, a logged 500 for anything else. */
async function answer(
  req: http.IncomingMessage,
  method: string,
  url: URL,
  ctx: RequestContext,
  options: HandlerOptions,
): Promise<Reply> {
  try {
    const params = await readParams(req, method, url);
    ctx.keyKind = authenticate(req, params, options.keys);
    const { operation, id } = findRoute(method, url.pathname);
    const endpoint = `${method} ${url.pathname.replace(/\/$/, "")}`;
    return answerIdempotently(options.api.state.idempotency, { endpoint, params }, ctx, () =>
      run(operation, options.api, id, params, ctx),
    );
  } catch (error) {
    if (error instanceof SandboxError) return errorReply(error);
    options.log(`stripe sandbox: ${method} ${url.pathname} failed: ${(error as Error).stack ?? error}`);
    return internalErrorReply();
  }
}

async function answerSandboxControl(
  req: http.IncomingMessage,
  method: string,
  url: URL,
  ctx: RequestContext,
  options: HandlerOptions,
): Promise<Reply> {
  try {
    return await answerControl(req, method, url, ctx, options.keys, options.webhooks, options.dispatcher);
  } catch (error) {
    if (error instanceof SandboxError) return errorReply(error);
    options.log(`stripe sandbox: ${method} ${url.pathname} failed: ${(error as Error).stack ?? error}`);
    return internalErrorReply();
  }
}

/** An operation's SandboxError (a card decline, say) is its answer, and so may be remembered for replays. */
function run(operation: Operation, api: Api, id: string, params: FormObject, ctx: RequestContext): Reply {
  try {
    return okReply(operation(api, id, params, ctx));
  } catch (error) {
    if (error instanceof SandboxError) return errorReply(error);
    throw error;
  }
}

function requestHeaders(ctx: RequestContext): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "Cache-Control": "no-cache, no-store",
    "Request-Id": ctx.requestId,
    "Stripe-Version": ctx.apiVersion,
    ...(ctx.idempotencyKey ? { "Idempotency-Key": ctx.idempotencyKey } : {}),
  };
}

/** Deliver once the answer is out, as Stripe does (the caller sees the result first). */
function deliverAfterAnswer(
  res: http.ServerResponse,
  events: StripeEvent[],
  dispatcher: WebhookDispatcher | null,
): void {
  if (events.length === 0 || !dispatcher) return;
  res.once("close", () => {
    dispatcher.send(events);
  });
}
