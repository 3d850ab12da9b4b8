import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  creditedLine,
  formatRate,
  invoiceDraftOf,
  type PaidLine,
  shippingTaxRateOf,
  taxSummary,
} from "./invoice-rules";

const RATES = [0, 50_000, 88_750, 200_000];

/** A paid line as the price calculation leaves it: its total is goods − discount + shipping share + tax. */
const paidLine = fc
  .record({
    quantity: fc.integer({ min: 1, max: 500 }),
    unitPriceCents: fc.integer({ min: 0, max: 500_000 }),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    shippingCents: fc.integer({ min: 0, max: 10_000 }),
    ownTaxCents: fc.integer({ min: 0, max: 100_000 }),
    shippingTaxCents: fc.integer({ min: 0, max: 2_000 }),
    taxRatePpm: fc.constantFrom(...RATES),
    taxCategory: fc.constantFrom("standard", "reduced", "zero"),
    index: fc.nat(),
  })
  .map((line): PaidLine => {
    const goods = line.unitPriceCents * line.quantity;
    const discountCents = Math.floor(goods * line.discountShare);
    const taxCents = line.ownTaxCents + line.shippingTaxCents;
    return {
      databaseId: `line-${line.index}`,
      number: String(100_000 + line.index),
      partName: "Battery",
      partNumber: null,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      discountCents,
      shippingCents: line.shippingCents,
      taxCents,
      ownTaxCents: line.ownTaxCents,
      taxRatePpm: line.taxRatePpm,
      taxCategory: line.taxCategory,
      totalCents: goods - discountCents + line.shippingCents + taxCents,
    };
  });

describe("an invoice's amounts", () => {
  it("lines + shipping + tax = total, which is what the paid lines cost", () => {
    fc.assert(
      fc.property(fc.array(paidLine, { minLength: 1, maxLength: 12 }), (lines) => {
        const invoice = invoiceDraftOf(lines);
        const linesNet = invoice.lines.reduce((sum, line) => sum + line.netCents, 0);
        expect(linesNet).toBe(invoice.subtotalCents);
        expect(invoice.subtotalCents + invoice.shippingCents + invoice.taxCents).toBe(invoice.totalCents);
        expect(invoice.totalCents).toBe(lines.reduce((sum, line) => sum + line.totalCents, 0));
        for (const line of invoice.lines) expect(line.totalCents).toBe(line.netCents + line.taxCents);
      }),
    );
  });

  it("the tax summary per rate always adds up to the invoice's tax, and its net to goods and shipping", () => {
    fc.assert(
      fc.property(fc.array(paidLine, { minLength: 1, maxLength: 12 }), (lines) => {
        const invoice = invoiceDraftOf(lines);
        const rows = taxSummary(invoice);
        expect(rows.reduce((sum, row) => sum + row.taxCents, 0)).toBe(invoice.taxCents);
        expect(rows.reduce((sum, row) => sum + row.netCents, 0)).toBe(invoice.subtotalCents + invoice.shippingCents);
        expect(new Set(rows.map((row) => row.ratePpm)).size).toBe(rows.length);
        expect(rows.map((row) => row.ratePpm)).toEqual([...rows.map((row) => row.ratePpm)].sort((a, b) => b - a));
      }),
    );
  });

  it("groups lines by rate, the shipping at the standard rate a line carries", () => {
    const base = { partName: "Part", partNumber: null, discountCents: 0, quantity: 1 };
    const lines: PaidLine[] = [
      {
        ...base,
        databaseId: "a",
        number: "100001",
        unitPriceCents: 10_000,
        shippingCents: 600,
        taxCents: 2_120,
        ownTaxCents: 2_000,
        taxRatePpm: 200_000,
        taxCategory: "standard",
        totalCents: 12_720,
      },
      {
        ...base,
        databaseId: "b",
        number: "100002",
        unitPriceCents: 5_000,
        shippingCents: 300,
        taxCents: 310,
        ownTaxCents: 250,
        taxRatePpm: 50_000,
        taxCategory: "reduced",
        totalCents: 5_610,
      },
    ];
    const invoice = invoiceDraftOf(lines);
    expect(invoice).toMatchObject({
      subtotalCents: 15_000,
      shippingCents: 900,
      shippingTaxCents: 180,
      shippingTaxRatePpm: 200_000,
      taxCents: 2_430,
      totalCents: 18_330,
    });
    expect(taxSummary(invoice)).toEqual([
      { ratePpm: 200_000, netCents: 10_900, taxCents: 2_180 },
      { ratePpm: 50_000, netCents: 5_000, taxCents: 250 },
    ]);
  });

  it("without a standard line, the shipping's rate is the one its tax shows", () => {
    expect(shippingTaxRateOf([], 1_000, 200)).toBe(200_000);
    expect(shippingTaxRateOf([], 0, 0)).toBe(0);
    expect(shippingTaxRateOf([], 1_000, 0)).toBe(0);
  });

  it("shows rates as percentages", () => {
    expect(formatRate(88_750)).toBe("8.875%");
    expect(formatRate(200_000)).toBe("20%");
    expect(formatRate(0)).toBe("0%");
  });
});

describe("what a credit note repays of a line", () => {
  const [line] = invoiceDraftOf([
    {
      databaseId: "a",
      number: "100001",
      partName: "Hinge",
      partNumber: "H-1",
      quantity: 2,
      unitPriceCents: 1_000,
      discountCents: 0,
      shippingCents: 500,
      taxCents: 0,
      ownTaxCents: 0,
      taxRatePpm: 0,
      taxCategory: "zero",
      totalCents: 2_500,
    },
  ]).lines;

  it("a line refunded in full: everything charged for it, less what earlier notes repaid", () => {
    expect(creditedLine(line, 0, "in full")).toMatchObject({ quantity: 2, amountCents: 2_500 });
    expect(creditedLine(line, 700, "in full")).toMatchObject({ quantity: 2, amountCents: 1_800 });
    expect(creditedLine(line, 2_500, "in full")).toBeNull();
  });

  it("a partial refund: what was refunded so far beyond earlier notes, never more than was charged", () => {
    expect(creditedLine(line, 0, 700)).toMatchObject({ quantity: null, amountCents: 700 });
    expect(creditedLine(line, 700, 1_000)).toMatchObject({ amountCents: 300 });
    expect(creditedLine(line, 700, 700)).toBeNull();
    expect(creditedLine(line, 0, 9_999)).toMatchObject({ amountCents: 2_500 });
  });
});
