import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  lineTax,
  RATE_SCALE,
  shownUnitPriceCents,
  tableTaxProvider,
  TaxError,
  taxOf,
  zoneTaxLines,
  type TaxZoneRates,
} from "./tax-lines";

const salesTax: TaxZoneRates = {
  id: "ny",
  name: "New York",
  pricesIncludeTax: false,
  taxesShipping: true,
  ratesPpm: { standard: 88_750, reduced: 40_000, zero: 0 },
};
const vat: TaxZoneRates = {
  id: "de",
  name: "Germany",
  pricesIncludeTax: true,
  taxesShipping: true,
  ratesPpm: { standard: 190_000, reduced: 70_000, zero: 0 },
};

describe("the rounding rule", () => {
  it("rounds each amount's tax half up to a whole cent", () => {
    expect(taxOf(1234, 88_750)).toBe(110); // 109.5175
    expect(taxOf(10, 50_000)).toBe(1); // 0.5 exactly: up
    expect(taxOf(30, 50_000)).toBe(2); // 1.5 exactly: up
    expect(taxOf(29, 50_000)).toBe(1); // 1.45
    expect(taxOf(0, 190_000)).toBe(0);
    expect(taxOf(999, 0)).toBe(0);
  });

  it("is the nearest cent, halves up, for any amount and rate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: RATE_SCALE }),
        (cents, rate) => {
          const exactTimesScale = BigInt(cents) * BigInt(rate);
          const tax = BigInt(taxOf(cents, rate));
          const scale = BigInt(RATE_SCALE);
          // tax - 1/2 <= exact < tax + 1/2, in whole numbers: 2·tax·scale - scale <= 2·exact < 2·tax·scale + scale.
          expect(2n * tax * scale - scale <= 2n * exactTimesScale).toBe(true);
          expect(2n * exactTimesScale < 2n * tax * scale + scale).toBe(true);
        },
      ),
    );
  });

  it("refuses a rate past 100% or not whole millionths, and an amount not whole cents", () => {
    expect(() => taxOf(100, RATE_SCALE + 1)).toThrow(TaxError);
    expect(() => taxOf(100, 1.5)).toThrow(TaxError);
    expect(() => taxOf(-1, 1000)).toThrow(TaxError);
  });
});

describe("a line's tax", () => {
  it("adds the rate to the line's amount after its discount where tax is added at checkout", () => {
    // 3 × $19.99 = $59.97, less $5.00 = $54.97; 8.875% = 4.8785... → $4.88.
    expect(lineTax(salesTax, { unitPriceCents: 1999, quantity: 3, discountCents: 500, category: "standard" })).toEqual({
      ratePpm: 88_750,
      taxCents: 488,
    });
  });

  it("is the unit's rounded tax times the quantity where prices are shown with tax, so a line is its shown price times its quantity", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom("standard", "reduced", "zero") as fc.Arbitrary<"standard" | "reduced" | "zero">,
        (unitPriceCents, quantity, category) => {
          const { taxCents } = lineTax(vat, { unitPriceCents, quantity, discountCents: 0, category });
          expect(unitPriceCents * quantity + taxCents).toBe(
            shownUnitPriceCents(vat, unitPriceCents, category) * quantity,
          );
        },
      ),
    );
  });

  it("is never negative, even when a discount's tax is taken off a tax-included line", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.nat(),
        (unitPriceCents, quantity, seed) => {
          const discountCents = seed % (unitPriceCents * quantity + 1);
          for (const zone of [vat, salesTax]) {
            const { taxCents } = lineTax(zone, { unitPriceCents, quantity, discountCents, category: "standard" });
            expect(taxCents).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it("shows prices without tax where tax is added at checkout, and with it where the zone includes it", () => {
    expect(shownUnitPriceCents(salesTax, 1000, "standard")).toBe(1000);
    expect(shownUnitPriceCents(vat, 1000, "standard")).toBe(1190);
    expect(shownUnitPriceCents(vat, 1000, "reduced")).toBe(1070);
    expect(shownUnitPriceCents(null, 1000, "standard")).toBe(1000);
  });
});

describe("an order's tax lines", () => {
  it("one per line at its category's rate, and the shipping's at the standard rate where the zone taxes it", () => {
    const lines = [
      { unitPriceCents: 4999, quantity: 2, discountCents: 0, category: "standard" as const },
      { unitPriceCents: 1000, quantity: 1, discountCents: 0, category: "zero" as const },
    ];
    expect(zoneTaxLines(salesTax, lines, 1250)).toEqual({
      zone: { id: "ny", name: "New York", pricesIncludeTax: false },
      lines: [
        { ratePpm: 88_750, taxCents: 887 }, // 887.3225
        { ratePpm: 0, taxCents: 0 },
      ],
      shipping: { ratePpm: 88_750, taxCents: 111 }, // 110.9375
    });
    expect(zoneTaxLines({ ...salesTax, taxesShipping: false }, lines, 1250).shipping).toEqual({
      ratePpm: 0,
      taxCents: 0,
    });
  });

  it("the shop's tables tax an address by its region's zone before its country's, and not at all outside every zone", async () => {
    const zones = [
      {
        ...salesTax,
        id: "us",
        name: "United States",
        ratesPpm: { standard: 0, reduced: 0, zero: 0 },
        places: [{ country: "US", region: null }],
      },
      { ...salesTax, places: [{ country: "US", region: "NY" }] },
      { ...vat, places: [{ country: "DE", region: null }] },
    ];
    const provider = tableTaxProvider(async () => zones);
    const line = { unitPriceCents: 10_000, quantity: 1, discountCents: 0, category: "standard" as const };
    const taxIn = async (country: string, region: string | null) =>
      (await provider.taxFor({ lines: [line], shippingCents: 0, shipTo: { country, region } })).lines[0].taxCents;
    expect(await taxIn("US", "NY")).toBe(888);
    expect(await taxIn("US", "OR")).toBe(0);
    expect(await taxIn("DE", null)).toBe(1900);
    const outside = await provider.taxFor({
      lines: [line],
      shippingCents: 500,
      shipTo: { country: "JP", region: null },
    });
    expect(outside).toEqual({
      zone: null,
      lines: [{ ratePpm: 0, taxCents: 0 }],
      shipping: { ratePpm: 0, taxCents: 0 },
    });
  });
});
