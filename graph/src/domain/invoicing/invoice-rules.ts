/**
 * What an invoice and a credit note say, from what the order froze (never priced again): each
 * line's goods and its own tax, the shipping and the shipping's tax, a summary per tax rate, and
 * what a refund repaid of each line (docs/product.md, "Invoices and credit notes"). Integer cents.
 */

/** A paid line of an order, as the orders room keeps it. */
export interface PaidLine {
  databaseId: string;
  number: string;
  partName: string;
  partNumber: string | null;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  /** Its share of the order's shipping. */
  shippingCents: number;
  /** Its own tax and its share of the shipping's. */
  taxCents: number;
  ownTaxCents: number;
  taxRatePpm: number;
  taxCategory: string;
  /** What was charged for it: goods − discount + its shipping share + its tax. */
  totalCents: number;
}

/** A line of an invoice: the goods and their own tax; what was charged for it beside (its shares of the shipping). */
export interface InvoiceLine {
  orderId: string;
  orderNumber: string;
  partName: string;
  partNumber: string | null;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  /** Unit price × quantity − discount. */
  netCents: number;
  taxRatePpm: number;
  taxCents: number;
  /** net + tax. */
  totalCents: number;
  /** totalCents with the line's shares of the shipping and its tax: at most what a refund of it repays. */
  chargedCents: number;
}

/** An invoice's amounts: subtotal (goods after discount) + shipping + tax = total. */
export interface InvoiceAmounts {
  subtotalCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  /** The rate the shipping was taxed at (0 when it was not). */
  shippingTaxRatePpm: number;
  /** Every line's own tax and the shipping's. */
  taxCents: number;
  totalCents: number;
}

export interface InvoiceDraft extends InvoiceAmounts {
  lines: InvoiceLine[];
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** A paid line as an invoice lists it. */
export function invoiceLineOf(line: PaidLine): InvoiceLine {
  const netCents = line.unitPriceCents * line.quantity - line.discountCents;
  return {
    orderId: line.databaseId,
    orderNumber: line.number,
    partName: line.partName,
    partNumber: line.partNumber,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    discountCents: line.discountCents,
    netCents,
    taxRatePpm: line.taxRatePpm,
    taxCents: line.ownTaxCents,
    totalCents: netCents + line.ownTaxCents,
    chargedCents: line.totalCents,
  };
}

/**
 * The rate the shipping was taxed at. An order keeps the shipping's tax but not its rate: it is
 * the zone's standard rate (docs/product.md, "Shipping and tax"), which a standard line carries;
 * with no standard line, the rate its tax shows (to the millionth).
 */
export function shippingTaxRateOf(lines: readonly PaidLine[], shippingCents: number, shippingTaxCents: number): number {
  if (shippingTaxCents === 0 || shippingCents === 0) return 0;
  const standard = lines.find((line) => line.taxCategory === "standard");
  return standard
    ? standard.taxRatePpm
    : Math.min(1_000_000, Math.round((shippingTaxCents * 1_000_000) / shippingCents));
}

/** The invoice of the lines one payment paid: their amounts as the order froze them, adding up to what they cost. */
export function invoiceDraftOf(paid: readonly PaidLine[]): InvoiceDraft {
  const lines = paid.map(invoiceLineOf);
  const shippingCents = sum(paid.map((line) => line.shippingCents));
  const shippingTaxCents = sum(paid.map((line) => line.taxCents - line.ownTaxCents));
  const subtotalCents = sum(lines.map((line) => line.netCents));
  const taxCents = sum(lines.map((line) => line.taxCents)) + shippingTaxCents;
  return {
    lines,
    subtotalCents,
    shippingCents,
    shippingTaxCents,
    shippingTaxRatePpm: shippingTaxRateOf(paid, shippingCents, shippingTaxCents),
    taxCents,
    totalCents: subtotalCents + shippingCents + taxCents,
  };
}

/** One row of an invoice's tax summary: what was taxed at a rate, and the tax. */
export interface TaxRateRow {
  ratePpm: number;
  netCents: number;
  taxCents: number;
}

/**
 * The tax per rate, highest rate first: each line's goods and own tax at its rate, the shipping
 * and its tax at the shipping's. The rows add up to the invoice's tax (each line's tax was rounded
 * once, when the order was priced; nothing is rounded here).
 */
export function taxSummary(invoice: InvoiceAmounts & { lines: readonly InvoiceLine[] }): TaxRateRow[] {
  const rows = new Map<number, TaxRateRow>();
  const add = (ratePpm: number, netCents: number, taxCents: number) => {
    const row = rows.get(ratePpm) ?? { ratePpm, netCents: 0, taxCents: 0 };
    rows.set(ratePpm, { ratePpm, netCents: row.netCents + netCents, taxCents: row.taxCents + taxCents });
  };
  for (const line of invoice.lines) add(line.taxRatePpm, line.netCents, line.taxCents);
  if (invoice.shippingCents > 0 || invoice.shippingTaxCents > 0)
    add(invoice.shippingTaxRatePpm, invoice.shippingCents, invoice.shippingTaxCents);
  return [...rows.values()].sort((a, b) => b.ratePpm - a.ratePpm);
}

/** A rate in millionths as a percentage: 88,750 → "8.875%", 200,000 → "20%". */
export function formatRate(ratePpm: number): string {
  return `${Number((ratePpm / 10_000).toFixed(4))}%`;
}

/** What a credit note repays of one invoiced line. */
export interface CreditNoteLine {
  orderId: string;
  orderNumber: string;
  partName: string;
  /** The units it repays: the line's quantity when it is refunded in full; null for part of its amount. */
  quantity: number | null;
  amountCents: number;
}

/**
 * What a refund repays of an invoiced line, beyond what earlier credit notes repaid of it:
 * everything charged for it when it is refunded in full, or up to `refundedCents` (what the
 * payment provider says was refunded of it so far); null when nothing is left to credit.
 */
export function creditedLine(
  line: InvoiceLine,
  alreadyCreditedCents: number,
  refundedCents: number | "in full",
): CreditNoteLine | null {
  const upTo = refundedCents === "in full" ? line.chargedCents : Math.min(refundedCents, line.chargedCents);
  const amountCents = upTo - alreadyCreditedCents;
  if (amountCents <= 0) return null;
  return {
    orderId: line.orderId,
    orderNumber: line.orderNumber,
    partName: line.partName,
    quantity: refundedCents === "in full" ? line.quantity : null,
    amountCents,
  };
}
