import type http from "node:http";
import type { RequestContext } from "../api/context";
import { invalidRequest, unrecognizedUrl } from "../errors";
import { booleanParam, parseForm, rejectUnknown, type FormObject } from "../form";
import { authenticate, type ApiKeys } from "./auth";
import { readBody } from "./body";
import { headerValue } from "./headers";
import { okReply, type Reply } from "./replies";
import type { WebhookDispatcher } from "../webhooks";

/**
 * Controls of the sandbox itself, outside Stripe's API (no Stripe client calls them), for tests that
 * need what Stripe cannot be asked for:
 *   GET  /sandbox/webhooks                  whether events are delivered
 *   POST /sandbox/webhooks  deliver=false   pause: events are still recorded and listed by GET /v1/events,
 *                                           but never delivered, as if the webhook had been lost
 *   POST /sandbox/webhooks  deliver=true    resume (what was raised while paused stays undelivered)
 *   GET  /sandbox/webhooks/settled          answers once every event raised so far has been delivered
 *                                           and answered, or given up on (a test waits on it rather than
 *                                           on a clock for a webhook that changes nothing it can see)
 * Secret key only; the body is form-encoded or JSON (`{"deliver": false}`).
 */
export const CONTROL_PREFIX = "/sandbox/";

/** Whether events raised by requests are posted to the webhook endpoint. */
export interface WebhookSwitch {
  deliver: boolean;
}

export async function answerControl(
  req: http.IncomingMessage,
  method: string,
  url: URL,
  ctx: RequestContext,
  keys: ApiKeys,
  webhooks: WebhookSwitch,
  dispatcher: WebhookDispatcher | null,
): Promise<Reply> {
  const params = await readControlParams(req, method, url);
  ctx.keyKind = authenticate(req, params, keys);
  if (ctx.keyKind !== "secret") throw invalidRequest("The sandbox's controls take the secret key.", { status: 403 });
  if (url.pathname.replace(/\/$/, "") === "/sandbox/webhooks/settled" && method === "GET") {
    rejectUnknown(params, []);
    await dispatcher?.idle();
    return okReply({ object: "sandbox.webhooks", settled: true });
  }
  if (url.pathname.replace(/\/$/, "") !== "/sandbox/webhooks" || (method !== "GET" && method !== "POST"))
    throw unrecognizedUrl(method, url.pathname);
  if (method === "POST") {
    rejectUnknown(params, ["deliver"]);
    const deliver = booleanParam(params, "deliver");
    if (deliver === undefined)
      throw invalidRequest("Missing required param: deliver (true or false).", {
        code: "parameter_missing",
        param: "deliver",
      });
    webhooks.deliver = deliver;
  } else {
    rejectUnknown(params, []);
  }
  return okReply({ object: "sandbox.webhooks", deliver: webhooks.deliver });
}

/** The query string and a form-encoded or JSON body; JSON booleans become "true"/"false" like form values. */
async function readControlParams(req: http.IncomingMessage, method: string, url: URL): Promise<FormObject> {
  const raw = await readBody(req);
  const isJson = (headerValue(req, "content-type") ?? "").toLowerCase().includes("application/json");
  if (method !== "POST" || !raw || !isJson) return parseForm(url.search.slice(1), method === "POST" ? raw : "");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw invalidRequest("The body is not valid JSON.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw invalidRequest('The JSON body must be an object, such as {"deliver": false}.');
  const params = parseForm(url.search.slice(1));
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== "string" && typeof value !== "boolean")
      throw invalidRequest(`Invalid value for ${key}: a string or a boolean is expected.`, { param: key });
    params[key] = String(value);
  }
  return params;
}
