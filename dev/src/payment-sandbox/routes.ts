import { cancelPaymentIntent } from "./api/payment-intents/cancel";
import { confirmPaymentIntent } from "./api/payment-intents/confirm";
import { createPaymentIntent } from "./api/payment-intents/create";
import { listPaymentIntents } from "./api/payment-intents/list";
import { retrievePaymentIntent } from "./api/payment-intents/retrieve";
import { updatePaymentIntent } from "./api/payment-intents/update";
import { listCharges, retrieveCharge } from "./api/charges";
import type { Api, RequestContext } from "./api/context";
import { closeDispute, listDisputes, retrieveDispute, updateDispute } from "./api/disputes";
import { listEvents, retrieveEvent } from "./api/events";
import { createRefund, listRefunds, retrieveRefund, updateRefund } from "./api/refunds";
import { unrecognizedUrl } from "./errors";
import type { FormObject } from "./form";

/** An operation answers with the object to send as JSON, or throws a SandboxError. `id` is the path's `:id`. */
export type Operation = (api: Api, id: string, params: FormObject, ctx: RequestContext) => unknown;

interface Route {
  method: string;
  pattern: RegExp;
  operation: Operation;
}

/** `:id` stands for one path segment; a trailing slash is accepted, as Stripe does. */
function route(method: string, path: string, operation: Operation): Route {
  const pattern = new RegExp(`^${path.replace(/\//g, "\\/").replace(":id", "([^/]+)")}\\/?$`);
  return { method, pattern, operation };
}

/** Everything the sandbox serves. */
const ROUTES: Route[] = [
  route("POST", "/v1/payment_intents", (api, _id, params, ctx) => createPaymentIntent(api, params, ctx)),
  route("GET", "/v1/payment_intents", (api, _id, params, ctx) => listPaymentIntents(api, params, ctx)),
  route("GET", "/v1/payment_intents/:id", retrievePaymentIntent),
  route("POST", "/v1/payment_intents/:id", updatePaymentIntent),
  route("POST", "/v1/payment_intents/:id/confirm", confirmPaymentIntent),
  route("POST", "/v1/payment_intents/:id/cancel", cancelPaymentIntent),
  route("GET", "/v1/charges", (api, _id, params, ctx) => listCharges(api, params, ctx)),
  route("GET", "/v1/charges/:id", retrieveCharge),
  route("POST", "/v1/refunds", (api, _id, params, ctx) => createRefund(api, params, ctx)),
  route("GET", "/v1/refunds", (api, _id, params, ctx) => listRefunds(api, params, ctx)),
  route("GET", "/v1/refunds/:id", retrieveRefund),
  route("POST", "/v1/refunds/:id", updateRefund),
  route("GET", "/v1/disputes", (api, _id, params, ctx) => listDisputes(api, params, ctx)),
  route("GET", "/v1/disputes/:id", retrieveDispute),
  route("POST", "/v1/disputes/:id", updateDispute),
  route("POST", "/v1/disputes/:id/close", closeDispute),
  route("GET", "/v1/events", (api, _id, params, ctx) => listEvents(api, params, ctx)),
  route("GET", "/v1/events/:id", retrieveEvent),
];

/**
 * The operation for a request and the decoded `:id` ("" for routes without one). An unknown method
 * and path is Stripe's 404; a malformed %-escape in the id throws URIError, an unexpected error.
 */
export function findRoute(method: string, path: string): { operation: Operation; id: string } {
  for (const candidate of ROUTES) {
    const match = candidate.method === method ? candidate.pattern.exec(path) : null;
    if (match) return { operation: candidate.operation, id: match[1] ? decodeURIComponent(match[1]) : "" };
  }
  throw unrecognizedUrl(method, path);
}
