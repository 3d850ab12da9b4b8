import { describe, expect, it } from "vitest";
import { cardBrand, checkCard, luhnValid, TEST_PAYMENT_METHODS, testPaymentMethodCard } from "./cards";

const NOW = new Date("2030-06-15T12:00:00Z");
const card = (number: string, exp_month = "12", exp_year = "2034", cvc = "123") => ({
  number,
  exp_month,
  exp_year,
  cvc,
});

describe("card numbers", () => {
  it("pass the Luhn check when their check digit is right", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("378282246310005")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("4242424242424224")).toBe(false);
  });

  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", "discover"],
    ["3566002020360505", "jcb"],
    ["3056930009020004", "diners"],
    ["6200000000000005", "unionpay"],
    ["9999999999999995", "unknown"],
  ])("%s is a %s card", (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it("every ready-made test PaymentMethod's number is a valid card", () => {
    for (const [token, number] of Object.entries(TEST_PAYMENT_METHODS)) expect(luhnValid(number), token).toBe(true);
  });
});

describe("checking a card as Stripe does on confirm", () => {
  it("accepts a valid card, written with spaces or dashes, keeping only what may be kept", () => {
    const checked = checkCard(card("4242 4242-4242 4242"), NOW);
    expect(checked).toMatchObject({ ok: true, outcome: "success" });
    expect(checked.card).toMatchObject({
      brand: "visa",
      last4: "4242",
      exp_month: 12,
      exp_year: 2034,
      funding: "credit",
      checks: { cvc_check: "pass" },
    });
    expect(JSON.stringify(checked.card)).not.toContain("4242424242424242");
  });

  it("gives a card the same fingerprint each time, and another card another", () => {
    expect(checkCard(card("4242424242424242"), NOW).card!.fingerprint).toBe(
      checkCard(card("4242424242424242", "1", "31"), NOW).card!.fingerprint,
    );
    expect(checkCard(card("4242424242424242"), NOW).card!.fingerprint).not.toBe(
      checkCard(card("5555555555554444"), NOW).card!.fingerprint,
    );
  });

  it.each([
    ["a number failing the Luhn check", card("4242424242424241"), "incorrect_number"],
    ["a number too short", card("42424242424"), "incorrect_number"],
    ["letters in the number", card("4242abcd42424242"), "incorrect_number"],
    ["month 13", card("4242424242424242", "13"), "invalid_expiry_month"],
    ["month 0", card("4242424242424242", "0"), "invalid_expiry_month"],
    ["a year of three digits", card("4242424242424242", "12", "203"), "invalid_expiry_year"],
    ["a year more than 50 years ahead", card("4242424242424242", "12", "2081"), "invalid_expiry_year"],
    ["last month", card("4242424242424242", "5", "2030"), "expired_card"],
    ["last year, written with two digits", card("4242424242424242", "12", "29"), "expired_card"],
    ["a two-digit cvc", card("4242424242424242", "12", "2034", "12"), "incorrect_cvc"],
    ["no cvc", { number: "4242424242424242", exp_month: "12", exp_year: "2034" }, "incorrect_cvc"],
    ["an amex card with a three-digit cvc", card("378282246310005", "12", "2034", "123"), "incorrect_cvc"],
    ["Stripe's generic decline card", card("4000000000000002"), "generic_decline"],
    ["Stripe's insufficient funds card", card("4000000000009995"), "insufficient_funds"],
    ["Stripe's incorrect cvc card", card("4000000000000127"), "incorrect_cvc"],
  ])("refuses %s", (_, input, outcome) => {
    expect(checkCard(input, NOW)).toMatchObject({ ok: false, outcome });
  });

  it("is valid through the last day of its expiry month, and takes two-digit years as this century", () => {
    expect(checkCard(card("4242424242424242", "6", "30"), NOW)).toMatchObject({
      ok: true,
      card: { exp_year: 2030, exp_month: 6 },
    });
  });

  it("records whether the cvc was checked: failed on a wrong one, not given when missing", () => {
    expect(checkCard(card("4242424242424242", "12", "2034", "1"), NOW).card!.checks.cvc_check).toBe("fail");
    expect(checkCard(card("4242424242424242", "12", "2034", ""), NOW).card!.checks.cvc_check).toBeNull();
    expect(checkCard(card("4000000000000127"), NOW).card!.checks.cvc_check).toBe("fail");
  });

  it("knows Stripe's debit and prepaid test cards", () => {
    expect(checkCard(card("4000056655665556"), NOW).card!.funding).toBe("debit");
    expect(checkCard(card("5105105105105100"), NOW).card!.funding).toBe("prepaid");
  });
});

describe("ready-made test PaymentMethods", () => {
  it("stand for their card, valid until next year, with its outcome", () => {
    expect(testPaymentMethodCard("pm_card_amex", NOW)).toMatchObject({
      outcome: "success",
      card: { brand: "amex", last4: "0005", exp_year: 2031 },
    });
    expect(testPaymentMethodCard("pm_card_chargeDeclinedFraudulent", NOW)?.outcome).toBe("fraudulent");
    expect(testPaymentMethodCard("pm_card_unknown", NOW)).toBeNull();
  });
});
