import {
  checkCard,
  testPaymentMethodCard,
  TEST_PAYMENT_METHODS,
  type CardDetails,
  type CardOutcome,
  type DisputeScenario,
} from "../cards";
import { invalidRequest, missingParam, resourceMissing } from "../errors";
import { objectParam, rejectUnknown, stringParam, type FormObject } from "../form";
import { newId, nowSeconds } from "../ids";
import type { PaymentMethod, StoredPaymentMethod } from "../types";
import type { Api } from "./context";
import { readBillingDetails } from "./params/contact";
import { applyMetadata } from "./params/metadata";

const DATA = "payment_method_data";
const CARD = `${DATA}[card]`;
const DATA_PARAMS = [
  "type",
  "card",
  "billing_details",
  "metadata",
  "allow_redisplay",
  "payment_user_agent",
  "time_on_page",
  "referrer",
  "guid",
  "muid",
  "sid",
  "radar_options",
];
const CARD_PARAMS = ["number", "exp_month", "exp_year", "cvc", "networks", "token"];

/** A card as read from a request: its details (none when the number itself is invalid) and what charging it does. */
interface ReadCard {
  details: CardDetails | null;
  outcome: CardOutcome;
  dispute?: DisputeScenario;
}

/**
 * `payment_method_data[type]=card&payment_method_data[card][number]=...`: stores a new PaymentMethod,
 * or, for details Stripe refuses before any charge (a bad number or expiry), says why.
 */
export function paymentMethodFromData(api: Api, data: FormObject): StoredPaymentMethod | { invalid: CardOutcome } {
  rejectUnknown(data, DATA_PARAMS, DATA);
  const card = readCardParam(data);
  const billing = readBillingDetails(objectParam(data, "billing_details", DATA), `${DATA}[billing_details]`);
  const metadata = applyMetadata({}, objectParam(data, "metadata", DATA), `${DATA}[metadata]`);
  const token = stringParam(card, "token", CARD);
  const { details, outcome, dispute } = token ? cardFromTestToken(token) : cardFromNumber(card);
  if (!details) return { invalid: outcome };
  const allowRedisplay = stringParam(data, "allow_redisplay", DATA) ?? "unspecified";
  return storePaymentMethod(
    api,
    { card: details, outcome, dispute },
    { allow_redisplay: allowRedisplay, billing_details: billing, metadata },
  );
}

/** A stored PaymentMethod, or a fresh one for Stripe's test ids (`pm_card_visa`, ...). */
export function resolvePaymentMethod(api: Api, id: string): StoredPaymentMethod {
  const existing = api.state.paymentMethods[id];
  if (existing) return existing;
  const test = TEST_PAYMENT_METHODS[id] ? testPaymentMethodCard(id) : null;
  if (!test) throw resourceMissing("PaymentMethod", id, "payment_method", 400);
  return storePaymentMethod(api, test, {
    allow_redisplay: "unspecified",
    billing_details: readBillingDetails(undefined, ""),
    metadata: {},
  });
}

/** Whether `payment_method=<id>` names something resolvePaymentMethod can find, without creating it. */
export function isKnownPaymentMethod(api: Api, id: string): boolean {
  return Boolean(api.state.paymentMethods[id] || TEST_PAYMENT_METHODS[id]);
}

/** payment_method_data[card], after checking that it describes a card at all. */
function readCardParam(data: FormObject): FormObject {
  const type = stringParam(data, "type", DATA);
  if (!type) throw missingParam(`${DATA}[type]`);
  if (type !== "card") {
    throw invalidRequest(`The Partshop Stripe sandbox only supports card payments, not ${DATA}[type]=${type}.`, {
      code: "payment_method_invalid_parameter",
      param: `${DATA}[type]`,
    });
  }
  const card = objectParam(data, "card", DATA);
  if (!card) throw missingParam(CARD);
  rejectUnknown(card, CARD_PARAMS, CARD);
  return card;
}

/** Test tokens (tok_visa, tok_chargeDeclined, ...) behave like the pm_card_* of the same name. */
function cardFromTestToken(token: string): ReadCard {
  const test = testPaymentMethodCard(token.replace(/^tok_/, "pm_card_"));
  if (!test) throw invalidRequest(`No such token: '${token}'`, { code: "resource_missing", param: `${CARD}[token]` });
  return { details: test.card, outcome: test.outcome, dispute: test.dispute };
}

function cardFromNumber(card: FormObject): ReadCard {
  const number = stringParam(card, "number", CARD);
  if (number === undefined) throw missingParam(`${CARD}[number]`);
  const expMonth = stringParam(card, "exp_month", CARD);
  if (expMonth === undefined) throw missingParam(`${CARD}[exp_month]`);
  const expYear = stringParam(card, "exp_year", CARD);
  if (expYear === undefined) throw missingParam(`${CARD}[exp_year]`);
  const check = checkCard({ number, exp_month: expMonth, exp_year: expYear, cvc: stringParam(card, "cvc", CARD) });
  return { details: check.card, outcome: check.outcome, dispute: check.ok ? check.dispute : undefined };
}

/** What the stored PaymentMethod does when charged: the card's outcome, and a dispute after it for dispute test cards. */
interface CardBehaviour {
  card: CardDetails;
  outcome: CardOutcome;
  dispute?: DisputeScenario;
}

function storePaymentMethod(
  api: Api,
  { card, outcome, dispute }: CardBehaviour,
  given: Pick<PaymentMethod, "allow_redisplay" | "billing_details" | "metadata">,
): StoredPaymentMethod {
  const paymentMethod: PaymentMethod = {
    id: newId("pm"),
    object: "payment_method",
    allow_redisplay: given.allow_redisplay,
    billing_details: given.billing_details,
    card,
    created: nowSeconds(),
    customer: null,
    livemode: false,
    metadata: given.metadata,
    type: "card",
  };
  const stored: StoredPaymentMethod = { paymentMethod, outcome, ...(dispute ? { dispute } : {}) };
  api.state.paymentMethods[paymentMethod.id] = stored;
  return stored;
}
