import { invalidRequest, missingParam, resourceMissing } from "../../errors";
import { stringParam, type FormObject } from "../../form";
import type { PaymentIntent } from "../../types";
import type { Api, RequestContext } from "../context";

export function findIntent(api: Api, id: string): PaymentIntent {
  const intent = api.state.paymentIntents[id];
  if (!intent) throw resourceMissing("payment_intent", id, "intent");
  return intent;
}

/** A publishable key only reaches an intent together with its client_secret (what Stripe.js sends). */
export function checkClientSecret(intent: PaymentIntent, params: FormObject, ctx: RequestContext): void {
  const secret = stringParam(params, "client_secret");
  if (ctx.keyKind === "secret" && secret === undefined) return;
  if (secret === undefined) throw missingParam("client_secret");
  if (secret !== intent.client_secret) {
    throw invalidRequest(
      "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
      {
        code: "payment_intent_invalid_parameter",
        param: "client_secret",
      },
    );
  }
}
