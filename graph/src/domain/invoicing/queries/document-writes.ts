import type { EntityManager } from "typeorm";
import type { PostalAddress } from "../../addresses/address-rules";
import { orderNumberOf } from "../../orders/order-number";
import type { DocumentSeries } from "../document-numbers";
import type { Seller } from "../documents";
import type { CreditNoteLine, InvoiceDraft, PaidLine } from "../invoice-rules";

/**
 * The next place in a series' year, taken in `tx`: the counter row stays locked until `tx` ends,
 * so numbers are given out one transaction at a time across every process, and a rolled-back
 * transaction gives its place back (no gap).
 */
export async function takeNextPlace(tx: EntityManager, series: DocumentSeries, year: number): Promise<number> {
  const [row]: Array<{ last_number: number }> = await tx.query(
    `INSERT INTO document_counters (series, year, last_number) VALUES ($1, $2, 1)
     ON CONFLICT (series, year) DO UPDATE SET last_number = document_counters.last_number + 1
     RETURNING last_number`,
    [series, year],
  );
  return row.last_number;
}

/** The time of `tx` (PostgreSQL's now(): the time every row it writes is stamped with, a payment's paid_at among them). */
export async function transactionTime(tx: EntityManager): Promise<Date> {
  const [row]: Array<{ at: Date }> = await tx.query(`SELECT now() AS at`);
  return row.at;
}

/** What a header froze of its buyer and delivery, for its invoice. */
export interface HeaderFacts {
  userId: string;
  userName: string;
  userEmail: string;
  shipTo: PostalAddress | null;
  address: string | null;
  phone: string | null;
  shippingMethodName: string | null;
  taxZoneName: string | null;
  pricesIncludeTax: boolean;
}

/** The header's buyer and delivery facts, and its lines `lineIds` with their part numbers, in the order's line order. */
export async function readInvoiceFacts(
  tx: EntityManager,
  headerId: string,
  lineIds: readonly string[],
): Promise<{ header: HeaderFacts; lines: PaidLine[] } | null> {
  const [header]: Array<HeaderFacts> = await tx.query(
    `SELECT c.user_id AS "userId", COALESCE(c.user_name, o.user_name) AS "userName",
            COALESCE(c.user_email, o.user_email) AS "userEmail", c.ship_to AS "shipTo",
            COALESCE(c.address, o.address) AS address, COALESCE(c.phone, o.phone) AS phone,
            c.shipping_method_name AS "shippingMethodName", c.tax_zone_name AS "taxZoneName",
            c.prices_include_tax AS "pricesIncludeTax"
     FROM checkouts c JOIN LATERAL (SELECT * FROM orders WHERE checkout_id = c.id ORDER BY seq LIMIT 1) o ON true
     WHERE c.id = $1`,
    [headerId],
  );
  if (!header) return null;
  const rows: Array<Omit<PaidLine, "number"> & { seq: string }> = await tx.query(
    `SELECT o.id AS "databaseId", o.seq, o.part_name AS "partName", p.part_number AS "partNumber", o.quantity,
            o.unit_price_cents AS "unitPriceCents", o.discount_cents AS "discountCents",
            o.shipping_cents AS "shippingCents", o.tax_cents AS "taxCents", o.own_tax_cents AS "ownTaxCents",
            o.tax_rate_ppm AS "taxRatePpm", o.tax_category AS "taxCategory", o.total_cents AS "totalCents"
     FROM orders o LEFT JOIN parts p ON p.id = o.part_id
     WHERE o.checkout_id = $1 AND o.id = ANY($2::uuid[])
     ORDER BY o.seq`,
    [headerId, lineIds],
  );
  return { header, lines: rows.map(({ seq, ...line }) => ({ ...line, number: orderNumberOf(seq) })) };
}

/** Whether the header already has its invoice. */
export async function hasInvoice(tx: EntityManager, headerId: string): Promise<boolean> {
  const rows: unknown[] = await tx.query(`SELECT 1 FROM invoices WHERE checkout_id = $1`, [headerId]);
  return rows.length > 0;
}

/** Writes an invoice and its lines, stamped with the time of `tx` (checked by the database when `tx` commits); answers its id. */
export async function insertInvoice(
  tx: EntityManager,
  document: {
    number: string;
    headerId: string;
    seller: Seller;
    header: HeaderFacts;
    draft: InvoiceDraft;
  },
): Promise<string> {
  const { header, draft } = document;
  const [row]: Array<{ id: string }> = await tx.query(
    `INSERT INTO invoices (number, checkout_id, user_id, issued_at, buyer_name, buyer_email, ship_to, buyer_address,
       buyer_phone, shipping_method_name, tax_zone_name, prices_include_tax, subtotal_cents, shipping_cents,
       shipping_tax_cents, shipping_tax_rate_ppm, tax_cents, total_cents, line_count, seller)
     VALUES ($1, $2, $3, now(), $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
     RETURNING id`,
    [
      document.number,
      document.headerId,
      header.userId,
      header.userName,
      header.userEmail,
      header.shipTo === null ? null : JSON.stringify(header.shipTo),
      header.address,
      header.phone,
      header.shippingMethodName,
      header.taxZoneName,
      header.pricesIncludeTax,
      draft.subtotalCents,
      draft.shippingCents,
      draft.shippingTaxCents,
      draft.shippingTaxRatePpm,
      draft.taxCents,
      draft.totalCents,
      draft.lines.length,
      JSON.stringify(document.seller),
    ],
  );
  await tx.query(
    `INSERT INTO invoice_lines (invoice_id, position, order_id, order_number, part_name, part_number, quantity,
       unit_price_cents, discount_cents, net_cents, tax_rate_ppm, tax_cents, total_cents, charged_cents)
     SELECT $1, l.position, l."orderId", l."orderNumber", l."partName", l."partNumber", l.quantity,
       l."unitPriceCents", l."discountCents", l."netCents", l."taxRatePpm", l."taxCents", l."totalCents", l."chargedCents"
     FROM jsonb_to_recordset($2::jsonb) AS l(position int, "orderId" uuid, "orderNumber" text, "partName" text,
       "partNumber" text, quantity int, "unitPriceCents" int, "discountCents" int, "netCents" int, "taxRatePpm" int,
       "taxCents" int, "totalCents" int, "chargedCents" int)`,
    [row.id, JSON.stringify(draft.lines.map((line, index) => ({ ...line, position: index + 1 })))],
  );
  return row.id;
}

/** What credit notes already repaid of each of `orderIds`. */
export async function creditedSoFar(tx: EntityManager, orderIds: readonly string[]): Promise<Map<string, number>> {
  const rows: Array<{ order_id: string; cents: number }> = await tx.query(
    `SELECT order_id, sum(amount_cents)::int AS cents FROM credit_note_lines WHERE order_id = ANY($1::uuid[]) GROUP BY order_id`,
    [orderIds],
  );
  return new Map(rows.map((row) => [row.order_id, row.cents]));
}

/** Writes a credit note and its lines, stamped with the time of `tx` exactly (the refund email finds it by that time); answers its id. */
export async function insertCreditNote(
  tx: EntityManager,
  document: {
    number: string;
    invoiceId: string;
    seller: Seller;
    reason: string;
    lines: readonly CreditNoteLine[];
  },
): Promise<string> {
  const total = document.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const [row]: Array<{ id: string }> = await tx.query(
    `INSERT INTO credit_notes (number, invoice_id, issued_at, total_cents, reason, line_count, seller)
     VALUES ($1, $2, now(), $3, $4, $5, $6) RETURNING id`,
    [
      document.number,
      document.invoiceId,
      total,
      document.reason,
      document.lines.length,
      JSON.stringify(document.seller),
    ],
  );
  await tx.query(
    `INSERT INTO credit_note_lines (credit_note_id, position, order_id, order_number, part_name, quantity, amount_cents)
     SELECT $1, l.position, l."orderId", l."orderNumber", l."partName", l.quantity, l."amountCents"
     FROM jsonb_to_recordset($2::jsonb) AS l(position int, "orderId" uuid, "orderNumber" text, "partName" text,
       quantity int, "amountCents" int)`,
    [row.id, JSON.stringify(document.lines.map((line, index) => ({ ...line, position: index + 1 })))],
  );
  return row.id;
}
