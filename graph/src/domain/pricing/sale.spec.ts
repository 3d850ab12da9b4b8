import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ShippingMethod, ShippingZone } from "../shipping/shipping-rates";
import { ShippingError } from "../shipping/shipping-rates";
import { RATE_SCALE, tableTaxProvider, TAX_CATEGORIES, type TaxCategory, type TaxZoneRates } from "../tax/tax-lines";
import { priceSale, type SaleLine } from "./sale";

/**
 * The money property suite for a whole sale: random carts across tax zones (tax added at
 * checkout or included in prices, shipping taxed or not), tax categories and shipping methods.
 */

const COUNTRIES = ["US", "CA", "GB", "DE", "FR", "NL", "AU"];

const rate = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 300_000 }),
  fc.constantFrom(88_750, 190_000, 200_000, 70_000),
);
const taxZone = (country: string, index: number) =>
  fc.record({
    id: fc.constant(`tax-${index}`),
    name: fc.constant(`Tax zone ${index}`),
    pricesIncludeTax: fc.boolean(),
    taxesShipping: fc.boolean(),
    ratesPpm: fc.record({ standard: rate, reduced: rate, zero: fc.constant(0) }),
    places: fc.constant([{ country, region: null }]),
  });
const method = (index: number): fc.Arbitrary<ShippingMethod> =>
  fc.record({
    id: fc.constant(`method-${index}`),
    name: fc.constant(`Method ${index}`),
    kind: fc.constantFrom("standard", "express", "collection"),
    bands: fc
      .uniqueArray(fc.integer({ min: 1, max: 200_000 }), { minLength: 1, maxLength: 4 })
      .chain((limits) =>
        fc.tuple(
          ...limits
            .sort((a, b) => a - b)
            .map((upToGrams) =>
              fc.record({ upToGrams: fc.constant(upToGrams), priceCents: fc.integer({ min: 0, max: 50_000 }) }),
            ),
        ),
      ),
    freeOverCents: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
    minDays: fc.constant(1),
    maxDays: fc.constant(5),
    carriesDangerousGoods: fc.boolean(),
  });
const shippingZone = (country: string, index: number): fc.Arbitrary<ShippingZone> =>
  fc.record({
    id: fc.constant(`ship-${index}`),
    name: fc.constant(`Shipping zone ${index}`),
    places: fc.constant([{ country, region: null }]),
    methods: fc.tuple(method(index * 10), method(index * 10 + 1), method(index * 10 + 2)),
  });
const line: fc.Arbitrary<SaleLine> = fc.record({
  name: fc.constant("A part"),
  unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
  quantity: fc.integer({ min: 1, max: 50 }),
  weightGrams: fc.integer({ min: 0, max: 5000 }),
  dangerousGoods: fc.boolean(),
  category: fc.constantFrom(...TAX_CATEGORIES) as fc.Arbitrary<TaxCategory>,
});
const sale = fc.record({
  taxZones: fc.tuple(...COUNTRIES.map(taxZone)),
  shippingZones: fc.tuple(...COUNTRIES.map(shippingZone)),
  lines: fc.array(line, { minLength: 1, maxLength: 12 }),
  country: fc.constantFrom(...COUNTRIES),
  methodIndex: fc.integer({ min: 0, max: 2 }),
  discountSeed: fc.nat(),
});

type Sale = typeof sale extends fc.Arbitrary<infer S> ? S : never;

async function priced(input: Sale) {
  const subtotal = input.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const zoneIndex = COUNTRIES.indexOf(input.country);
  const methodId = `method-${zoneIndex * 10 + input.methodIndex}`;
  try {
    return await priceSale(input.lines, {
      shipTo: { country: input.country, region: null, countryName: input.country },
      displayPlace: { country: "US", region: null },
      shippingMethodId: methodId,
      shippingZones: input.shippingZones,
      tax: tableTaxProvider(async () => input.taxZones),
      discountCents: input.discountSeed % (subtotal + 1),
    });
  } catch (error) {
    // A method the cart cannot go by is refused, never priced.
    expect(error).toBeInstanceOf(ShippingError);
    return null;
  }
}

/** tax is exact × rate rounded half up: 2·tax·scale − scale ≤ 2·exact·rate < 2·tax·scale + scale. */
function roundsHalfUp(taxCents: number, cents: number, ratePpm: number) {
  const scale = BigInt(RATE_SCALE);
  const exact2 = 2n * BigInt(cents) * BigInt(ratePpm);
  return 2n * BigInt(taxCents) * scale - scale <= exact2 && exact2 < 2n * BigInt(taxCents) * scale + scale;
}

describe("a sale's price", () => {
  it("is its lines plus shipping plus tax, and its lines add up to it", async () => {
    await fc.assert(
      fc.asyncProperty(sale, async (input) => {
        const q = await priced(input);
        if (!q) return;
        expect(q.totalCents).toBe(q.subtotalCents - q.discountCents + q.shippingCents + q.taxCents);
        expect(q.lines.reduce((sum, l) => sum + l.totalCents, 0)).toBe(q.totalCents);
        for (const key of ["subtotalCents", "discountCents", "shippingCents", "taxCents"] as const)
          expect(q.lines.reduce((sum, l) => sum + l[key], 0)).toBe(q[key]);
        for (const l of q.lines)
          expect(Math.min(l.subtotalCents, l.discountCents, l.shippingCents, l.taxCents)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("charges the sum of its rounded tax lines, each following the rounding rule", async () => {
    await fc.assert(
      fc.asyncProperty(sale, async (input) => {
        const q = await priced(input);
        if (!q) return;
        const zone = input.taxZones[COUNTRIES.indexOf(input.country)] as TaxZoneRates;
        expect(q.taxCents).toBe(q.tax.lines.reduce((sum, t) => sum + t.taxCents, 0) + q.tax.shipping.taxCents);
        q.lines.forEach((l, index) => {
          const { ratePpm, taxCents } = q.tax.lines[index];
          expect(ratePpm).toBe(zone.ratesPpm[input.lines[index].category]);
          if (zone.pricesIncludeTax) {
            // Each unit's tax is rounded, so the line is its shown unit price × its quantity (less a discount's tax).
            expect(taxCents % 1 === 0 && taxCents >= 0).toBe(true);
            if (l.discountCents === 0)
              expect(roundsHalfUp(taxCents / l.quantity, l.unitPriceCents, ratePpm)).toBe(true);
          } else expect(roundsHalfUp(taxCents, l.subtotalCents - l.discountCents, ratePpm)).toBe(true);
        });
        const shippingRate = zone.taxesShipping ? zone.ratesPpm.standard : 0;
        expect(q.tax.shipping.ratePpm).toBe(shippingRate);
        expect(roundsHalfUp(q.tax.shipping.taxCents, q.shippingCents, shippingRate)).toBe(true);
      }),
    );
  });

  it("ships at the chosen method's band for the parcel's weight, or free over its threshold", async () => {
    await fc.assert(
      fc.asyncProperty(sale, async (input) => {
        const q = await priced(input);
        const zone = input.shippingZones[COUNTRIES.indexOf(input.country)];
        const chosen = zone.methods[input.methodIndex];
        const weight = input.lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
        const band = chosen.bands.find((b) => weight <= b.upToGrams);
        const dangerous = input.lines.some((l) => l.dangerousGoods);
        if (!band || (dangerous && !chosen.carriesDangerousGoods)) {
          expect(q).toBeNull();
          return;
        }
        if (!q) throw new Error("a method that takes the cart must price it");
        const goods = q.subtotalCents - q.discountCents;
        const free = chosen.freeOverCents !== null && goods >= chosen.freeOverCents;
        expect(q.shippingCents).toBe(free ? 0 : band.priceCents);
        expect(q.shipping).toMatchObject({ methodId: chosen.id, free });
      }),
    );
  });

  it("is the same for the same cart, zones and rates", async () => {
    await fc.assert(
      fc.asyncProperty(sale, async (input) => {
        expect(await priced(structuredClone(input))).toEqual(await priced(input));
      }),
    );
  });

  it("without an address, is taxed as the display zone's place and not yet shipped", async () => {
    const germany = {
      id: "de",
      name: "Germany",
      pricesIncludeTax: true,
      taxesShipping: true,
      ratesPpm: { standard: 190_000, reduced: 70_000, zero: 0 },
      places: [{ country: "DE", region: null }],
    };
    const q = await priceSale(
      [
        {
          name: "Keyboard",
          unitPriceCents: 4999,
          quantity: 2,
          weightGrams: 300,
          dangerousGoods: false,
          category: "standard",
        },
      ],
      {
        shipTo: null,
        displayPlace: { country: "DE", region: null },
        shippingMethodId: null,
        shippingZones: [],
        tax: tableTaxProvider(async () => [germany]),
      },
    );
    // 49.99 + 19% = 59.4881 → 59.49 a unit, 118.98 the line.
    expect(q).toMatchObject({
      subtotalCents: 9998,
      shippingCents: 0,
      taxCents: 1900,
      totalCents: 11_898,
      shipping: null,
      shippingChoices: null,
    });
  });
});
