import { DECLINES, type CardDecline, type CardOutcome } from "../cards";
import { resourceMissing } from "../errors";
import { rejectUnknown, type FormObject } from "../form";
import { newId, nowSeconds } from "../ids";
import type { Charge, PaymentIntent, PaymentMethod } from "../types";
import { clone, requireSecretKey, type Api, type RequestContext } from "./context";
import { answerList, listAnswer, newestFirst } from "./list";
import { expandFields, readExpand } from "./params/expand";
import { expandedIntent } from "./payment-intents/render";

/** The charge of one confirmation: paid, or failed with the decline (`failure`) the card caused. */
export function createCharge(
  api: Api,
  intent: PaymentIntent,
  paymentMethod: PaymentMethod,
  failure: CardOutcome | null,
): Charge {
  const decline = failure && failure !== "success" ? DECLINES[failure] : null;
  const charge: Charge = {
    id: newId("ch"),
    object: "charge",
    amount: intent.amount,
    amount_captured: decline ? 0 : intent.amount,
    amount_refunded: 0,
    balance_transaction: null,
    billing_details: clone(paymentMethod.billing_details),
    calculated_statement_descriptor: (intent.statement_descriptor ?? "PARTSHOP").toUpperCase().slice(0, 22),
    captured: !decline,
    created: nowSeconds(),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_code: decline ? decline.code : null,
    failure_message: decline ? decline.message : null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    outcome: chargeOutcome(decline),
    paid: !decline,
    payment_intent: intent.id,
    payment_method: paymentMethod.id,
    payment_method_details: { card: clone(paymentMethod.card), type: "card" },
    receipt_email: intent.receipt_email,
    receipt_url: null,
    refunded: false,
    status: decline ? "failed" : "succeeded",
  };
  api.state.charges[charge.id] = charge;
  return charge;
}

function chargeOutcome(decline: CardDecline | null): Charge["outcome"] {
  if (!decline) {
    return {
      network_status: "approved_by_network",
      reason: null,
      risk_level: "normal",
      seller_message: "Payment complete.",
      type: "authorized",
    };
  }
  return {
    network_status: decline.network_status,
    reason: decline.decline_code,
    risk_level: decline.risk_level,
    seller_message: decline.seller_message,
    type: decline.outcome_type,
  };
}

/** GET /v1/charges/:id */
export function retrieveCharge(api: Api, id: string, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, ["expand"]);
  return renderCharge(api, findCharge(api, id, "id", 404), ctx, readExpand(params));
}

/** GET /v1/charges: newest first, by `payment_intent`, `customer` and `created`. */
export function listCharges(api: Api, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  return answerList(Object.values(api.state.charges), params, {
    kind: "charge",
    url: "/v1/charges",
    filters: ["payment_intent", "customer"],
    render: (charge, expand) => renderCharge(api, charge, ctx, expand),
  });
}

/** A charge by id; `status` 404 when the URL names it, 400 when a parameter does. */
export function findCharge(api: Api, id: string, param: string, status = 400): Charge {
  const charge = api.state.charges[id];
  if (!charge) throw resourceMissing("charge", id, param, status);
  return charge;
}

/** A copy of the charge with `expand` applied: its PaymentIntent, or its refunds (no longer included by default). */
export function renderCharge(api: Api, charge: Charge, ctx: RequestContext, expand: string[]): Record<string, unknown> {
  return expandFields({ ...clone(charge) }, expand, {
    payment_intent: () => expandedIntent(api, charge.payment_intent, ctx),
    refunds: () => {
      const refunds = newestFirst(Object.values(api.state.refunds)).filter((refund) => refund.charge === charge.id);
      return listAnswer(`/v1/charges/${charge.id}/refunds`, clone(refunds), false);
    },
  });
}
