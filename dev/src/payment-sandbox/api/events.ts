import { resourceMissing } from "../errors";
import { rejectUnknown, type FormObject } from "../form";
import { newId, nowSeconds } from "../ids";
import type { PaymentIntent, StripeEvent } from "../types";
import { clone, requireSecretKey, type Api, type RequestContext } from "./context";

/** Records an event about the intent as it is now; the request's answer triggers its delivery. */
export function emitEvent(api: Api, type: string, intent: PaymentIntent, ctx: RequestContext): void {
  const event: StripeEvent = {
    id: newId("evt"),
    object: "event",
    api_version: api.options.eventApiVersion ?? api.state.intentApiVersions[intent.id] ?? ctx.apiVersion,
    created: nowSeconds(),
    data: { object: clone(intent) },
    livemode: false,
    pending_webhooks: api.options.webhookEndpoints,
    request: { id: ctx.requestId, idempotency_key: ctx.idempotencyKey },
    type,
  };
  api.state.events.push(event);
  ctx.events.push(event);
  ctx.dirty = true;
}

/** GET /v1/events/:id */
export function retrieveEvent(api: Api, id: string, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, ["expand"]);
  const event = api.state.events.find((candidate) => candidate.id === id);
  if (!event) throw resourceMissing("event", id, "id");
  return event;
}
