import { invalidRequest, resourceMissing } from "../errors";
import { listParam, rejectUnknown, stringParam, type FormObject } from "../form";
import { newId, nowSeconds } from "../ids";
import type { EventObject, StripeEvent } from "../types";
import { clone, requireSecretKey, type Api, type RequestContext } from "./context";
import { answerList } from "./list";

export interface EventDetails {
  /** On events about a change (`*.updated`, `charge.refunded`): the changed fields' values before it. */
  previousAttributes?: Record<string, unknown>;
  /** Raised by Stripe on its own (a bank opening a dispute), not by the request being answered: no `request`. */
  unprompted?: boolean;
}

/**
 * Records an event about `object` as it is now; the request's answer triggers its delivery. Events are
 * rendered with the API version the PaymentIntent they concern was created with, as Stripe renders
 * them with the account's version at the time.
 */
export function emitEvent(
  api: Api,
  type: string,
  object: EventObject,
  ctx: RequestContext,
  details: EventDetails = {},
): void {
  const intentId = object.object === "payment_intent" ? object.id : object.payment_intent;
  const event: StripeEvent = {
    id: newId("evt"),
    object: "event",
    api_version: api.options.eventApiVersion ?? api.state.intentApiVersions[intentId] ?? ctx.apiVersion,
    created: nowSeconds(),
    data: {
      object: clone(object),
      ...(details.previousAttributes ? { previous_attributes: clone(details.previousAttributes) } : {}),
    },
    livemode: false,
    pending_webhooks: api.options.webhookEndpoints,
    request: details.unprompted
      ? { id: null, idempotency_key: null }
      : { id: ctx.requestId, idempotency_key: ctx.idempotencyKey },
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

/** GET /v1/events: newest first, by `type` (`*` matches any part, as in `charge.dispute.*`) or `types[]`, and `created`. */
export function listEvents(api: Api, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  if (params.delivery_success !== undefined) {
    throw invalidRequest(
      "delivery_success is not supported by the Partshop Stripe sandbox, which does not record delivery outcomes.",
      {
        param: "delivery_success",
      },
    );
  }
  const typeMatches = readTypeFilter(params);
  return answerList(api.state.events, params, {
    kind: "event",
    url: "/v1/events",
    filters: [],
    otherParams: ["type", "types"],
    where: (event) => typeMatches(event.type),
    render: (event) => event,
  });
}

function readTypeFilter(params: FormObject): (type: string) => boolean {
  const type = stringParam(params, "type");
  const types = listParam(params, "types");
  if (type !== undefined && types !== undefined) {
    throw invalidRequest("You may only specify one of these parameters: type, types.", {
      code: "parameters_exclusive",
      param: "types",
    });
  }
  if (types && types.length > 20)
    throw invalidRequest("Invalid array: types can have at most 20 entries.", { param: "types" });
  const patterns = (types ?? (type === undefined ? [] : [type])).map(typePattern);
  return (candidate) => patterns.length === 0 || patterns.some((pattern) => pattern.test(candidate));
}

function typePattern(type: string): RegExp {
  const escaped = type.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`);
}
