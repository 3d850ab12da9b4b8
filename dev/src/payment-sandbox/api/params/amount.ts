import { invalidRequest, missingParam } from "../../errors";
import { stringParam, type FormObject } from "../../form";

/** Stripe's minimum charge amounts in the smallest currency unit. */
const MINIMUM_AMOUNTS: Record<string, number> = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  huf: 17500,
  inr: 50,
  jpy: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
};
const ZERO_DECIMAL = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "ugx",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);
const MAXIMUM_AMOUNT = 99_999_999;
const SYMBOLS: Record<string, string> = { usd: "$", eur: "€", gbp: "£", jpy: "¥" };

/** An amount in the smallest currency unit as money: `$0.50`, `¥50`, `€1,299.00`. */
export function formatMoney(amount: number, currency: string): string {
  const text = ZERO_DECIMAL.has(currency)
    ? amount.toLocaleString("en-US")
    : (amount / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${SYMBOLS[currency] ?? ""}${text}`;
}

/** As Stripe writes amounts in its minimum and maximum errors: `$0.50 usd`, `¥50 jpy`. */
function formatAmount(amount: number, currency: string): string {
  return `${formatMoney(amount, currency)} ${currency}`;
}

/** `currency`, lower-cased; Stripe accepts any case but answers in lower case. */
export function readCurrency(params: FormObject, required: true): string;
export function readCurrency(params: FormObject, required: false): string | undefined;
export function readCurrency(params: FormObject, required: boolean): string | undefined {
  const raw = stringParam(params, "currency");
  if (raw === undefined) {
    if (required) throw missingParam("currency");
    return undefined;
  }
  const currency = raw.trim().toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) {
    throw invalidRequest(`Invalid currency: ${raw}. Stripe currencies are three-letter ISO codes such as usd or eur.`, {
      param: "currency",
    });
  }
  return currency;
}

export function checkAmount(amount: number, currency: string): void {
  if (amount < 1) {
    throw invalidRequest("This value must be greater than or equal to 1.", {
      code: "parameter_invalid_integer",
      param: "amount",
    });
  }
  const minimum = MINIMUM_AMOUNTS[currency];
  if (minimum !== undefined && amount < minimum) {
    throw invalidRequest(`Amount must be at least ${formatAmount(minimum, currency)}`, {
      code: "amount_too_small",
      param: "amount",
    });
  }
  if (amount > MAXIMUM_AMOUNT) {
    throw invalidRequest(`Amount must be no more than ${formatAmount(MAXIMUM_AMOUNT, currency)}`, {
      code: "amount_too_large",
      param: "amount",
    });
  }
}
