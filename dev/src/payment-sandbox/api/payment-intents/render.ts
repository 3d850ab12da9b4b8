import { invalidRequest, type SandboxError } from "../../errors";
import type { PaymentIntent } from "../../types";
import { clone, type Api, type RequestContext } from "../context";
import { expandFields } from "../params/expand";

/** Fields of a PaymentIntent a publishable key may see (Stripe hides metadata, customer, ...). */
const PUBLISHABLE_FIELDS: readonly string[] = [
  "id",
  "object",
  "allowed_payment_method_types",
  "amount",
  "amount_details",
  "automatic_payment_methods",
  "canceled_at",
  "cancellation_reason",
  "capture_method",
  "client_secret",
  "confirmation_method",
  "created",
  "currency",
  "description",
  "excluded_payment_method_types",
  "last_payment_error",
  "livemode",
  "next_action",
  "payment_method",
  "payment_method_configuration_details",
  "payment_method_types",
  "processing",
  "receipt_email",
  "setup_future_usage",
  "shipping",
  "status",
];

/** Expansions Stripe offers whose objects the sandbox does not have: accepted, left as they are. */
const UNEXPANDED = ["customer", "review", "application", "on_behalf_of", "source", "last_payment_error.payment_method"];

/** The intent as the caller may see it: a copy, `expand` applied, trimmed for a publishable key. */
export function renderIntent(
  api: Api,
  intent: PaymentIntent,
  ctx: RequestContext,
  expand: string[],
): Record<string, unknown> {
  const rendered: Record<string, unknown> = clone(intent) as unknown as Record<string, unknown>;
  const expanders: Record<string, (() => unknown) | null> = {
    payment_method: () =>
      intent.payment_method
        ? clone(api.state.paymentMethods[intent.payment_method]?.paymentMethod ?? intent.payment_method)
        : null,
    latest_charge: () =>
      intent.latest_charge ? clone(api.state.charges[intent.latest_charge] ?? intent.latest_charge) : null,
  };
  for (const path of UNEXPANDED) expanders[path] = null;
  expandFields(rendered, expand, expanders);
  if (ctx.keyKind === "publishable") {
    for (const key of Object.keys(rendered)) if (!PUBLISHABLE_FIELDS.includes(key)) delete rendered[key];
  }
  return rendered;
}

/** A PaymentIntent named by another object, expanded (the id alone should it be gone). */
export function expandedIntent(api: Api, id: string, ctx: RequestContext): unknown {
  const intent = api.state.paymentIntents[id];
  return intent ? renderIntent(api, intent, ctx, []) : id;
}

/** The intent's status forbids the operation; Stripe's error carries the intent as it is. */
export function unexpectedState(api: Api, intent: PaymentIntent, ctx: RequestContext, message: string): SandboxError {
  return invalidRequest(message, {
    code: "payment_intent_unexpected_state",
    payment_intent: renderIntent(api, intent, ctx, []),
  });
}
