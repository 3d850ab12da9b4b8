import { describe, expect, it } from "vitest";
import { deliveryEstimate, formatPrice } from "./format";

describe("formatPrice", () => {
  const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

  it("writes a price as Intl's en-US dollars do, separators, cents and sign included", () => {
    const values = [
      0, 0.5, 1, 9.99, 12.5, 49, 99.995, 100, 999.99, 1000, 1234.5, 12345.67, 999999.99, 1e6, 1234567.8, -5, -1234.56,
    ];
    for (let cents = 0; cents < 250_000; cents += 997) values.push(cents / 100);
    for (const value of values) expect(formatPrice(value), String(value)).toBe(intl.format(value));
  });

  it("shows a dash for a missing price", () => {
    expect(formatPrice(null)).toBe("—");
    expect(formatPrice(undefined)).toBe("—");
  });
});

describe("deliveryEstimate", () => {
  it("reads a range, and a single day, in working days; nothing without an estimate", () => {
    expect(deliveryEstimate(3, 5)).toBe("3–5 working days");
    expect(deliveryEstimate(1, 1)).toBe("1 working day");
    expect(deliveryEstimate(2, 2)).toBe("2 working days");
    expect(deliveryEstimate(null, 4)).toBeNull();
  });
});
