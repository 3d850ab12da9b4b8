import { invalidRequest } from "../../errors";
import { integerParam, objectParam, rejectUnknown, stringParam, type FormObject } from "../../form";
import type { PaymentIntent } from "../../types";
import { requireSecretKey, type Api, type RequestContext } from "../context";
import { checkAmount, readCurrency } from "../params/amount";
import { readEmail, readShipping } from "../params/contact";
import { readExpand } from "../params/expand";
import { applyMetadata } from "../params/metadata";
import { assignDefined, ifSent, optionalText } from "../params/partial";
import {
  readCaptureMethod,
  readDescriptor,
  readPaymentMethodTypes,
  readSetupFutureUsage,
} from "../params/payment-options";
import { resolvePaymentMethod } from "../payment-methods";
import { findIntent } from "./lookup";
import { renderIntent, unexpectedState } from "./render";

const UPDATE_PARAMS: readonly string[] = [
  "allowed_payment_method_types",
  "amount",
  "amount_details",
  "currency",
  "customer",
  "customer_account",
  "excluded_payment_method_types",
  "hooks",
  "payment_details",
  "payment_method_configuration",
  "description",
  "metadata",
  "payment_method",
  "payment_method_data",
  "payment_method_options",
  "payment_method_types",
  "receipt_email",
  "setup_future_usage",
  "shipping",
  "statement_descriptor",
  "statement_descriptor_suffix",
  "application_fee_amount",
  "transfer_data",
  "transfer_group",
  "capture_method",
  "expand",
];

/** Fields that can only change before the payment went through. */
const RESTRICTED_UPDATES = [
  "amount",
  "currency",
  "payment_method",
  "payment_method_data",
  "payment_method_types",
  "allowed_payment_method_types",
  "setup_future_usage",
  "capture_method",
];

const UPDATABLE_STATUSES = ["requires_payment_method", "requires_confirmation", "requires_action"];

/** POST /v1/payment_intents/:id */
export function updatePaymentIntent(api: Api, id: string, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, UPDATE_PARAMS);
  const intent = findIntent(api, id);
  checkRestrictedUpdates(api, intent, params, ctx);
  if (params.payment_method_data !== undefined) {
    throw invalidRequest("The sandbox does not attach payment_method_data on update; pass it to /confirm instead.", {
      param: "payment_method_data",
    });
  }
  // Read everything first, then apply, so a bad parameter changes nothing.
  assignDefined(intent, readUpdate(api, intent, params));
  ctx.dirty = true;
  return renderIntent(api, intent, ctx, readExpand(params));
}

function checkRestrictedUpdates(api: Api, intent: PaymentIntent, params: FormObject, ctx: RequestContext): void {
  if (UPDATABLE_STATUSES.includes(intent.status)) return;
  const field = RESTRICTED_UPDATES.find((name) => params[name] !== undefined);
  if (field === undefined) return;
  throw unexpectedState(
    api,
    intent,
    ctx,
    `This PaymentIntent's ${field} could not be updated because it has a status of ${intent.status}. You may only update the ${field} of a PaymentIntent with one of the following statuses: ${UPDATABLE_STATUSES.join(", ")}.`,
  );
}

/** The new values of the fields the request sends; undefined for the others. */
function readUpdate(api: Api, intent: PaymentIntent, params: FormObject): Partial<PaymentIntent> {
  const currency = readCurrency(params, false) ?? intent.currency;
  const amount = integerParam(params, "amount");
  if (amount !== undefined || currency !== intent.currency) checkAmount(amount ?? intent.amount, currency);
  return {
    amount,
    currency,
    metadata: applyMetadata({ ...intent.metadata }, objectParam(params, "metadata")),
    description: optionalText(params, "description"),
    customer: optionalText(params, "customer"),
    receipt_email: ifSent(params, "receipt_email", readEmail),
    shipping: ifSent(params, "shipping", readShipping),
    setup_future_usage: ifSent(params, "setup_future_usage", readSetupFutureUsage),
    ...paymentMethodTypesUpdate(params),
    capture_method: readCaptureMethod(params),
    customer_account: optionalText(params, "customer_account"),
    statement_descriptor: ifSent(params, "statement_descriptor", (p) => readDescriptor(p, "statement_descriptor")),
    statement_descriptor_suffix: ifSent(params, "statement_descriptor_suffix", (p) =>
      readDescriptor(p, "statement_descriptor_suffix"),
    ),
    transfer_group: optionalText(params, "transfer_group"),
    ...paymentMethodUpdate(api, stringParam(params, "payment_method")),
  };
}

/** Naming the payment method types turns automatic payment methods off. */
function paymentMethodTypesUpdate(params: FormObject): Partial<PaymentIntent> {
  const types = readPaymentMethodTypes(params);
  if (!types) return {};
  return {
    payment_method_types: types.types,
    allowed_payment_method_types: types.param === "allowed_payment_method_types" ? types.types : null,
    automatic_payment_methods: null,
  };
}

/** Attaching a payment method readies the intent for confirmation; `payment_method=` detaches it. */
function paymentMethodUpdate(api: Api, paymentMethodId: string | undefined): Partial<PaymentIntent> {
  if (paymentMethodId === undefined) return {};
  const attached = paymentMethodId ? resolvePaymentMethod(api, paymentMethodId) : null;
  return {
    payment_method: attached ? attached.paymentMethod.id : null,
    status: attached ? "requires_confirmation" : "requires_payment_method",
  };
}
