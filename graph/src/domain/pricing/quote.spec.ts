import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineSubtotalCents, PricingError, quote, refundableCents, requote, spread } from "./quote";

/**
 * The money property suite: what every amount charged or refunded rests on. Later stages (tiers,
 * promotions, shipping, tax) add their inputs to these arbitraries and their laws below.
 */
const line = fc.record({
  unitPriceCents: fc.integer({ min: 0, max: 100_000_000 }),
  quantity: fc.integer({ min: 1, max: 10_000 }),
});
const lines = fc.array(line, { minLength: 1, maxLength: 50 });
/** Lines with order-level amounts that fit them (a discount at most the subtotal). */
const order = lines.chain((ls) => {
  const subtotal = ls.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return fc.record({
    lines: fc.constant(ls),
    amounts: fc.record({
      discountCents: fc.integer({ min: 0, max: subtotal }),
      shippingCents: fc.integer({ min: 0, max: 10_000_000 }),
      taxCents: fc.integer({ min: 0, max: 100_000_000 }),
    }),
  });
});

describe("a quote", () => {
  it("prices each line as unit price times quantity, and the order as the sum of its lines", () => {
    const priced = quote([
      { unitPriceCents: 1999, quantity: 2 },
      { unitPriceCents: 500, quantity: 1 },
    ]);
    expect(priced.lines.map((l) => l.totalCents)).toEqual([3998, 500]);
    expect(priced).toMatchObject({
      subtotalCents: 4498,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 4498,
    });
  });

  it("spreads shipping by subtotal, the cents left over to the largest line", () => {
    const priced = quote(
      [
        { unitPriceCents: 100, quantity: 1 },
        { unitPriceCents: 300, quantity: 1 },
        { unitPriceCents: 100, quantity: 1 },
      ],
      { shippingCents: 1001 },
    );
    // 1001 × 100/500 = 200.2 → 200; 1001 × 300/500 = 600.6 → 600; one cent left, to the 300 line.
    expect(priced.lines.map((l) => l.shippingCents)).toEqual([200, 601, 200]);
  });

  it("keeps every line's discount within its own subtotal", () => {
    // floor shares 1, 0, 0 leave 2 cents; the largest line can take only 1 more.
    const priced = quote(
      [
        { unitPriceCents: 2, quantity: 1 },
        { unitPriceCents: 1, quantity: 1 },
        { unitPriceCents: 1, quantity: 1 },
      ],
      { discountCents: 3 },
    );
    expect(priced.lines.map((l) => l.discountCents)).toEqual([2, 1, 0]);
    expect(priced.lines.map((l) => l.totalCents)).toEqual([0, 0, 1]);
  });

  it("refuses what is not whole cents and units, and a discount over the subtotal", () => {
    expect(() => lineSubtotalCents({ unitPriceCents: 10.5, quantity: 1 })).toThrow(PricingError);
    expect(() => lineSubtotalCents({ unitPriceCents: 10, quantity: 0 })).toThrow(PricingError);
    expect(() => lineSubtotalCents({ unitPriceCents: -1, quantity: 1 })).toThrow(PricingError);
    expect(() => quote([{ unitPriceCents: 100, quantity: 1 }], { discountCents: 101 })).toThrow(PricingError);
    expect(() => quote([{ unitPriceCents: 100, quantity: 1 }], { shippingCents: -1 })).toThrow(PricingError);
    expect(() => quote([], { shippingCents: 1 })).toThrow(PricingError);
  });

  it("the total is the sum of its parts, and of its lines", () => {
    fc.assert(
      fc.property(order, ({ lines: ls, amounts }) => {
        const q = quote(ls, amounts);
        expect(q.totalCents).toBe(q.subtotalCents - q.discountCents + q.shippingCents + q.taxCents);
        expect(q.lines.reduce((sum, l) => sum + l.totalCents, 0)).toBe(q.totalCents);
        expect(q.lines.reduce((sum, l) => sum + l.subtotalCents, 0)).toBe(q.subtotalCents);
      }),
    );
  });

  it("the lines' shares add up to each order-level amount", () => {
    fc.assert(
      fc.property(order, ({ lines: ls, amounts }) => {
        const q = quote(ls, amounts);
        for (const key of ["discountCents", "shippingCents", "taxCents"] as const)
          expect(q.lines.reduce((sum, l) => sum + l[key], 0)).toBe(amounts[key]);
      }),
    );
  });

  it("no amount is negative, and no line is discounted below zero", () => {
    fc.assert(
      fc.property(order, ({ lines: ls, amounts }) => {
        const q = quote(ls, amounts);
        for (const l of q.lines) {
          for (const cents of [l.subtotalCents, l.discountCents, l.shippingCents, l.taxCents, l.totalCents])
            expect(cents).toBeGreaterThanOrEqual(0);
          expect(l.discountCents).toBeLessThanOrEqual(l.subtotalCents);
          expect(l.subtotalCents).toBe(l.unitPriceCents * l.quantity);
        }
      }),
    );
  });

  it("the same input gives the same cents", () => {
    fc.assert(
      fc.property(order, ({ lines: ls, amounts }) => {
        expect(quote(structuredClone(ls), { ...amounts })).toEqual(quote(ls, amounts));
      }),
    );
  });
});

describe("spreading an order-level amount", () => {
  it("gives each line its proportional share rounded down, and only the largest line more", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (weights, amount) => {
          const shares = spread(amount, weights);
          const total = weights.reduce((sum, w) => sum + w, 0);
          const largest = weights.indexOf(Math.max(...weights));
          expect(shares.reduce((sum, s) => sum + s, 0)).toBe(amount);
          shares.forEach((share, index) => {
            const floor = Math.floor((amount * weights[index]) / total);
            if (index === largest) expect(share).toBeGreaterThanOrEqual(floor);
            else expect(share).toBe(floor);
          });
        },
      ),
    );
  });

  it("puts everything on the first line when no line weighs anything", () => {
    expect(spread(7, [0, 0, 0])).toEqual([7, 0, 0]);
    expect(spread(0, [])).toEqual([]);
  });
});

describe("what units of a line are worth when refunded", () => {
  it("refunds in any pieces add up to the line's total, never more", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 20 }),
        (totalCents, pieces) => {
          const quantity = pieces.reduce((sum, p) => sum + p, 0);
          let refunded = 0;
          let units = 0;
          for (const piece of pieces) {
            const cents = refundableCents({ totalCents, quantity }, units, piece);
            expect(cents).toBeGreaterThanOrEqual(0);
            refunded += cents;
            units += piece;
            expect(refunded).toBeLessThanOrEqual(totalCents);
          }
          expect(refunded).toBe(totalCents);
        },
      ),
    );
  });

  it("refuses more units than the line has", () => {
    expect(() => refundableCents({ totalCents: 100, quantity: 2 }, 1, 2)).toThrow(PricingError);
  });
});

describe("an order priced again over the lines it keeps", () => {
  it("keeps each line's own tax, spreads the shipping and the shipping's tax anew, and drops them with the last line", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPriceCents: fc.integer({ min: 1, max: 100_000 }),
            quantity: fc.integer({ min: 1, max: 9 }),
            ownTaxCents: fc.integer({ min: 0, max: 30_000 }),
          }),
          { minLength: 0, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (kept, shippingCents, shippingTaxCents) => {
          const lines = kept.map((line) => ({ ...line, totalCents: 0 }));
          const priced = requote({ discountCents: 0, shippingCents, shippingTaxCents }, lines);
          const shares = priced.lines.map((line) => line.taxCents - line.line.ownTaxCents);
          expect(shares.every((share) => share >= 0)).toBe(true);
          const own = lines.reduce((sum, line) => sum + line.ownTaxCents, 0);
          expect(priced.shippingCents).toBe(lines.length ? shippingCents : 0);
          expect(priced.taxCents).toBe(own + (lines.length ? shippingTaxCents : 0));
          expect(priced.lines.reduce((sum, line) => sum + line.totalCents, 0)).toBe(priced.totalCents);
        },
      ),
    );
  });

  it("a kept zero-rated line carries only its share of the shipping's tax", () => {
    const priced = requote({ discountCents: 0, shippingCents: 1900, shippingTaxCents: 169 }, [
      { unitPriceCents: 5999, quantity: 3, ownTaxCents: 1597, totalCents: 0 },
      { unitPriceCents: 2450, quantity: 1, ownTaxCents: 0, totalCents: 0 },
    ]);
    expect(priced.lines.map((line) => [line.shippingCents, line.taxCents])).toEqual([
      [1673, 1597 + 149],
      [227, 20],
    ]);
    expect(priced.taxCents).toBe(1597 + 169);
  });
});
