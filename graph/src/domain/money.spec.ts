import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents } from "./money";

describe("money", () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.1, 10],
    [12.5, 1250],
    [19.99, 1999],
    // 0.29 * 100 is 28.999999999999996 in floating point.
    [0.29, 29],
    [0.07, 7],
    [1234567.89, 123456789],
  ])("%s dollars are %s cents", (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each([
    ["more than two decimals", 1.001],
    ["a negative amount", -1],
    ["not a number", Number.NaN],
    ["infinity", Number.POSITIVE_INFINITY],
    ["beyond what cents count exactly", 2 ** 53],
    ["a string", "12" as unknown as number],
  ])("%s is not a price", (_, dollars) => {
    expect(dollarsToCents(dollars)).toBeNull();
  });

  it("shows cents as dollars, and back again without drift", () => {
    expect(centsToDollars(1999)).toBe(19.99);
    for (let cents = 0; cents < 2000; cents += 7) expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
  });
});
