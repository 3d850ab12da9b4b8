import type { EntityManager } from "typeorm";
import { CreditNote, Invoice } from "../documents";
import type { CreditNoteLine, InvoiceLine } from "../invoice-rules";

/** An invoice's row with its lines (as JSON, in their order). */
const INVOICE_SELECT = `
  SELECT i.*, (SELECT jsonb_agg(to_jsonb(l) ORDER BY l.position) FROM invoice_lines l WHERE l.invoice_id = i.id) AS lines
  FROM invoices i`;

const CREDIT_NOTE_SELECT = `
  SELECT n.*, i.number AS invoice_number, i.user_id,
    (SELECT jsonb_agg(to_jsonb(l) ORDER BY l.position) FROM credit_note_lines l WHERE l.credit_note_id = n.id) AS lines
  FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id`;

type Row = Record<string, any>;

function invoiceOf(row: Row): Invoice {
  return new Invoice({
    databaseId: row.id,
    number: row.number,
    checkoutId: row.checkout_id,
    userId: row.user_id,
    issuedAt: row.issued_at,
    seller: row.seller,
    buyer: {
      name: row.buyer_name,
      email: row.buyer_email,
      shipTo: row.ship_to,
      address: row.buyer_address,
      phone: row.buyer_phone,
    },
    shippingMethodName: row.shipping_method_name,
    taxZoneName: row.tax_zone_name,
    pricesIncludeTax: row.prices_include_tax,
    subtotalCents: row.subtotal_cents,
    shippingCents: row.shipping_cents,
    shippingTaxCents: row.shipping_tax_cents,
    shippingTaxRatePpm: row.shipping_tax_rate_ppm,
    taxCents: row.tax_cents,
    totalCents: row.total_cents,
    lines: (row.lines ?? []).map((line: Row): InvoiceLine => ({
      orderId: line.order_id,
      orderNumber: line.order_number,
      partName: line.part_name,
      partNumber: line.part_number,
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
      discountCents: line.discount_cents,
      netCents: line.net_cents,
      taxRatePpm: line.tax_rate_ppm,
      taxCents: line.tax_cents,
      totalCents: line.total_cents,
      chargedCents: line.charged_cents,
    })),
  });
}

function creditNoteOf(row: Row): CreditNote {
  return new CreditNote({
    databaseId: row.id,
    number: row.number,
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
    userId: row.user_id,
    issuedAt: row.issued_at,
    seller: row.seller,
    totalCents: row.total_cents,
    reason: row.reason,
    lines: (row.lines ?? []).map((line: Row): CreditNoteLine => ({
      orderId: line.order_id,
      orderNumber: line.order_number,
      partName: line.part_name,
      quantity: line.quantity,
      amountCents: line.amount_cents,
    })),
  });
}

export async function invoicesWhere(manager: EntityManager, where: string, parameters: unknown[]): Promise<Invoice[]> {
  const rows: Row[] = await manager.query(`${INVOICE_SELECT} WHERE ${where} ORDER BY i.seq`, parameters);
  return rows.map(invoiceOf);
}

export async function creditNotesWhere(
  manager: EntityManager,
  where: string,
  parameters: unknown[],
): Promise<CreditNote[]> {
  const rows: Row[] = await manager.query(`${CREDIT_NOTE_SELECT} WHERE ${where} ORDER BY n.seq`, parameters);
  return rows.map(creditNoteOf);
}

/** The invoices of orders' headers. */
export const invoicesOfHeaders = (manager: EntityManager, headerIds: readonly string[]) =>
  invoicesWhere(manager, `i.checkout_id = ANY($1::uuid[])`, [headerIds]);

export const invoiceByNumber = async (manager: EntityManager, number: string) =>
  (await invoicesWhere(manager, `i.number = $1`, [number]))[0] ?? null;

export const invoiceById = async (manager: EntityManager, id: string) =>
  (await invoicesWhere(manager, `i.id = $1`, [id]))[0] ?? null;

/** The invoice listing an order line, with the line. */
export async function invoiceOfLine(manager: EntityManager, orderId: string): Promise<Invoice | null> {
  return (
    (await invoicesWhere(manager, `i.id = (SELECT invoice_id FROM invoice_lines WHERE order_id = $1)`, [orderId]))[0] ??
    null
  );
}

/** The credit notes of invoices, oldest first. */
export const creditNotesOfInvoices = (manager: EntityManager, invoiceIds: readonly string[]) =>
  creditNotesWhere(manager, `n.invoice_id = ANY($1::uuid[])`, [invoiceIds]);

export const creditNoteByNumber = async (manager: EntityManager, number: string) =>
  (await creditNotesWhere(manager, `n.number = $1`, [number]))[0] ?? null;

export const creditNoteById = async (manager: EntityManager, id: string) =>
  (await creditNotesWhere(manager, `n.id = $1`, [id]))[0] ?? null;

/** The document an email about a header's payment names: its invoice's id and number. */
export async function invoiceRefOfHeader(
  manager: EntityManager,
  headerId: string,
): Promise<{ id: string; number: string } | null> {
  const [row]: Array<{ id: string; number: string }> = await manager.query(
    `SELECT id, number FROM invoices WHERE checkout_id = $1`,
    [headerId],
  );
  return row ?? null;
}

/** The credit note `tx` itself wrote for an order line (its time is the transaction's), if it wrote one. */
export async function creditNoteRefWrittenNow(
  tx: EntityManager,
  orderId: string,
): Promise<{ id: string; number: string } | null> {
  const [row]: Array<{ id: string; number: string }> = await tx.query(
    `SELECT n.id, n.number FROM credit_notes n JOIN credit_note_lines l ON l.credit_note_id = n.id
     WHERE l.order_id = $1 AND n.issued_at = now() ORDER BY n.seq DESC LIMIT 1`,
    [orderId],
  );
  return row ?? null;
}
