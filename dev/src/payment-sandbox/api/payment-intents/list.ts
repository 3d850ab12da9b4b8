import { invalidRequest, resourceMissing } from "../../errors";
import { integerParam, rejectUnknown, stringParam, type FormObject } from "../../form";
import type { PaymentIntent } from "../../types";
import { requireSecretKey, type Api, type RequestContext } from "../context";
import { readExpand } from "../params/expand";
import { renderIntent } from "./render";

const LIST_PARAMS = ["limit", "starting_after", "ending_before", "customer", "created", "expand"];

/** GET /v1/payment_intents: newest first, paged with starting_after / ending_before like every Stripe list. */
export function listPaymentIntents(api: Api, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, LIST_PARAMS);
  const limit = readLimit(params);
  const customer = stringParam(params, "customer");
  const created = readCreatedFilter(params);
  // Newest first; insertion order breaks ties within the same second.
  const matching = Object.values(api.state.paymentIntents)
    .reverse()
    .filter((intent) => (customer === undefined || intent.customer === customer) && created(intent.created));
  const page = paginate(matching, limit, stringParam(params, "starting_after"), stringParam(params, "ending_before"));
  // A list expands its items' fields as `data.<field>`.
  const expand = readExpand(params)
    .filter((path) => path.startsWith("data."))
    .map((path) => path.slice("data.".length));
  return {
    object: "list",
    data: page.data.map((intent) => renderIntent(api, intent, ctx, expand)),
    has_more: page.hasMore,
    url: "/v1/payment_intents",
  };
}

function readLimit(params: FormObject): number {
  const limit = integerParam(params, "limit") ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest("Invalid limit: must be an integer between 1 and 100.", {
      code: "parameter_invalid_integer",
      param: "limit",
    });
  }
  return limit;
}

/** `created=<ts>` or `created[gt|gte|lt|lte]=<ts>`. */
function readCreatedFilter(params: FormObject): (created: number) => boolean {
  const value = params.created;
  if (value === undefined) return () => true;
  if (typeof value === "string") {
    const exact = integerParam(params, "created");
    return (created) => created === exact;
  }
  rejectUnknown(value, ["gt", "gte", "lt", "lte"], "created");
  const gt = integerParam(value, "gt", "created");
  const gte = integerParam(value, "gte", "created");
  const lt = integerParam(value, "lt", "created");
  const lte = integerParam(value, "lte", "created");
  return (created) =>
    (gt === undefined || created > gt) && (gte === undefined || created >= gte) && (lt === undefined || created < lt) && (lte === undefined || created <= lte);
}

/** The page after `startingAfter`, or the page just before `endingBefore`, or the first page. */
function paginate(
  intents: PaymentIntent[],
  limit: number,
  startingAfter: string | undefined,
  endingBefore: string | undefined,
): { data: PaymentIntent[]; hasMore: boolean } {
  if (startingAfter) {
    const rest = intents.slice(indexOf(intents, startingAfter, "starting_after") + 1);
    return { data: rest.slice(0, limit), hasMore: rest.length > limit };
  }
  if (endingBefore) {
    const rest = intents.slice(0, indexOf(intents, endingBefore, "ending_before"));
    return { data: rest.slice(Math.max(0, rest.length - limit)), hasMore: rest.length > limit };
  }
  return { data: intents.slice(0, limit), hasMore: intents.length > limit };
}

function indexOf(intents: PaymentIntent[], id: string, param: string): number {
  const index = intents.findIndex((intent) => intent.id === id);
  if (index < 0) throw resourceMissing("payment_intent", id, param);
  return index;
}
