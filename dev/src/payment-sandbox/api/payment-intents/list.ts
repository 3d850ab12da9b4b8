import { rejectUnknown, stringParam, type FormObject } from "../../form";
import { requireSecretKey, type Api, type RequestContext } from "../context";
import { itemExpansions, listAnswer, newestFirst, pageOf, PAGING_PARAMS, readCreatedFilter } from "../list";
import { renderIntent } from "./render";

const LIST_PARAMS = [...PAGING_PARAMS, "customer", "created"];

/** GET /v1/payment_intents: newest first, paged with starting_after / ending_before like every Stripe list. */
export function listPaymentIntents(api: Api, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, LIST_PARAMS);
  const customer = stringParam(params, "customer");
  const created = readCreatedFilter(params);
  const matching = newestFirst(Object.values(api.state.paymentIntents)).filter(
    (intent) => (customer === undefined || intent.customer === customer) && created(intent.created),
  );
  const page = pageOf(matching, params, "payment_intent");
  const expand = itemExpansions(params);
  return listAnswer(
    "/v1/payment_intents",
    page.data.map((intent) => renderIntent(api, intent, ctx, expand)),
    page.hasMore,
  );
}
