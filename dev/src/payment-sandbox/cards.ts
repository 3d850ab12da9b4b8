import { createHmac } from "node:crypto";

/**
 * Stripe's test cards (https://docs.stripe.com/testing) and what confirming a payment with them does.
 * Card numbers never leave this module: payment methods keep brand, last4 and the outcome only.
 */
export type CardOutcome =
  | "success"
  | "generic_decline"
  | "insufficient_funds"
  | "lost_card"
  | "stolen_card"
  | "fraudulent"
  | "expired_card"
  | "incorrect_cvc"
  | "processing_error"
  | "incorrect_number"
  | "invalid_expiry_month"
  | "invalid_expiry_year";

export interface CardDecline {
  code: string;
  decline_code: string;
  message: string;
  /** The card field at fault, as Stripe names it in card errors. */
  param?: string;
  /** The payment reached the card network, so Stripe records a failed charge. */
  charged: boolean;
  seller_message: string;
  network_status: string;
  outcome_type: string;
  risk_level: string;
}

const DECLINED = "Your card was declined.";
const NO_DETAILS = "The bank did not return any further details with this decline.";

export const DECLINES: Record<Exclude<CardOutcome, "success">, CardDecline> = {
  generic_decline: decline("card_declined", "generic_decline", DECLINED, NO_DETAILS),
  insufficient_funds: decline(
    "card_declined",
    "insufficient_funds",
    "Your card has insufficient funds.",
    "The bank returned the decline code `insufficient_funds`.",
  ),
  lost_card: decline("card_declined", "lost_card", DECLINED, "The bank returned the decline code `lost_card`."),
  stolen_card: decline("card_declined", "stolen_card", DECLINED, "The bank returned the decline code `stolen_card`."),
  fraudulent: {
    ...decline("card_declined", "fraudulent", DECLINED, "Stripe blocked this payment as too risky."),
    network_status: "not_sent_to_network",
    outcome_type: "blocked",
    risk_level: "highest",
  },
  expired_card: decline(
    "expired_card",
    "expired_card",
    "Your card has expired.",
    "The bank returned the decline code `expired_card`.",
    "exp_month",
  ),
  incorrect_cvc: decline(
    "incorrect_cvc",
    "incorrect_cvc",
    "Your card's security code is incorrect.",
    "The bank returned the decline code `incorrect_cvc`.",
    "cvc",
  ),
  processing_error: decline(
    "processing_error",
    "processing_error",
    "An error occurred while processing your card. Try again in a little bit.",
    "The bank returned the decline code `processing_error`.",
  ),
  // Failures Stripe detects before contacting the card network: no charge is created.
  incorrect_number: {
    ...decline("incorrect_number", "incorrect_number", "Your card number is incorrect.", "", "number"),
    charged: false,
  },
  invalid_expiry_month: {
    ...decline(
      "invalid_expiry_month",
      "invalid_expiry_month",
      "Your card's expiration month is invalid.",
      "",
      "exp_month",
    ),
    charged: false,
  },
  invalid_expiry_year: {
    ...decline("invalid_expiry_year", "invalid_expiry_year", "Your card's expiration year is invalid.", "", "exp_year"),
    charged: false,
  },
};

function decline(
  code: string,
  declineCode: string,
  message: string,
  sellerMessage: string,
  param?: string,
): CardDecline {
  return {
    code,
    decline_code: declineCode,
    message,
    ...(param ? { param } : {}),
    charged: true,
    seller_message: sellerMessage,
    network_status: "declined_by_network",
    outcome_type: "issuer_declined",
    risk_level: "normal",
  };
}

/** Stripe's dispute test cards: the payment succeeds, then the cardholder disputes it straight away. */
export type DisputeScenario = "fraudulent" | "product_not_received";

interface TestCard {
  outcome: CardOutcome;
  funding?: "credit" | "debit" | "prepaid";
  dispute?: DisputeScenario;
}

/** Numbers with a special behaviour; every other Luhn-valid number succeeds. */
const TEST_CARDS: Record<string, TestCard> = {
  "4000000000000002": { outcome: "generic_decline" },
  "4000000000000341": { outcome: "generic_decline" },
  "4000000000009995": { outcome: "insufficient_funds" },
  "4000000000009987": { outcome: "lost_card" },
  "4000000000009979": { outcome: "stolen_card" },
  "4100000000000019": { outcome: "fraudulent" },
  "4000000000000069": { outcome: "expired_card" },
  "4000000000000127": { outcome: "incorrect_cvc" },
  "4000000000000101": { outcome: "incorrect_cvc" },
  "4000000000000119": { outcome: "processing_error" },
  "4000056655665556": { outcome: "success", funding: "debit" },
  "5200828282828210": { outcome: "success", funding: "debit" },
  "5105105105105100": { outcome: "success", funding: "prepaid" },
  "4000000000000259": { outcome: "success", dispute: "fraudulent" },
  "4000000000002685": { outcome: "success", dispute: "product_not_received" },
};

/** Stripe's ready-made test PaymentMethods (`payment_method=pm_card_visa`). */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_visa_debit: "4000056655665556",
  pm_card_mastercard: "5555555555554444",
  pm_card_mastercard_debit: "5200828282828210",
  pm_card_mastercard_prepaid: "5105105105105100",
  pm_card_amex: "378282246310005",
  pm_card_discover: "6011111111111117",
  pm_card_diners: "3056930009020004",
  pm_card_jcb: "3566002020360505",
  pm_card_unionpay: "6200000000000005",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeCustomerFail: "4000000000000341",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_chargeDeclinedLostCard: "4000000000009987",
  pm_card_chargeDeclinedStolenCard: "4000000000009979",
  pm_card_chargeDeclinedFraudulent: "4100000000000019",
  pm_card_chargeDeclinedExpiredCard: "4000000000000069",
  pm_card_chargeDeclinedIncorrectCvc: "4000000000000127",
  pm_card_chargeDeclinedProcessingError: "4000000000000119",
  pm_card_createDispute: "4000000000000259",
  pm_card_createDisputeProductNotReceived: "4000000000002685",
};

export interface CardDetails {
  brand: string;
  display_brand: string;
  checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: string | null };
  country: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: string;
  generated_from: null;
  last4: string;
  networks: { available: string[]; preferred: null };
  three_d_secure_usage: { supported: boolean };
  wallet: null;
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let digit = number.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^(6011|65|64[4-9])/.test(number)) return "discover";
  if (/^35/.test(number)) return "jcb";
  if (/^(30|36|38|39)/.test(number)) return "diners";
  if (/^62/.test(number)) return "unionpay";
  return "unknown";
}

export interface CardInput {
  number: string;
  exp_month: string;
  exp_year: string;
  cvc?: string;
}

export type CardCheck =
  | { ok: true; card: CardDetails; outcome: CardOutcome; dispute?: DisputeScenario }
  | { ok: false; outcome: Exclude<CardOutcome, "success">; card: CardDetails | null };

/**
 * Validates raw card details the way Stripe does on confirm (number, expiry, cvc), then looks up the
 * outcome of the test card. `now` is injectable for tests.
 */
export function checkCard(input: CardInput, now = new Date()): CardCheck {
  const number = input.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return { ok: false, outcome: "incorrect_number", card: null };
  const brand = cardBrand(number);

  const month = /^\d{1,2}$/.test(input.exp_month.trim()) ? Number(input.exp_month) : NaN;
  if (!(month >= 1 && month <= 12)) return { ok: false, outcome: "invalid_expiry_month", card: null };
  let year = /^\d{2}(\d{2})?$/.test(input.exp_year.trim()) ? Number(input.exp_year) : NaN;
  if (year < 100) year += 2000;
  const currentYear = now.getUTCFullYear();
  if (!(year >= 1970 && year <= currentYear + 50)) return { ok: false, outcome: "invalid_expiry_year", card: null };

  const cvc = (input.cvc ?? "").trim();
  const cvcLength = brand === "amex" ? 4 : 3;
  const card = details(number, brand, month, year, cvc ? "pass" : null);
  // A card is valid through the last day of its expiry month.
  if (year < currentYear || (year === currentYear && month < now.getUTCMonth() + 1)) {
    return { ok: false, outcome: "expired_card", card };
  }
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) {
    card.checks.cvc_check = cvc ? "fail" : null;
    return { ok: false, outcome: "incorrect_cvc", card };
  }
  const test = TEST_CARDS[number];
  const outcome = test?.outcome ?? "success";
  if (outcome === "incorrect_cvc") card.checks.cvc_check = "fail";
  return outcome === "success" ? { ok: true, card, outcome, ...disputeOf(test) } : { ok: false, outcome, card };
}

function disputeOf(test: TestCard | undefined): { dispute?: DisputeScenario } {
  return test?.dispute ? { dispute: test.dispute } : {};
}

function details(number: string, brand: string, month: number, year: number, cvcCheck: string | null): CardDetails {
  return {
    brand,
    display_brand: brand === "amex" ? "american_express" : brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: cvcCheck },
    country: "US",
    exp_month: month,
    exp_year: year,
    // Stable per card number (like Stripe's), but not reversible.
    fingerprint: createHmac("sha256", "partshop-stripe-sandbox").update(number).digest("base64url").slice(0, 16),
    funding: TEST_CARDS[number]?.funding ?? (brand === "unknown" ? "unknown" : "credit"),
    generated_from: null,
    last4: number.slice(-4),
    networks: { available: [brand], preferred: null },
    three_d_secure_usage: { supported: true },
    wallet: null,
  };
}

/** Card details of a `pm_card_*` test PaymentMethod (valid expiry, cvc checked). */
export function testPaymentMethodCard(
  token: string,
  now = new Date(),
): { card: CardDetails; outcome: CardOutcome; dispute?: DisputeScenario } | null {
  const number = TEST_PAYMENT_METHODS[token];
  if (!number) return null;
  const brand = cardBrand(number);
  const year = now.getUTCFullYear() + 1;
  return {
    card: details(number, brand, 12, year, "pass"),
    outcome: TEST_CARDS[number]?.outcome ?? "success",
    ...disputeOf(TEST_CARDS[number]),
  };
}
