import { describe, expect, it } from "vitest";
import { SandboxError } from "../../errors";
import { parseForm } from "../../form";
import { checkAmount, readCurrency } from "./amount";

function refusal(call: () => unknown): SandboxError["body"] | null {
  try {
    call();
  } catch (error) {
    if (error instanceof SandboxError) return error.body;
    throw error;
  }
  return null;
}

describe("amounts", () => {
  it("accepts what Stripe accepts, from the currency's minimum charge to 99,999,999", () => {
    for (const [amount, currency] of [
      [50, "usd"],
      [30, "gbp"],
      [99_999_999, "usd"],
      [1, "xyz"],
    ] as const) {
      expect(
        refusal(() => checkAmount(amount, currency)),
        `${amount} ${currency}`,
      ).toBeNull();
    }
  });

  it("refuses less than the minimum charge, written as Stripe writes amounts", () => {
    expect(refusal(() => checkAmount(49, "usd"))).toMatchObject({
      code: "amount_too_small",
      param: "amount",
      message: "Amount must be at least $0.50 usd",
    });
    expect(refusal(() => checkAmount(49, "jpy"))?.message).toBe("Amount must be at least ¥50 jpy");
    expect(refusal(() => checkAmount(17_000, "huf"))?.message).toBe("Amount must be at least 175.00 huf");
  });

  it("refuses nothing or less, and more than the maximum", () => {
    expect(refusal(() => checkAmount(0, "usd"))).toMatchObject({
      code: "parameter_invalid_integer",
      message: "This value must be greater than or equal to 1.",
    });
    expect(refusal(() => checkAmount(100_000_000, "usd"))).toMatchObject({
      code: "amount_too_large",
      message: "Amount must be no more than $999,999.99 usd",
    });
    expect(refusal(() => checkAmount(100_000_000, "jpy"))?.message).toBe("Amount must be no more than ¥99,999,999 jpy");
  });
});

describe("currencies", () => {
  it("are read in lower case, whatever case they are sent in", () => {
    expect(readCurrency(parseForm("currency=USD"), true)).toBe("usd");
    expect(readCurrency(parseForm(""), false)).toBeUndefined();
  });

  it("are refused when missing where required, or not a three-letter code", () => {
    expect(refusal(() => readCurrency(parseForm(""), true))).toMatchObject({
      code: "parameter_missing",
      param: "currency",
    });
    expect(refusal(() => readCurrency(parseForm("currency=dollars"), true))?.message).toBe(
      "Invalid currency: dollars. Stripe currencies are three-letter ISO codes such as usd or eur.",
    );
  });
});
