import { invalidRequest, missingParam, resourceMissing } from "../../errors";
import { booleanParam, integerParam, objectParam, rejectUnknown, stringParam, type FormObject } from "../../form";
import { newId, nowSeconds, randomToken } from "../../ids";
import type { PaymentIntent } from "../../types";
import { requireSecretKey, type Api, type RequestContext } from "../context";
import { checkAmount, readCurrency } from "../params/amount";
import { readEmail, readShipping } from "../params/contact";
import { readExpand } from "../params/expand";
import { applyMetadata } from "../params/metadata";
import {
  readCaptureMethod,
  readDescriptor,
  readPaymentMethodTypes,
  readSetupFutureUsage,
  rejectConfirmationToken,
  type PaymentMethodTypes,
} from "../params/payment-options";
import { isKnownPaymentMethod, resolvePaymentMethod } from "../payment-methods";
import { CONFIRMATION_PARAMS, confirmIntent } from "./confirm";
import { renderIntent } from "./render";

const CREATE_PARAMS: readonly string[] = [
  ...CONFIRMATION_PARAMS,
  "amount",
  "currency",
  "automatic_payment_methods",
  "confirm",
  "confirmation_method",
  "customer",
  "customer_account",
  "description",
  "metadata",
  "statement_descriptor",
  "statement_descriptor_suffix",
  "application_fee_amount",
  "on_behalf_of",
  "transfer_data",
  "transfer_group",
  "payment_method_configuration",
];

/** The parameters that decide how the intent is paid, checked before anything is built. */
interface PaymentTerms {
  currency: string;
  amount: number;
  automaticPaymentMethods: PaymentIntent["automatic_payment_methods"];
  types: PaymentMethodTypes | undefined;
  captureMethod: string;
  confirmationMethod: string;
  confirm: boolean;
}

/** POST /v1/payment_intents (`confirm=true` confirms at once) */
export function createPaymentIntent(api: Api, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, CREATE_PARAMS);
  const terms = readPaymentTerms(params);
  const intent = newPaymentIntent(params, terms);

  // Check the payment method before storing anything, so a bad id creates nothing.
  const paymentMethodId = stringParam(params, "payment_method");
  if (paymentMethodId && !isKnownPaymentMethod(api, paymentMethodId)) {
    throw resourceMissing("PaymentMethod", paymentMethodId, "payment_method", 400);
  }
  if (terms.confirm && !paymentMethodId && params.payment_method_data === undefined) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm it while creating it, pass payment_method or payment_method_data.",
      { code: "payment_intent_unexpected_state", param: "payment_method" },
    );
  }
  if (paymentMethodId && !terms.confirm) {
    intent.payment_method = resolvePaymentMethod(api, paymentMethodId).paymentMethod.id;
    intent.status = "requires_confirmation";
  }

  api.state.paymentIntents[intent.id] = intent;
  api.state.intentApiVersions[intent.id] = ctx.apiVersion;
  ctx.dirty = true;
  if (terms.confirm) confirmIntent(api, intent, params, ctx);
  return renderIntent(api, intent, ctx, readExpand(params));
}

function readPaymentTerms(params: FormObject): PaymentTerms {
  const currency = readCurrency(params, true);
  const amount = integerParam(params, "amount");
  if (amount === undefined) throw missingParam("amount");
  checkAmount(amount, currency);
  const { automaticPaymentMethods, types } = readPaymentMethodChoice(params);
  const captureMethod = readCaptureMethod(params) ?? "automatic_async";
  const confirmationMethod = stringParam(params, "confirmation_method") ?? "automatic";
  if (confirmationMethod !== "automatic" && confirmationMethod !== "manual") {
    throw invalidRequest("Invalid confirmation_method: must be one of automatic or manual", {
      param: "confirmation_method",
    });
  }
  const confirm = booleanParam(params, "confirm") ?? false;
  rejectConfirmationToken(params);
  if (!confirm && params.payment_method_data !== undefined) {
    throw invalidRequest("payment_method_data can only be passed when confirm is true.", {
      param: "payment_method_data",
    });
  }
  return { currency, amount, automaticPaymentMethods, types, captureMethod, confirmationMethod, confirm };
}

/** Either automatic payment methods or a list of types; recent API versions default to automatic. */
function readPaymentMethodChoice(params: FormObject): Pick<PaymentTerms, "automaticPaymentMethods" | "types"> {
  const automatic = objectParam(params, "automatic_payment_methods");
  const types = readPaymentMethodTypes(params);
  if (automatic && types) {
    throw invalidRequest(`You may only specify one of these parameters: automatic_payment_methods, ${types.param}.`, {
      code: "parameters_exclusive",
      param: "automatic_payment_methods",
    });
  }
  if (automatic) return { automaticPaymentMethods: readAutomaticPaymentMethods(automatic), types };
  return { automaticPaymentMethods: types ? null : { enabled: true }, types };
}

function readAutomaticPaymentMethods(automatic: FormObject): PaymentIntent["automatic_payment_methods"] {
  rejectUnknown(automatic, ["enabled", "allow_redirects"], "automatic_payment_methods");
  const enabled = booleanParam(automatic, "enabled", "automatic_payment_methods");
  if (enabled === undefined) throw missingParam("automatic_payment_methods[enabled]");
  const allowRedirects = stringParam(automatic, "allow_redirects", "automatic_payment_methods");
  if (allowRedirects !== undefined && allowRedirects !== "always" && allowRedirects !== "never") {
    throw invalidRequest(`Invalid automatic_payment_methods[allow_redirects]: must be one of always or never`, {
      param: "automatic_payment_methods[allow_redirects]",
    });
  }
  return { enabled, ...(allowRedirects ? { allow_redirects: allowRedirects } : {}) };
}

/**
 * Every field of Stripe's PaymentIntent, in Stripe's order (answers and the state file keep it), so this
 * one literal stays whole rather than being split to meet a length rule.
 */
function newPaymentIntent(params: FormObject, terms: PaymentTerms): PaymentIntent {
  const id = newId("pi");
  return {
    id,
    object: "payment_intent",
    allowed_payment_method_types: terms.types?.param === "allowed_payment_method_types" ? terms.types.types : null,
    amount: terms.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: integerParam(params, "application_fee_amount") ?? null,
    automatic_payment_methods: terms.automaticPaymentMethods,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: terms.captureMethod,
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: terms.confirmationMethod,
    created: nowSeconds(),
    currency: terms.currency,
    customer: stringParam(params, "customer") || null,
    customer_account: stringParam(params, "customer_account") || null,
    description: stringParam(params, "description") || null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: applyMetadata({}, objectParam(params, "metadata")),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" },
    },
    payment_method_types: terms.types?.types ?? ["card"],
    payment_record: null,
    processing: null,
    receipt_email: readEmail(params),
    review: null,
    setup_future_usage: readSetupFutureUsage(params),
    shipping: readShipping(params),
    source: null,
    statement_descriptor: readDescriptor(params, "statement_descriptor"),
    statement_descriptor_suffix: readDescriptor(params, "statement_descriptor_suffix"),
    status: "requires_payment_method",
    transfer_data: null,
    transfer_group: stringParam(params, "transfer_group") || null,
  };
}
