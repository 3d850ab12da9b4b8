import { invalidRequest, resourceMissing } from "../errors";
import { booleanParam, integerParam, objectParam, rejectUnknown, stringParam, type FormObject } from "../form";
import { newId, nowSeconds } from "../ids";
import type { Charge, PaymentIntent, Refund, RefundReason } from "../types";
import { findCharge, renderCharge } from "./charges";
import { clone, requireSecretKey, type Api, type RequestContext } from "./context";
import { emitEvent } from "./events";
import { answerList } from "./list";
import { formatMoney } from "./params/amount";
import { expandFields, readExpand } from "./params/expand";
import { applyMetadata } from "./params/metadata";
import { expandedIntent } from "./payment-intents/render";

const CREATE_PARAMS = [
  "amount",
  "charge",
  "payment_intent",
  "reason",
  "metadata",
  "expand",
  "instructions_email",
  "refund_application_fee",
  "reverse_transfer",
];
const REASONS: readonly RefundReason[] = ["duplicate", "fraudulent", "requested_by_customer"];

/**
 * POST /v1/refunds: refunds a succeeded charge, named directly or as its PaymentIntent's latest
 * charge; in full by default, or `amount` of it. Card refunds succeed at once, as in test mode.
 */
export function createRefund(api: Api, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, CREATE_PARAMS);
  // Read and check everything before changing anything, so a refused refund leaves no trace.
  const charge = chargeToRefund(api, params);
  const amount = readRefundAmount(params, charge);
  const reason = readReason(params);
  const metadata = applyMetadata({}, objectParam(params, "metadata"));
  readConnectOptions(params);
  const expand = readExpand(params);

  const refund = newRefund(charge, amount, reason, metadata);
  const previous: Partial<Charge> = { amount_refunded: charge.amount_refunded };
  charge.amount_refunded += amount;
  if (charge.amount_refunded >= charge.amount) {
    previous.refunded = charge.refunded;
    charge.refunded = true;
  }
  api.state.refunds[refund.id] = refund;
  ctx.dirty = true;
  emitEvent(api, "charge.refunded", charge, ctx, { previousAttributes: previous });
  emitEvent(api, "refund.created", refund, ctx);
  return renderRefund(api, refund, ctx, expand);
}

/** GET /v1/refunds/:id */
export function retrieveRefund(api: Api, id: string, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, ["expand"]);
  return renderRefund(api, findRefund(api, id), ctx, readExpand(params));
}

/** POST /v1/refunds/:id: only the metadata of a refund can change. */
export function updateRefund(api: Api, id: string, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, ["metadata", "expand"]);
  const refund = findRefund(api, id);
  const metadata = applyMetadata({ ...refund.metadata }, objectParam(params, "metadata"));
  const expand = readExpand(params);
  if (JSON.stringify(metadata) !== JSON.stringify(refund.metadata)) {
    const previous = { metadata: refund.metadata };
    refund.metadata = metadata;
    ctx.dirty = true;
    emitEvent(api, "charge.refund.updated", refund, ctx, { previousAttributes: previous });
    emitEvent(api, "refund.updated", refund, ctx, { previousAttributes: previous });
  }
  return renderRefund(api, refund, ctx, expand);
}

/** GET /v1/refunds: newest first, by `charge`, `payment_intent` and `created`; naming a charge or intent that does not exist is an error. */
export function listRefunds(api: Api, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  const chargeId = stringParam(params, "charge");
  if (chargeId !== undefined) findCharge(api, chargeId, "charge");
  const intentId = stringParam(params, "payment_intent");
  if (intentId !== undefined) findIntentParam(api, intentId);
  return answerList(Object.values(api.state.refunds), params, {
    kind: "refund",
    url: "/v1/refunds",
    filters: ["charge", "payment_intent"],
    render: (refund, expand) => renderRefund(api, refund, ctx, expand),
  });
}

function findRefund(api: Api, id: string): Refund {
  const refund = api.state.refunds[id];
  if (!refund) throw resourceMissing("refund", id, "id");
  return refund;
}

function findIntentParam(api: Api, id: string): PaymentIntent {
  const intent = api.state.paymentIntents[id];
  if (!intent) throw resourceMissing("payment_intent", id, "payment_intent", 400);
  return intent;
}

/** The charge a refund request names, after Stripe's refusals: nothing paid, charged back, already refunded. */
function chargeToRefund(api: Api, params: FormObject): Charge {
  const chargeId = stringParam(params, "charge");
  const intentId = stringParam(params, "payment_intent");
  if (chargeId && intentId) {
    throw invalidRequest("You may only specify one of these parameters: charge, payment_intent.", {
      code: "parameters_exclusive",
      param: "payment_intent",
    });
  }
  let charge: Charge;
  if (intentId) {
    const intent = findIntentParam(api, intentId);
    const latest = intent.latest_charge ? api.state.charges[intent.latest_charge] : undefined;
    if (intent.status !== "succeeded" || !latest) throw noSuccessfulCharge(intent.id);
    charge = latest;
  } else if (chargeId) {
    charge = findCharge(api, chargeId, "charge");
  } else {
    throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", {
      code: "parameter_missing",
      param: "payment_intent",
    });
  }
  if (charge.status !== "succeeded") throw noSuccessfulCharge(charge.payment_intent);
  if (isChargedBack(api, charge)) {
    throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
      code: "charge_disputed",
    });
  }
  if (charge.refunded)
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
  return charge;
}

function noSuccessfulCharge(intentId: string) {
  return invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
    param: "payment_intent",
  });
}

/** A dispute has taken the money back (and not returned it by being won): there is nothing left to refund. */
function isChargedBack(api: Api, charge: Charge): boolean {
  if (!charge.disputed) return false;
  return Object.values(api.state.disputes).some(
    (dispute) => dispute.charge === charge.id && !dispute.is_charge_refundable && dispute.status !== "won",
  );
}

/** `amount`, at most what is left to refund; all of it when not given. */
function readRefundAmount(params: FormObject, charge: Charge): number {
  const left = charge.amount - charge.amount_refunded;
  const amount = integerParam(params, "amount");
  if (amount === undefined) return left;
  if (amount < 1) {
    throw invalidRequest("This value must be greater than or equal to 1.", {
      code: "parameter_invalid_integer",
      param: "amount",
    });
  }
  if (amount > left) {
    const money = (value: number) => formatMoney(value, charge.currency);
    const message =
      charge.amount_refunded === 0
        ? `Refund amount (${money(amount)}) is greater than charge amount (${money(charge.amount)})`
        : `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`;
    throw invalidRequest(message, { code: "amount_too_large", param: "amount" });
  }
  return amount;
}

function readReason(params: FormObject): RefundReason | null {
  const reason = stringParam(params, "reason");
  if (reason === undefined || reason === "") return null;
  if (!(REASONS as readonly string[]).includes(reason)) {
    throw invalidRequest(`Invalid reason: must be one of ${REASONS.slice(0, -1).join(", ")}, or ${REASONS.at(-1)}`, {
      param: "reason",
    });
  }
  return reason as RefundReason;
}

/** Checked only: the sandbox has no connected accounts or application fees to reverse, and sends no emails. */
function readConnectOptions(params: FormObject): void {
  booleanParam(params, "refund_application_fee");
  booleanParam(params, "reverse_transfer");
  stringParam(params, "instructions_email");
}

/** Every field of Stripe's Refund, in Stripe's order. */
function newRefund(
  charge: Charge,
  amount: number,
  reason: RefundReason | null,
  metadata: Record<string, string>,
): Refund {
  return {
    id: newId("re"),
    object: "refund",
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: {
      card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" },
      type: "card",
    },
    metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
}

function renderRefund(api: Api, refund: Refund, ctx: RequestContext, expand: string[]): Record<string, unknown> {
  return expandFields({ ...clone(refund) }, expand, {
    charge: () => renderCharge(api, findCharge(api, refund.charge, "charge"), ctx, []),
    payment_intent: () => expandedIntent(api, refund.payment_intent, ctx),
  });
}
