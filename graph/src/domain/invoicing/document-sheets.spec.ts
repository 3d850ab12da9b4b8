import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { renderSheetPdf } from "./document-pdf";
import { creditNoteSheet, invoiceSheet, sheetText } from "./document-sheets";
import { CreditNote, Invoice, type Seller } from "./documents";
import { invoiceDraftOf, type PaidLine } from "./invoice-rules";

const SELLER: Seller = {
  name: "Partshop Ltd",
  address: {
    name: "Partshop Ltd",
    company: null,
    line1: "1 Warehouse Way",
    line2: null,
    city: "Portland",
    region: "OR",
    postalCode: "97201",
    country: "US",
    phone: "+15035550100",
  },
  taxId: "US-123",
};

const line = (fields: Partial<PaidLine>): PaidLine => ({
  databaseId: "00000000-0000-4000-8000-000000000001",
  number: "100041",
  partName: "ThinkPad T14 keyboard",
  partNumber: "01YP160",
  quantity: 2,
  unitPriceCents: 4_999,
  discountCents: 0,
  shippingCents: 400,
  taxCents: 1_080,
  ownTaxCents: 1_000,
  taxRatePpm: 100_000,
  taxCategory: "standard",
  totalCents: 9_998 + 400 + 1_080,
  ...fields,
});

function invoiceOf(lines: PaidLine[], buyer: Partial<Invoice["buyer"]> = {}): Invoice {
  return new Invoice({
    databaseId: "00000000-0000-4000-8000-0000000000aa",
    number: "INV-2026-000123",
    checkoutId: "00000000-0000-4000-8000-0000000000bb",
    userId: "00000000-0000-4000-8000-0000000000cc",
    issuedAt: new Date("2026-12-06T17:00:00Z"),
    seller: null,
    buyer: {
      name: "Grace Hopper",
      email: "grace@example.com",
      shipTo: {
        name: "Grace Hopper",
        company: "Fleet Repairs Inc",
        line1: "100 Market Street",
        line2: "Suite 300",
        city: "San Francisco",
        region: "CA",
        postalCode: "94105",
        country: "US",
        phone: "+1 415 555 0100",
      },
      address: null,
      phone: null,
      ...buyer,
    },
    shippingMethodName: "Standard",
    taxZoneName: "California",
    pricesIncludeTax: false,
    ...invoiceDraftOf(lines),
  });
}

const TWO_LINES = [
  line({}),
  line({
    databaseId: "00000000-0000-4000-8000-000000000002",
    number: "100042",
    partName: "65 W charger",
    partNumber: null,
    quantity: 1,
    unitPriceCents: 2_950,
    shippingCents: 200,
    taxCents: 188,
    ownTaxCents: 148,
    taxRatePpm: 50_000,
    taxCategory: "reduced",
    totalCents: 2_950 + 200 + 188,
  }),
];

describe("an invoice's sheet", () => {
  it("carries the seller, the buyer's address and company, each line with its tax, the shipping, the tax per rate and the totals", () => {
    const sheet = invoiceSheet(invoiceOf(TWO_LINES), SELLER);
    expect(sheet.facts).toContainEqual(["Invoice number", "INV-2026-000123"]);
    expect(sheet.facts).toContainEqual(["Date", "2026-12-06"]);
    expect(sheet.facts).toContainEqual(["Orders", "#100041, #100042"]);
    expect(sheet.seller).toEqual([
      "Partshop Ltd",
      "1 Warehouse Way",
      "Portland OR 97201",
      "United States",
      "Phone: +15035550100",
      "Tax ID: US-123",
    ]);
    expect(sheet.buyer).toEqual([
      "Grace Hopper",
      "Fleet Repairs Inc",
      "100 Market Street",
      "Suite 300",
      "San Francisco CA 94105",
      "United States",
      "Phone: +1 415 555 0100",
      "grace@example.com",
    ]);
    expect(sheet.table.rows).toEqual([
      ["#100041", "ThinkPad T14 keyboard (01YP160)", "2", "$49.99", "$99.98", "10%", "$10.00", "$109.98"],
      ["#100042", "65 W charger", "1", "$29.50", "$29.50", "5%", "$1.48", "$30.98"],
      ["", "Shipping (Standard)", "", "", "$6.00", "10%", "$1.20", "$7.20"],
    ]);
    expect(sheet.taxSummary?.rows).toEqual([
      ["10%", "$105.98", "$11.20"],
      ["5%", "$29.50", "$1.48"],
    ]);
    expect(sheet.totals).toEqual([
      ["Subtotal", "$129.48"],
      ["Shipping (Standard)", "$6.00"],
      ["Tax", "$12.68"],
      ["Total", "$148.16"],
    ]);
  });

  it("a reservation paid without a chosen delivery bills its free-text address and phone", () => {
    const invoice = invoiceOf(
      [line({ shippingCents: 0, taxCents: 0, ownTaxCents: 0, taxRatePpm: 0, totalCents: 9_998 })],
      {
        shipTo: null,
        address: "12 Harbour Road, Bristol",
        phone: "0123456789",
      },
    );
    const sheet = invoiceSheet(invoice, SELLER);
    expect(sheet.buyer).toEqual(["Grace Hopper", "12 Harbour Road, Bristol", "Phone: 0123456789", "grace@example.com"]);
    expect(sheet.table.rows).toHaveLength(1);
    expect(sheet.totals.at(-1)).toEqual(["Total", "$99.98"]);
  });

  it("draws as a PDF of the sheet", async () => {
    const pdf = await renderSheetPdf(invoiceSheet(invoiceOf(TWO_LINES), SELLER), new Date("2026-12-06T17:00:00Z"));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(1_000);
  });
});

describe("an invoice's PDF", () => {
  it("a long invoice runs onto more pages, every line and the totals in its text", async () => {
    const lines = Array.from({ length: 60 }, (_, index) =>
      line({
        databaseId: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
        number: String(100_100 + index),
        partName: `Part ${index} with a long name that wraps onto a second line of its cell`,
      }),
    );
    const invoice = invoiceOf(lines);
    const pdf = await renderSheetPdf(invoiceSheet(invoice, SELLER), invoice.issuedAt);
    const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(totalPages).toBeGreaterThan(1);
    for (const paid of lines) expect(text).toContain(`#${paid.number}`);
    expect(text).toContain(`Total $${(invoice.totalCents / 100).toFixed(2)}`);
  });
});

describe("a credit note's sheet", () => {
  it("names its number, its invoice, the lines repaid and the total", () => {
    const invoice = invoiceOf(TWO_LINES);
    const note = new CreditNote({
      databaseId: "00000000-0000-4000-8000-0000000000dd",
      number: "CN-2026-000045",
      invoiceId: invoice.databaseId,
      invoiceNumber: invoice.number,
      userId: invoice.userId,
      issuedAt: new Date("2026-12-07T09:00:00Z"),
      seller: null,
      totalCents: 3_338,
      reason: "Refunded in full",
      lines: [
        {
          orderId: TWO_LINES[1].databaseId,
          orderNumber: "100042",
          partName: "65 W charger",
          quantity: 1,
          amountCents: 3_338,
        },
      ],
    });
    const text = sheetText(creditNoteSheet(note, invoice, SELLER));
    for (const expected of [
      "Credit note",
      "CN-2026-000045",
      "INV-2026-000123",
      "2026-12-07",
      "Refunded in full",
      "#100042",
      "65 W charger",
      "$33.38",
      "Total repaid",
    ])
      expect(text).toContain(expected);
  });
});
