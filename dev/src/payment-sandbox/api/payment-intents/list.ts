import type { FormObject } from "../../form";
import { requireSecretKey, type Api, type RequestContext } from "../context";
import { answerList } from "../list";
import { renderIntent } from "./render";

/** GET /v1/payment_intents: newest first, by `customer` and `created`, paged like every Stripe list. */
export function listPaymentIntents(api: Api, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  return answerList(Object.values(api.state.paymentIntents), params, {
    kind: "payment_intent",
    url: "/v1/payment_intents",
    filters: ["customer"],
    render: (intent, expand) => renderIntent(api, intent, ctx, expand),
  });
}
