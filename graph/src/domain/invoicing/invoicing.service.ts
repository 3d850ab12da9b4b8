import type { DataSource, EntityManager } from "typeorm";
import { Role } from "../accounts/user.entity";
import { type Actor, authorize } from "../actor";
import { badInput, notFound } from "../errors";
import { isUuid } from "../ids";
import type { Order } from "../orders/order.entity";
import type { PaymentEffects } from "../payments/payment-effects";
import { creditNoteSheet, invoiceSheet } from "./document-sheets";
import { renderSheetPdf } from "./document-pdf";
import {
  attachmentFilename,
  documentNumber,
  documentYear,
  downloadFilename,
  parseDocumentNumber,
  type DocumentSeries,
} from "./document-numbers";
import type { CreditNote, Invoice, Seller } from "./documents";
import { type CreditNoteLine, creditedLine, invoiceDraftOf } from "./invoice-rules";
import {
  creditNoteById,
  creditNoteByNumber,
  creditNotesOfInvoices,
  invoiceById,
  invoiceByNumber,
  invoiceOfLine,
  invoicesOfHeaders,
} from "./queries/document-reads";
import {
  creditedSoFar,
  hasInvoice,
  insertCreditNote,
  insertInvoice,
  readInvoiceFacts,
  takeNextPlace,
  transactionTime,
} from "./queries/document-writes";

/** A document as a file: its name and its PDF. */
export interface DocumentFile {
  filename: string;
  pdf: Buffer;
}

/** What an outbox email attaches: one document, by its id. */
export interface DocumentReference {
  invoiceId: string | null;
  creditNoteId: string | null;
}

/** Why a credit note was written, as it prints. */
const REASONS = {
  inFull: "Refunded in full",
  partly: "Part of the payment refunded",
} as const;

/**
 * Invoices and credit notes (docs/product.md, "Invoices and credit notes"). An order gets its
 * invoice in the transaction that records its payment, and a credit note in the one that records
 * each refund of it: both numbered there from a counter row that transaction holds until it ends
 * (queries/document-writes.ts), so numbers are consecutive per series and year (the payment's or
 * refund's year in UTC) whatever process records them, and a rolled-back payment leaves no gap.
 * The documents are copies of what the order froze; their PDFs are drawn when asked for.
 */
export class InvoicingService implements PaymentEffects {
  constructor(
    private readonly db: DataSource,
    private readonly seller: Seller,
  ) {}

  /** Lines of one order were just paid: their invoice, unless the order has one. */
  async paid(tx: EntityManager, lines: readonly Order[]): Promise<void> {
    for (const [headerId, group] of byHeader(lines)) {
      if (await hasInvoice(tx, headerId)) continue;
      await this.issueInvoice(
        tx,
        headerId,
        group.map((line) => line.databaseId),
      );
    }
  }

  /** A line was refunded in full: a credit note of what had not been credited of it yet. */
  async refunded(tx: EntityManager, line: Order): Promise<void> {
    await this.credit(tx, line, "in full", REASONS.inFull);
  }

  /** Part of a line's payment was refunded (at Stripe): a credit note of what is new, up to `refundedCents` in all. */
  async partlyRefunded(tx: EntityManager, line: Order, refundedCents: number): Promise<void> {
    await this.credit(tx, line, refundedCents, REASONS.partly);
  }

  /** Money given back for lines that could not keep it: they were never invoiced, so no credit note. */
  async givenBack(): Promise<void> {}

  private async issueInvoice(tx: EntityManager, headerId: string, lineIds: readonly string[]): Promise<void> {
    const facts = await readInvoiceFacts(tx, headerId, lineIds);
    if (!facts || facts.lines.length === 0) return;
    const issuedAt = await transactionTime(tx);
    const number = await this.nextNumber(tx, "INV", issuedAt);
    await insertInvoice(tx, {
      number,
      headerId,
      seller: this.seller,
      header: facts.header,
      draft: invoiceDraftOf(facts.lines),
    });
  }

  private async credit(tx: EntityManager, line: Order, refunded: number | "in full", reason: string): Promise<void> {
    const invoice = await invoiceOfLine(tx, line.databaseId);
    const invoiced = invoice?.lines.find((candidate) => candidate.orderId === line.databaseId);
    if (!invoice || !invoiced) return;
    const credited = (await creditedSoFar(tx, [line.databaseId])).get(line.databaseId) ?? 0;
    const repaid: CreditNoteLine | null = creditedLine(invoiced, credited, refunded);
    if (!repaid) return;
    const issuedAt = await transactionTime(tx);
    const number = await this.nextNumber(tx, "CN", issuedAt);
    await insertCreditNote(tx, {
      number,
      invoiceId: invoice.databaseId,
      seller: this.seller,
      reason,
      lines: [repaid],
    });
  }

  private async nextNumber(tx: EntityManager, series: DocumentSeries, at: Date): Promise<string> {
    const year = documentYear(at);
    return documentNumber(series, year, await takeNextPlace(tx, series, year));
  }

  /** The invoices of orders' headers, for lines already read by someone allowed to (one statement for a page). */
  async invoicesOfHeaders(headerIds: readonly string[]): Promise<(Invoice | null)[]> {
    const invoices = await invoicesOfHeaders(this.db.manager, headerIds);
    const byId = new Map(invoices.map((invoice) => [invoice.checkoutId, invoice]));
    return headerIds.map((id) => byId.get(id) ?? null);
  }

  /** The credit notes of invoices, oldest first, per invoice. */
  async creditNotesOfInvoices(invoiceIds: readonly string[]): Promise<CreditNote[][]> {
    const notes = await creditNotesOfInvoices(this.db.manager, invoiceIds);
    return invoiceIds.map((id) => notes.filter((note) => note.invoiceId === id));
  }

  /** An invoice by id, for its owner or an admin; another's is not found. */
  async invoice(actor: Actor, id: string): Promise<Invoice> {
    const invoice = isUuid(id) ? await invoiceById(this.db.manager, id) : null;
    if (!invoice || !this.readableBy(actor, invoice.userId)) throw notFound("Invoice");
    return invoice;
  }

  /** A credit note by id, for the owner of its invoice or an admin; another's is not found. */
  async creditNote(actor: Actor, id: string): Promise<CreditNote> {
    const note = isUuid(id) ? await creditNoteById(this.db.manager, id) : null;
    if (!note || !this.readableBy(actor, note.userId)) throw notFound("Credit note");
    return note;
  }

  /** An order line's whole order's invoice, for its owner or an admin (null until it is paid). */
  async invoiceOfOrder(actor: Actor, line: Order): Promise<Invoice | null> {
    this.mayReadOrder(actor, line);
    return (await this.invoicesOfHeaders([line.checkoutId]))[0];
  }

  /** An order line's whole order's credit notes, oldest first, for its owner or an admin. */
  async creditNotesOfOrder(actor: Actor, line: Order): Promise<CreditNote[]> {
    const invoice = await this.invoiceOfOrder(actor, line);
    return invoice ? (await this.creditNotesOfInvoices([invoice.databaseId]))[0] : [];
  }

  /** An invoice by its number as a PDF, for its owner or an admin; another's is not found. */
  async invoicePdf(actor: Actor, number: string): Promise<DocumentFile> {
    const parsed = this.parsed("INV", number);
    const invoice = await invoiceByNumber(this.db.manager, parsed);
    if (!invoice || !this.readableBy(actor, invoice.userId)) throw notFound("Invoice");
    return { filename: downloadFilename(invoice.number), pdf: await this.invoiceFile(invoice) };
  }

  /** A credit note by its number as a PDF, for the owner of its invoice or an admin; another's is not found. */
  async creditNotePdf(actor: Actor, number: string): Promise<DocumentFile> {
    const parsed = this.parsed("CN", number);
    const note = await creditNoteByNumber(this.db.manager, parsed);
    if (!note || !this.readableBy(actor, note.userId)) throw notFound("Credit note");
    return { filename: downloadFilename(note.number), pdf: await this.creditNoteFile(note) };
  }

  /** The document an email attaches, drawn now (the outbox keeps only its id); null when it names none. */
  async attachmentOf(reference: DocumentReference): Promise<DocumentFile | null> {
    if (reference.invoiceId) {
      const invoice = await invoiceById(this.db.manager, reference.invoiceId);
      return invoice && { filename: attachmentFilename(invoice.number), pdf: await this.invoiceFile(invoice) };
    }
    if (reference.creditNoteId) {
      const note = await creditNoteById(this.db.manager, reference.creditNoteId);
      return note && { filename: attachmentFilename(note.number), pdf: await this.creditNoteFile(note) };
    }
    return null;
  }

  private invoiceFile(invoice: Invoice): Promise<Buffer> {
    return renderSheetPdf(invoiceSheet(invoice, invoice.seller ?? this.seller), invoice.issuedAt);
  }

  private async creditNoteFile(note: CreditNote): Promise<Buffer> {
    const invoice = await invoiceById(this.db.manager, note.invoiceId);
    if (!invoice) throw new Error(`Credit note ${note.number} points at a missing invoice`);
    return renderSheetPdf(creditNoteSheet(note, invoice, note.seller ?? this.seller), note.issuedAt);
  }

  private parsed(series: DocumentSeries, number: string): string {
    const parsed = parseDocumentNumber(series, number);
    if (!parsed)
      throw badInput(`number must be written like ${documentNumber(series, 2026, 123)}`, {
        fields: { number: ["Not a document number"] },
      });
    return parsed.number;
  }

  /** An order's documents are read by its owner or an admin; to anyone else the order is not found. */
  mayReadOrder(actor: Actor, line: Pick<Order, "userId">): void {
    if (!this.readableBy(actor, line.userId)) throw notFound("Order");
  }

  /** Whether `actor` is the owner or an admin (a visitor is told to sign in). */
  private readableBy(actor: Actor, ownerId: string): boolean {
    const caller = authorize(actor, "USER");
    return caller.role === Role.ADMIN || caller.databaseId === ownerId;
  }
}

/** Lines by their order's header. */
function byHeader(lines: readonly Order[]): Map<string, Order[]> {
  const groups = new Map<string, Order[]>();
  for (const line of lines) groups.set(line.checkoutId, [...(groups.get(line.checkoutId) ?? []), line]);
  return groups;
}
