import {
  checkCard,
  DECLINES,
  testPaymentMethodCard,
  TEST_PAYMENT_METHODS,
  type CardDetails,
  type CardOutcome,
} from "./cards";
import { docUrl, invalidRequest, missingParam, resourceMissing, SandboxError, authenticationError } from "./errors";
import {
  booleanParam,
  integerParam,
  objectParam,
  rejectUnknown,
  stringParam,
  type FormObject,
} from "./form";
import { newId, nowSeconds, randomToken } from "./ids";
import { checkAmount, readCurrency } from "./api/params/amount";
import { readBillingDetails, readEmail, readShipping } from "./api/params/contact";
import { readExpand } from "./api/params/expand";
import { applyMetadata } from "./api/params/metadata";
import {
  readCaptureMethod,
  readDescriptor,
  readPaymentMethodTypes,
  readSetupFutureUsage,
  rejectConfirmationToken,
} from "./api/params/payment-options";
import type {
  Charge,
  PaymentIntent,
  PaymentMethod,
  SandboxState,
  StoredPaymentMethod,
  StripeEvent,
} from "./types";

export type KeyKind = "secret" | "publishable";

/** One API request as the handlers see it. */
export interface RequestContext {
  requestId: string;
  idempotencyKey: string | null;
  apiVersion: string;
  keyKind: KeyKind;
  /** Events raised by the request; posted to the webhook endpoint once the answer is sent. */
  events: StripeEvent[];
  /** The state changed and must be saved. */
  dirty: boolean;
}

export interface SandboxApiOptions {
  /** Whether a webhook endpoint is configured (an event's pending_webhooks). */
  webhookEndpoints: number;
  /** Overrides the api_version of events (default: the Stripe-Version the intent was created with). */
  eventApiVersion?: string;
}

const PUBLISHABLE_KEY_FORBIDDEN =
  "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.";

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

const COMMON_CONFIRM_PARAMS = [
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

const CREATE_PARAMS: readonly string[] = [
  ...COMMON_CONFIRM_PARAMS,
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

const CONFIRM_PARAMS: readonly string[] = [
  ...COMMON_CONFIRM_PARAMS,
  "amount_to_confirm",
  "client_secret",
  "expected_payment_method_type",
];

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
const CONFIRMABLE_STATUSES = ["requires_payment_method", "requires_confirmation", "requires_action"];
const CANCELABLE_STATUSES = [
  "requires_payment_method",
  "requires_capture",
  "requires_confirmation",
  "requires_action",
  "processing",
];
const CANCELLATION_REASONS = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"];

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export class SandboxApi {
  constructor(
    readonly state: SandboxState,
    private readonly options: SandboxApiOptions,
  ) {}

  // ---------------------------------------------------------------- PaymentIntents

  createPaymentIntent(params: FormObject, ctx: RequestContext): unknown {
    requireSecretKey(ctx);
    rejectUnknown(params, CREATE_PARAMS);

    const currency = readCurrency(params, true);
    const amount = integerParam(params, "amount");
    if (amount === undefined) throw missingParam("amount");
    checkAmount(amount, currency);

    const automatic = objectParam(params, "automatic_payment_methods");
    const types = readPaymentMethodTypes(params);
    if (automatic && types) {
      throw invalidRequest(
        `You may only specify one of these parameters: automatic_payment_methods, ${types.param}.`,
        { code: "parameters_exclusive", param: "automatic_payment_methods" },
      );
    }
    let automaticPaymentMethods: PaymentIntent["automatic_payment_methods"] = null;
    if (automatic) {
      rejectUnknown(automatic, ["enabled", "allow_redirects"], "automatic_payment_methods");
      const enabled = booleanParam(automatic, "enabled", "automatic_payment_methods");
      if (enabled === undefined) throw missingParam("automatic_payment_methods[enabled]");
      const allowRedirects = stringParam(automatic, "allow_redirects", "automatic_payment_methods");
      if (allowRedirects !== undefined && allowRedirects !== "always" && allowRedirects !== "never") {
        throw invalidRequest(`Invalid automatic_payment_methods[allow_redirects]: must be one of always or never`, {
          param: "automatic_payment_methods[allow_redirects]",
        });
      }
      automaticPaymentMethods = { enabled, ...(allowRedirects ? { allow_redirects: allowRedirects } : {}) };
    } else if (!types) {
      // Recent API versions turn automatic payment methods on by default.
      automaticPaymentMethods = { enabled: true };
    }

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

    const id = newId("pi");
    const intent: PaymentIntent = {
      id,
      object: "payment_intent",
      allowed_payment_method_types: types?.param === "allowed_payment_method_types" ? types.types : null,
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: integerParam(params, "application_fee_amount") ?? null,
      automatic_payment_methods: automaticPaymentMethods,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: captureMethod,
      client_secret: `${id}_secret_${randomToken(25)}`,
      confirmation_method: confirmationMethod,
      created: nowSeconds(),
      currency,
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
      payment_method_types: types?.types ?? ["card"],
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

    // Check the payment method before storing anything, so a bad id creates nothing.
    const paymentMethodId = stringParam(params, "payment_method");
    if (paymentMethodId && !this.state.paymentMethods[paymentMethodId] && !TEST_PAYMENT_METHODS[paymentMethodId]) {
      throw resourceMissing("PaymentMethod", paymentMethodId, "payment_method", 400);
    }
    if (confirm && !paymentMethodId && params.payment_method_data === undefined) {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm it while creating it, pass payment_method or payment_method_data.",
        { code: "payment_intent_unexpected_state", param: "payment_method" },
      );
    }
    const attached = paymentMethodId && !confirm ? this.resolvePaymentMethod(paymentMethodId) : null;
    if (attached) {
      intent.payment_method = attached.paymentMethod.id;
      intent.status = "requires_confirmation";
    }

    this.state.paymentIntents[id] = intent;
    this.state.intentApiVersions[id] = ctx.apiVersion;
    ctx.dirty = true;

    if (confirm) this.confirm(intent, params, ctx);
    return this.renderIntent(intent, ctx, readExpand(params));
  }

  retrievePaymentIntent(id: string, params: FormObject, ctx: RequestContext): unknown {
    rejectUnknown(params, ["client_secret", "expand"]);
    const intent = this.findIntent(id);
    this.checkClientSecret(intent, params, ctx);
    return this.renderIntent(intent, ctx, readExpand(params));
  }

  listPaymentIntents(params: FormObject, ctx: RequestContext): unknown {
    requireSecretKey(ctx);
    rejectUnknown(params, ["limit", "starting_after", "ending_before", "customer", "created", "expand"]);
    const limit = integerParam(params, "limit") ?? 10;
    if (limit < 1 || limit > 100) {
      throw invalidRequest("Invalid limit: must be an integer between 1 and 100.", {
        code: "parameter_invalid_integer",
        param: "limit",
      });
    }
    const customer = stringParam(params, "customer");
    const created = readCreatedFilter(params);
    // Newest first; insertion order breaks ties within the same second.
    let all = Object.values(this.state.paymentIntents)
      .reverse()
      .filter((intent) => (customer === undefined || intent.customer === customer) && created(intent.created));
    const startingAfter = stringParam(params, "starting_after");
    const endingBefore = stringParam(params, "ending_before");
    let data: PaymentIntent[];
    let hasMore: boolean;
    if (startingAfter) {
      const index = all.findIndex((intent) => intent.id === startingAfter);
      if (index < 0) throw resourceMissing("payment_intent", startingAfter, "starting_after");
      all = all.slice(index + 1);
      data = all.slice(0, limit);
      hasMore = all.length > limit;
    } else if (endingBefore) {
      const index = all.findIndex((intent) => intent.id === endingBefore);
      if (index < 0) throw resourceMissing("payment_intent", endingBefore, "ending_before");
      all = all.slice(0, index);
      data = all.slice(Math.max(0, all.length - limit));
      hasMore = all.length > limit;
    } else {
      data = all.slice(0, limit);
      hasMore = all.length > limit;
    }
    const expand = readExpand(params)
      .filter((path) => path.startsWith("data."))
      .map((path) => path.slice("data.".length));
    return {
      object: "list",
      data: data.map((intent) => this.renderIntent(intent, ctx, expand)),
      has_more: hasMore,
      url: "/v1/payment_intents",
    };
  }

  updatePaymentIntent(id: string, params: FormObject, ctx: RequestContext): unknown {
    requireSecretKey(ctx);
    rejectUnknown(params, UPDATE_PARAMS);
    const intent = this.findIntent(id);
    for (const field of RESTRICTED_UPDATES) {
      if (params[field] !== undefined && !UPDATABLE_STATUSES.includes(intent.status)) {
        throw invalidRequest(
          `This PaymentIntent's ${field} could not be updated because it has a status of ${intent.status}. You may only update the ${field} of a PaymentIntent with one of the following statuses: ${UPDATABLE_STATUSES.join(", ")}.`,
          { code: "payment_intent_unexpected_state", payment_intent: this.renderIntent(intent, ctx, []) },
        );
      }
    }
    if (params.payment_method_data !== undefined) {
      throw invalidRequest(
        "The sandbox does not attach payment_method_data on update; pass it to /confirm instead.",
        { param: "payment_method_data" },
      );
    }
    // Validate everything first, then apply, so a bad parameter changes nothing.
    const currency = readCurrency(params, false) ?? intent.currency;
    const amount = integerParam(params, "amount");
    if (amount !== undefined || currency !== intent.currency) checkAmount(amount ?? intent.amount, currency);
    const metadata = applyMetadata({ ...intent.metadata }, objectParam(params, "metadata"));
    const description = stringParam(params, "description");
    const customer = stringParam(params, "customer");
    const receiptEmail = params.receipt_email !== undefined ? readEmail(params) : undefined;
    const shipping = params.shipping !== undefined ? readShipping(params) : undefined;
    const setupFutureUsage = params.setup_future_usage !== undefined ? readSetupFutureUsage(params) : undefined;
    const types = readPaymentMethodTypes(params);
    const captureMethod = readCaptureMethod(params);
    const customerAccount = stringParam(params, "customer_account");
    const statementDescriptor = params.statement_descriptor !== undefined ? readDescriptor(params, "statement_descriptor") : undefined;
    const statementDescriptorSuffix =
      params.statement_descriptor_suffix !== undefined ? readDescriptor(params, "statement_descriptor_suffix") : undefined;
    const transferGroup = stringParam(params, "transfer_group");
    const paymentMethodId = stringParam(params, "payment_method");
    const attached = paymentMethodId ? this.resolvePaymentMethod(paymentMethodId) : null;

    if (amount !== undefined) intent.amount = amount;
    intent.currency = currency;
    intent.metadata = metadata;
    if (description !== undefined) intent.description = description || null;
    if (customer !== undefined) intent.customer = customer || null;
    if (receiptEmail !== undefined) intent.receipt_email = receiptEmail;
    if (shipping !== undefined) intent.shipping = shipping;
    if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage;
    if (customerAccount !== undefined) intent.customer_account = customerAccount || null;
    if (types) {
      intent.payment_method_types = types.types;
      intent.allowed_payment_method_types = types.param === "allowed_payment_method_types" ? types.types : null;
      intent.automatic_payment_methods = null;
    }
    if (captureMethod) intent.capture_method = captureMethod;
    if (statementDescriptor !== undefined) intent.statement_descriptor = statementDescriptor;
    if (statementDescriptorSuffix !== undefined) intent.statement_descriptor_suffix = statementDescriptorSuffix;
    if (transferGroup !== undefined) intent.transfer_group = transferGroup || null;
    if (paymentMethodId !== undefined) {
      intent.payment_method = attached ? attached.paymentMethod.id : null;
      intent.status = attached ? "requires_confirmation" : "requires_payment_method";
    }
    ctx.dirty = true;
    return this.renderIntent(intent, ctx, readExpand(params));
  }

  confirmPaymentIntent(id: string, params: FormObject, ctx: RequestContext): unknown {
    rejectUnknown(params, CONFIRM_PARAMS);
    const intent = this.findIntent(id);
    this.checkClientSecret(intent, params, ctx);
    this.confirm(intent, params, ctx);
    return this.renderIntent(intent, ctx, readExpand(params));
  }

  cancelPaymentIntent(id: string, params: FormObject, ctx: RequestContext): unknown {
    requireSecretKey(ctx);
    rejectUnknown(params, ["cancellation_reason", "expand"]);
    const intent = this.findIntent(id);
    const reason = stringParam(params, "cancellation_reason");
    if (reason !== undefined && !CANCELLATION_REASONS.includes(reason)) {
      throw invalidRequest(
        `Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.slice(0, -1).join(", ")}, or ${CANCELLATION_REASONS.at(-1)}`,
        { param: "cancellation_reason" },
      );
    }
    if (!CANCELABLE_STATUSES.includes(intent.status)) {
      throw invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE_STATUSES.join(", ")}.`,
        { code: "payment_intent_unexpected_state", payment_intent: this.renderIntent(intent, ctx, []) },
      );
    }
    intent.status = "canceled";
    intent.canceled_at = nowSeconds();
    intent.cancellation_reason = reason ?? null;
    ctx.dirty = true;
    this.emit("payment_intent.canceled", intent, ctx);
    return this.renderIntent(intent, ctx, readExpand(params));
  }

  // ---------------------------------------------------------------- Charges, events

  retrieveCharge(id: string, params: FormObject, ctx: RequestContext): unknown {
    requireSecretKey(ctx);
    rejectUnknown(params, ["expand"]);
    const charge = this.state.charges[id];
    if (!charge) throw resourceMissing("charge", id, "id");
    const rendered: Record<string, unknown> = { ...clone(charge) };
    for (const path of readExpand(params)) {
      if (path === "payment_intent") {
        const intent = this.state.paymentIntents[charge.payment_intent];
        rendered.payment_intent = intent ? this.renderIntent(intent, ctx, []) : charge.payment_intent;
      } else {
        throw invalidRequest(`This property cannot be expanded (${path}).`, { param: "expand" });
      }
    }
    return rendered;
  }

  retrieveEvent(id: string, params: FormObject, ctx: RequestContext): unknown {
    requireSecretKey(ctx);
    rejectUnknown(params, ["expand"]);
    const event = this.state.events.find((candidate) => candidate.id === id);
    if (!event) throw resourceMissing("event", id, "id");
    return event;
  }

  // ---------------------------------------------------------------- confirmation

  private confirm(intent: PaymentIntent, params: FormObject, ctx: RequestContext): void {
    if (intent.status === "succeeded") {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
        { code: "payment_intent_unexpected_state", payment_intent: this.renderIntent(intent, ctx, []) },
      );
    }
    if (!CONFIRMABLE_STATUSES.includes(intent.status)) {
      throw invalidRequest(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE_STATUSES.join(", ")}.`,
        { code: "payment_intent_unexpected_state", payment_intent: this.renderIntent(intent, ctx, []) },
      );
    }
    const data = objectParam(params, "payment_method_data");
    const paymentMethodId = stringParam(params, "payment_method");
    if (data && paymentMethodId) {
      throw invalidRequest("You may only specify one of these parameters: payment_method, payment_method_data.", {
        param: "payment_method_data",
      });
    }
    rejectConfirmationToken(params);
    const types = readPaymentMethodTypes(params);
    readCaptureMethod(params);
    const receiptEmail = params.receipt_email !== undefined ? readEmail(params) : undefined;
    const shipping = params.shipping !== undefined ? readShipping(params) : undefined;
    const setupFutureUsage = params.setup_future_usage !== undefined ? readSetupFutureUsage(params) : undefined;

    let stored: StoredPaymentMethod | null = null;
    let invalidCard: CardOutcome | null = null;
    if (data) {
      const result = this.paymentMethodFromData(data);
      if ("paymentMethod" in result) stored = result;
      else invalidCard = result.invalid;
    } else if (paymentMethodId) {
      stored = this.resolvePaymentMethod(paymentMethodId);
    } else if (intent.payment_method) {
      stored = this.resolvePaymentMethod(intent.payment_method);
    } else {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        { code: "payment_intent_unexpected_state", payment_intent: this.renderIntent(intent, ctx, []) },
      );
    }

    if (receiptEmail !== undefined) intent.receipt_email = receiptEmail;
    if (shipping !== undefined) intent.shipping = shipping;
    if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage;
    if (types) {
      intent.payment_method_types = types.types;
      if (types.param === "allowed_payment_method_types") intent.allowed_payment_method_types = types.types;
    }
    ctx.dirty = true;

    const outcome = invalidCard ?? stored?.outcome ?? "success";
    if (outcome === "success" && stored) {
      const charge = this.createCharge(intent, stored.paymentMethod, null);
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.payment_method = stored.paymentMethod.id;
      intent.latest_charge = charge.id;
      intent.last_payment_error = null;
      this.emit("payment_intent.succeeded", intent, ctx);
      return;
    }

    const decline = DECLINES[outcome as Exclude<CardOutcome, "success">];
    const paymentMethod = stored?.paymentMethod ?? null;
    const charge = decline.charged && paymentMethod ? this.createCharge(intent, paymentMethod, outcome) : null;
    intent.status = "requires_payment_method";
    intent.payment_method = null;
    if (charge) intent.latest_charge = charge.id;
    intent.last_payment_error = {
      type: "card_error",
      code: decline.code,
      decline_code: decline.decline_code,
      doc_url: docUrl(decline.code),
      message: decline.message,
      ...(decline.param ? { param: decline.param } : {}),
      ...(charge ? { charge: charge.id } : {}),
      payment_method: paymentMethod ? clone(paymentMethod) : null,
    };
    this.emit("payment_intent.payment_failed", intent, ctx);
    throw new SandboxError(402, {
      type: "card_error",
      code: decline.code,
      decline_code: decline.decline_code,
      message: decline.message,
      ...(decline.param ? { param: decline.param } : {}),
      doc_url: docUrl(decline.code),
      ...(charge ? { charge: charge.id } : {}),
      payment_intent: this.renderIntent(intent, ctx, []),
      ...(paymentMethod ? { payment_method: clone(paymentMethod) } : {}),
    });
  }

  /** `payment_method_data[type]=card&payment_method_data[card][number]=...`: creates a PaymentMethod. */
  private paymentMethodFromData(data: FormObject): StoredPaymentMethod | { invalid: CardOutcome } {
    const prefix = "payment_method_data";
    rejectUnknown(
      data,
      [
        "type", "card", "billing_details", "metadata", "allow_redisplay", "payment_user_agent",
        "time_on_page", "referrer", "guid", "muid", "sid", "radar_options",
      ],
      prefix,
    );
    const type = stringParam(data, "type", prefix);
    if (!type) throw missingParam(`${prefix}[type]`);
    if (type !== "card") {
      throw invalidRequest(`The Partshop Stripe sandbox only supports card payments, not ${prefix}[type]=${type}.`, {
        code: "payment_method_invalid_parameter",
        param: `${prefix}[type]`,
      });
    }
    const card = objectParam(data, "card", prefix);
    if (!card) throw missingParam(`${prefix}[card]`);
    const cardPrefix = `${prefix}[card]`;
    rejectUnknown(card, ["number", "exp_month", "exp_year", "cvc", "networks", "token"], cardPrefix);
    const billing = readBillingDetails(objectParam(data, "billing_details", prefix), `${prefix}[billing_details]`);
    const metadata = applyMetadata({}, objectParam(data, "metadata", prefix), `${prefix}[metadata]`);

    const token = stringParam(card, "token", cardPrefix);
    let details: CardDetails | null;
    let outcome: CardOutcome;
    if (token) {
      // Test tokens (tok_visa, tok_chargeDeclined, ...) behave like the pm_card_* of the same name.
      const test = testPaymentMethodCard(token.replace(/^tok_/, "pm_card_"));
      if (!test) throw invalidRequest(`No such token: '${token}'`, { code: "resource_missing", param: `${cardPrefix}[token]` });
      details = test.card;
      outcome = test.outcome;
    } else {
      const number = stringParam(card, "number", cardPrefix);
      if (number === undefined) throw missingParam(`${cardPrefix}[number]`);
      const expMonth = stringParam(card, "exp_month", cardPrefix);
      if (expMonth === undefined) throw missingParam(`${cardPrefix}[exp_month]`);
      const expYear = stringParam(card, "exp_year", cardPrefix);
      if (expYear === undefined) throw missingParam(`${cardPrefix}[exp_year]`);
      const check = checkCard({ number, exp_month: expMonth, exp_year: expYear, cvc: stringParam(card, "cvc", cardPrefix) });
      details = check.card;
      outcome = check.outcome;
    }
    if (!details) return { invalid: outcome };
    const paymentMethod: PaymentMethod = {
      id: newId("pm"),
      object: "payment_method",
      allow_redisplay: stringParam(data, "allow_redisplay", prefix) ?? "unspecified",
      billing_details: billing,
      card: details,
      created: nowSeconds(),
      customer: null,
      livemode: false,
      metadata,
      type: "card",
    };
    const stored = { paymentMethod, outcome };
    this.state.paymentMethods[paymentMethod.id] = stored;
    return stored;
  }

  /** A stored PaymentMethod, or a fresh one for Stripe's test ids (`pm_card_visa`, ...). */
  private resolvePaymentMethod(id: string): StoredPaymentMethod {
    const existing = this.state.paymentMethods[id];
    if (existing) return existing;
    const test = TEST_PAYMENT_METHODS[id] ? testPaymentMethodCard(id) : null;
    if (!test) throw resourceMissing("PaymentMethod", id, "payment_method", 400);
    const paymentMethod: PaymentMethod = {
      id: newId("pm"),
      object: "payment_method",
      allow_redisplay: "unspecified",
      billing_details: readBillingDetails(undefined, ""),
      card: test.card,
      created: nowSeconds(),
      customer: null,
      livemode: false,
      metadata: {},
      type: "card",
    };
    const stored = { paymentMethod, outcome: test.outcome };
    this.state.paymentMethods[paymentMethod.id] = stored;
    return stored;
  }

  private createCharge(intent: PaymentIntent, paymentMethod: PaymentMethod, failure: CardOutcome | null): Charge {
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
      outcome: decline
        ? {
            network_status: decline.network_status,
            reason: decline.decline_code,
            risk_level: decline.risk_level,
            seller_message: decline.seller_message,
            type: decline.outcome_type,
          }
        : {
            network_status: "approved_by_network",
            reason: null,
            risk_level: "normal",
            seller_message: "Payment complete.",
            type: "authorized",
          },
      paid: !decline,
      payment_intent: intent.id,
      payment_method: paymentMethod.id,
      payment_method_details: { card: clone(paymentMethod.card), type: "card" },
      receipt_email: intent.receipt_email,
      receipt_url: null,
      refunded: false,
      status: decline ? "failed" : "succeeded",
    };
    this.state.charges[charge.id] = charge;
    return charge;
  }

  // ---------------------------------------------------------------- helpers

  private emit(type: string, intent: PaymentIntent, ctx: RequestContext): void {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: this.options.eventApiVersion ?? this.state.intentApiVersions[intent.id] ?? ctx.apiVersion,
      created: nowSeconds(),
      data: { object: clone(intent) },
      livemode: false,
      pending_webhooks: this.options.webhookEndpoints,
      request: { id: ctx.requestId, idempotency_key: ctx.idempotencyKey },
      type,
    };
    this.state.events.push(event);
    ctx.events.push(event);
    ctx.dirty = true;
  }

  private findIntent(id: string): PaymentIntent {
    const intent = this.state.paymentIntents[id];
    if (!intent) throw resourceMissing("payment_intent", id, "intent");
    return intent;
  }

  /** A publishable key only reaches an intent together with its client_secret (what Stripe.js sends). */
  private checkClientSecret(intent: PaymentIntent, params: FormObject, ctx: RequestContext): void {
    const secret = stringParam(params, "client_secret");
    if (ctx.keyKind === "secret" && secret === undefined) return;
    if (secret === undefined) throw missingParam("client_secret");
    if (secret !== intent.client_secret) {
      throw invalidRequest(
        "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
        { code: "payment_intent_invalid_parameter", param: "client_secret" },
      );
    }
  }

  renderIntent(intent: PaymentIntent, ctx: RequestContext, expand: string[]): Record<string, unknown> {
    const rendered: Record<string, unknown> = clone(intent) as unknown as Record<string, unknown>;
    for (const path of expand) {
      if (path === "payment_method") {
        rendered.payment_method = intent.payment_method
          ? clone(this.state.paymentMethods[intent.payment_method]?.paymentMethod ?? intent.payment_method)
          : null;
      } else if (path === "latest_charge") {
        rendered.latest_charge = intent.latest_charge
          ? clone(this.state.charges[intent.latest_charge] ?? intent.latest_charge)
          : null;
      } else if (
        !["customer", "review", "application", "on_behalf_of", "source", "last_payment_error.payment_method"].includes(path)
      ) {
        throw invalidRequest(`This property cannot be expanded (${path}).`, { param: "expand" });
      }
    }
    if (ctx.keyKind === "publishable") {
      for (const key of Object.keys(rendered)) if (!PUBLISHABLE_FIELDS.includes(key)) delete rendered[key];
    }
    return rendered;
  }
}

// ------------------------------------------------------------------ parameter readers

function requireSecretKey(ctx: RequestContext): void {
  if (ctx.keyKind !== "secret") throw authenticationError(PUBLISHABLE_KEY_FORBIDDEN);
}

/** `created=<ts>` or `created[gt|gte|lt|lte]=<ts>`. */
function readCreatedFilter(params: FormObject): (created: number) => boolean {
  const value = params.created;
  if (value === undefined) return () => true;
  if (typeof value === "string") {
    const exact = integerParam(params, "created");
    return (created) => created === exact;
  }
  rejectUnknown(value, ["gt", "gte", "lt", "lte"], "created");
  const gt = integerParam(value, "gt", "created");
  const gte = integerParam(value, "gte", "created");
  const lt = integerParam(value, "lt", "created");
  const lte = integerParam(value, "lte", "created");
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}
