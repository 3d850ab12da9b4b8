import { DECLINES, type CardDecline, type CardOutcome } from "../../cards";
import { docUrl, invalidRequest, SandboxError } from "../../errors";
import { objectParam, rejectUnknown, stringParam, type FormObject } from "../../form";
import type { Charge, LastPaymentError, PaymentIntent, PaymentMethod, StoredPaymentMethod } from "../../types";
import { createCharge } from "../charges";
import { clone, type Api, type RequestContext } from "../context";
import { openDispute } from "../disputes";
import { emitEvent } from "../events";
import { readEmail, readShipping } from "../params/contact";
import { readExpand } from "../params/expand";
import { assignDefined, ifSent } from "../params/partial";
import {
  readCaptureMethod,
  readPaymentMethodTypes,
  readSetupFutureUsage,
  rejectConfirmationToken,
} from "../params/payment-options";
import { paymentMethodFromData, resolvePaymentMethod } from "../payment-methods";
import { checkClientSecret, findIntent } from "./lookup";
import { renderIntent, unexpectedState } from "./render";

/** Parameters of confirming; create takes them too, since `confirm=true` confirms at once. */
export const CONFIRMATION_PARAMS = [
  "allowed_payment_method_types",
  "amount_details",
  "confirmation_token",
  "excluded_payment_method_types",
  "hooks",
  "payment_details",
  "payment_method",
  "payment_method_data",
  "payment_method_options",
  "payment_method_types",
  "receipt_email",
  "return_url",
  "setup_future_usage",
  "shipping",
  "off_session",
  "mandate",
  "mandate_data",
  "error_on_requires_action",
  "capture_method",
  "use_stripe_sdk",
  "radar_options",
  "expand",
] as const;

const CONFIRM_PARAMS: readonly string[] = [
  ...CONFIRMATION_PARAMS,
  "amount_to_confirm",
  "client_secret",
  "expected_payment_method_type",
];

const CONFIRMABLE_STATUSES = ["requires_payment_method", "requires_confirmation", "requires_action"];

/** The card to charge: a stored PaymentMethod, or the reason typed-in details were refused outright. */
type CardToCharge = StoredPaymentMethod | { invalid: CardOutcome };

/** POST /v1/payment_intents/:id/confirm (secret key, or publishable key + client_secret) */
export function confirmPaymentIntent(api: Api, id: string, params: FormObject, ctx: RequestContext): unknown {
  rejectUnknown(params, CONFIRM_PARAMS);
  const intent = findIntent(api, id);
  checkClientSecret(intent, params, ctx);
  confirmIntent(api, intent, params, ctx);
  return renderIntent(api, intent, ctx, readExpand(params));
}

/**
 * Charges the card at once (there is no 3-D Secure step in the sandbox). A decline is recorded on the
 * intent, then thrown as Stripe's 402 card error.
 */
export function confirmIntent(api: Api, intent: PaymentIntent, params: FormObject, ctx: RequestContext): void {
  checkConfirmable(api, intent, ctx);
  const data = objectParam(params, "payment_method_data");
  const paymentMethodId = stringParam(params, "payment_method");
  if (data && paymentMethodId) {
    throw invalidRequest("You may only specify one of these parameters: payment_method, payment_method_data.", {
      param: "payment_method_data",
    });
  }
  const changes = readConfirmChanges(params);
  const card = chooseCard(api, intent, data, paymentMethodId, ctx);
  assignDefined(intent, changes);
  ctx.dirty = true;

  if ("invalid" in card) decline(api, intent, card.invalid, null, ctx);
  else if (card.outcome === "success") succeed(api, intent, card, ctx);
  else decline(api, intent, card.outcome, card.paymentMethod, ctx);
}

function checkConfirmable(api: Api, intent: PaymentIntent, ctx: RequestContext): void {
  if (intent.status === "succeeded") {
    throw unexpectedState(
      api,
      intent,
      ctx,
      "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
    );
  }
  if (!CONFIRMABLE_STATUSES.includes(intent.status)) {
    throw unexpectedState(
      api,
      intent,
      ctx,
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE_STATUSES.join(", ")}.`,
    );
  }
}

/** What confirming may change on the intent besides its payment. */
function readConfirmChanges(params: FormObject): Partial<PaymentIntent> {
  rejectConfirmationToken(params);
  const types = readPaymentMethodTypes(params);
  readCaptureMethod(params); // checked only: the sandbox captures every payment at once
  return {
    receipt_email: ifSent(params, "receipt_email", readEmail),
    shipping: ifSent(params, "shipping", readShipping),
    setup_future_usage: ifSent(params, "setup_future_usage", readSetupFutureUsage),
    payment_method_types: types?.types,
    allowed_payment_method_types: types?.param === "allowed_payment_method_types" ? types.types : undefined,
  };
}

/** Typed-in card details, else the PaymentMethod named now, else the one attached before. */
function chooseCard(
  api: Api,
  intent: PaymentIntent,
  data: FormObject | "" | undefined,
  paymentMethodId: string | undefined,
  ctx: RequestContext,
): CardToCharge {
  if (data) return paymentMethodFromData(api, data);
  if (paymentMethodId) return resolvePaymentMethod(api, paymentMethodId);
  if (intent.payment_method) return resolvePaymentMethod(api, intent.payment_method);
  throw unexpectedState(
    api,
    intent,
    ctx,
    "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
  );
}

/** The payment goes through; with a dispute test card, the cardholder then disputes it at once. */
function succeed(api: Api, intent: PaymentIntent, card: StoredPaymentMethod, ctx: RequestContext): void {
  const charge = createCharge(api, intent, card.paymentMethod, null);
  intent.status = "succeeded";
  intent.amount_received = intent.amount;
  intent.payment_method = card.paymentMethod.id;
  intent.latest_charge = charge.id;
  intent.last_payment_error = null;
  emitEvent(api, "payment_intent.succeeded", intent, ctx);
  if (card.dispute) openDispute(api, charge, card.dispute, ctx);
}

/** The intent goes back to awaiting a payment method, so the customer can try another card. */
function decline(
  api: Api,
  intent: PaymentIntent,
  outcome: CardOutcome,
  paymentMethod: PaymentMethod | null,
  ctx: RequestContext,
): never {
  const reason = DECLINES[outcome as Exclude<CardOutcome, "success">];
  const charge = reason.charged && paymentMethod ? createCharge(api, intent, paymentMethod, outcome) : null;
  intent.status = "requires_payment_method";
  intent.payment_method = null;
  if (charge) intent.latest_charge = charge.id;
  intent.last_payment_error = lastPaymentError(reason, charge, paymentMethod);
  emitEvent(api, "payment_intent.payment_failed", intent, ctx);
  throw cardError(reason, charge, paymentMethod, renderIntent(api, intent, ctx, []));
}

function lastPaymentError(
  reason: CardDecline,
  charge: Charge | null,
  paymentMethod: PaymentMethod | null,
): LastPaymentError {
  return {
    type: "card_error",
    code: reason.code,
    decline_code: reason.decline_code,
    doc_url: docUrl(reason.code),
    message: reason.message,
    ...(reason.param ? { param: reason.param } : {}),
    ...(charge ? { charge: charge.id } : {}),
    payment_method: paymentMethod ? clone(paymentMethod) : null,
  };
}

/** Stripe's 402 answer to a decline; the SDK raises it as StripeCardError. */
function cardError(
  reason: CardDecline,
  charge: Charge | null,
  paymentMethod: PaymentMethod | null,
  renderedIntent: Record<string, unknown>,
): SandboxError {
  return new SandboxError(402, {
    type: "card_error",
    code: reason.code,
    decline_code: reason.decline_code,
    message: reason.message,
    ...(reason.param ? { param: reason.param } : {}),
    doc_url: docUrl(reason.code),
    ...(charge ? { charge: charge.id } : {}),
    payment_intent: renderedIntent,
    ...(paymentMethod ? { payment_method: clone(paymentMethod) } : {}),
  });
}
