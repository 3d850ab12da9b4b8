import { type PostalAddress, countryName } from "../addresses/address-rules";
import { formatDollars } from "../orders/reservation-rules";
import type { CreditNote, Invoice, Seller } from "./documents";
import { formatRate, taxSummary } from "./invoice-rules";

/**
 * What an invoice's or a credit note's PDF says, as text in its places (a sheet), built from the
 * document alone: the layout's rules, kept apart from the drawing (document-pdf.ts) so that they
 * are tested as plain data.
 */

/** A table: its columns (right-aligned ones hold amounts) and its rows of cells. */
export interface SheetTable {
  columns: Array<{ label: string; width: number; right?: boolean }>;
  rows: string[][];
}

export interface Sheet {
  title: string;
  /** The document's facts, label and value: its number, date, orders, invoice... */
  facts: Array<[string, string]>;
  seller: string[];
  buyer: string[];
  table: SheetTable;
  /** The tax per rate (invoices). */
  taxSummary: SheetTable | null;
  /** The amounts in the order they add up, the last one the total. */
  totals: Array<[string, string]>;
  notes: string[];
}

/** A date as the documents print it: "2026-12-06" (UTC, as the number's year). */
export const formatDate = (at: Date): string => at.toISOString().slice(0, 10);

function addressLines(address: PostalAddress, withName: boolean): string[] {
  const place = [address.city, address.region, address.postalCode].filter(Boolean).join(" ");
  return [
    ...(withName ? [address.name] : []),
    address.company,
    address.line1,
    address.line2,
    place,
    countryName(address.country) ?? address.country,
  ].filter((line): line is string => Boolean(line));
}

export function sellerLines(seller: Seller): string[] {
  return [
    seller.name,
    ...(seller.address ? addressLines(seller.address, false) : []),
    ...(seller.address?.phone ? [`Phone: ${seller.address.phone}`] : []),
    ...(seller.taxId ? [`Tax ID: ${seller.taxId}`] : []),
  ];
}

/** The buyer: the delivery address as the order kept it, or a reservation's free-text address and phone. */
export function buyerLines(invoice: Invoice): string[] {
  const { buyer } = invoice;
  if (buyer.shipTo) return [...addressLines(buyer.shipTo, true), `Phone: ${buyer.shipTo.phone}`, buyer.email];
  return [
    buyer.name,
    ...(buyer.address ? [buyer.address] : []),
    ...(buyer.phone ? [`Phone: ${buyer.phone}`] : []),
    buyer.email,
  ];
}

const orderNumbers = (numbers: readonly string[]) => [...new Set(numbers)].map((number) => `#${number}`).join(", ");

export function invoiceSheet(invoice: Invoice, seller: Seller): Sheet {
  const shippingLabel = invoice.shippingMethodName ? `Shipping (${invoice.shippingMethodName})` : "Shipping";
  const rows = invoice.lines.map((line) => [
    `#${line.orderNumber}`,
    line.partNumber ? `${line.partName} (${line.partNumber})` : line.partName,
    String(line.quantity),
    formatDollars(line.unitPriceCents),
    formatDollars(line.netCents),
    formatRate(line.taxRatePpm),
    formatDollars(line.taxCents),
    formatDollars(line.totalCents),
  ]);
  if (invoice.shippingCents > 0 || invoice.shippingTaxCents > 0)
    rows.push([
      "",
      shippingLabel,
      "",
      "",
      formatDollars(invoice.shippingCents),
      formatRate(invoice.shippingTaxRatePpm),
      formatDollars(invoice.shippingTaxCents),
      formatDollars(invoice.shippingCents + invoice.shippingTaxCents),
    ]);
  const discount = invoice.lines.some((line) => line.discountCents > 0);
  return {
    title: "Invoice",
    facts: [
      ["Invoice number", invoice.number],
      ["Date", formatDate(invoice.issuedAt)],
      ["Orders", orderNumbers(invoice.lines.map((line) => line.orderNumber))],
      ...(invoice.taxZoneName ? [["Tax zone", invoice.taxZoneName] as [string, string]] : []),
    ],
    seller: sellerLines(seller),
    buyer: buyerLines(invoice),
    table: {
      columns: [
        { label: "Order", width: 50 },
        { label: "Part", width: 150 },
        { label: "Qty", width: 30, right: true },
        { label: "Unit price", width: 55, right: true },
        { label: discount ? "Net (after discount)" : "Net", width: 60, right: true },
        { label: "Tax rate", width: 45, right: true },
        { label: "Tax", width: 50, right: true },
        { label: "Total", width: 55, right: true },
      ],
      rows,
    },
    taxSummary: {
      columns: [
        { label: "Tax rate", width: 80, right: true },
        { label: "Net", width: 80, right: true },
        { label: "Tax", width: 80, right: true },
      ],
      rows: taxSummary(invoice).map((row) => [
        formatRate(row.ratePpm),
        formatDollars(row.netCents),
        formatDollars(row.taxCents),
      ]),
    },
    totals: [
      ["Subtotal", formatDollars(invoice.subtotalCents)],
      [shippingLabel, formatDollars(invoice.shippingCents)],
      ["Tax", formatDollars(invoice.taxCents)],
      ["Total", formatDollars(invoice.totalCents)],
    ],
    notes: [
      "Amounts in US dollars. Paid by card.",
      ...(invoice.pricesIncludeTax
        ? ["Prices were shown with tax included; the tax is shown apart here and is part of the total."]
        : []),
    ],
  };
}

export function creditNoteSheet(note: CreditNote, invoice: Invoice, seller: Seller): Sheet {
  return {
    title: "Credit note",
    facts: [
      ["Credit note number", note.number],
      ["Date", formatDate(note.issuedAt)],
      ["Invoice", note.invoiceNumber],
      ...(note.reason ? [["Reason", note.reason] as [string, string]] : []),
    ],
    seller: sellerLines(seller),
    buyer: buyerLines(invoice),
    table: {
      columns: [
        { label: "Order", width: 60 },
        { label: "Part", width: 240 },
        { label: "Quantity", width: 70, right: true },
        { label: "Repaid", width: 85, right: true },
      ],
      rows: note.lines.map((line) => [
        `#${line.orderNumber}`,
        line.partName,
        line.quantity === null ? "part" : String(line.quantity),
        formatDollars(line.amountCents),
      ]),
    },
    taxSummary: null,
    totals: [["Total repaid", formatDollars(note.totalCents)]],
    notes: [
      `Amounts in US dollars, repaid to the card that paid invoice ${note.invoiceNumber}, shipping and tax included.`,
    ],
  };
}

/** Every piece of text a sheet prints, in reading order (what a PDF's text extraction finds). */
export function sheetText(sheet: Sheet): string[] {
  const table = (part: SheetTable) => [part.columns.map((column) => column.label), ...part.rows].flat();
  return [
    sheet.title,
    ...sheet.facts.flat(),
    ...sheet.seller,
    ...sheet.buyer,
    ...table(sheet.table),
    ...(sheet.taxSummary ? table(sheet.taxSummary) : []),
    ...sheet.totals.flat(),
    ...sheet.notes,
  ];
}
