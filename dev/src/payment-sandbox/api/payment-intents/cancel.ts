import { invalidRequest } from "../../errors";
import { rejectUnknown, stringParam, type FormObject } from "../../form";
import { nowSeconds } from "../../ids";
import { requireSecretKey, type Api, type RequestContext } from "../context";
import { emitEvent } from "../events";
import { readExpand } from "../params/expand";
import { findIntent } from "./lookup";
import { renderIntent, unexpectedState } from "./render";

const CANCELABLE_STATUSES = [
  "requires_payment_method",
  "requires_capture",
  "requires_confirmation",
  "requires_action",
  "processing",
];
const CANCELLATION_REASONS = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"];

/** POST /v1/payment_intents/:id/cancel */
export function cancelPaymentIntent(api: Api, id: string, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, ["cancellation_reason", "expand"]);
  const intent = findIntent(api, id);
  const reason = stringParam(params, "cancellation_reason");
  if (reason !== undefined && !CANCELLATION_REASONS.includes(reason)) {
    throw invalidRequest(
      `Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.slice(0, -1).join(", ")}, or ${CANCELLATION_REASONS.at(-1)}`,
      {
        param: "cancellation_reason",
      },
    );
  }
  if (!CANCELABLE_STATUSES.includes(intent.status)) {
    throw unexpectedState(
      api,
      intent,
      ctx,
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE_STATUSES.join(", ")}.`,
    );
  }
  intent.status = "canceled";
  intent.canceled_at = nowSeconds();
  intent.cancellation_reason = reason ?? null;
  ctx.dirty = true;
  emitEvent(api, "payment_intent.canceled", intent, ctx);
  return renderIntent(api, intent, ctx, readExpand(params));
}
