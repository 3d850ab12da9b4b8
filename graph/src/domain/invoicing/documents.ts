import type { PostalAddress } from "../addresses/address-rules";
import { centsToDollars } from "../money";
import type { CreditNoteLine, InvoiceAmounts, InvoiceLine } from "./invoice-rules";

/** Who sells: what every invoice and credit note carries at its top (the configuration's seller). */
export interface Seller {
  name: string;
  address: PostalAddress | null;
  /** The VAT or sales-tax number, when there is one. */
  taxId: string | null;
}

/** Who bought, as the order kept it when it was paid. */
export interface Buyer {
  name: string;
  email: string;
  /** The delivery address (name, company, address, phone); null for a reservation paid without a chosen delivery. */
  shipTo: PostalAddress | null;
  /** The reservation's free-text address and phone, where there is no shipTo. */
  address: string | null;
  phone: string | null;
}

/**
 * An invoice: one per paid order, numbered at payment, a copy of what the order charged (the
 * class's name is its GraphQL type's: Invoice).
 */
export class Invoice implements InvoiceAmounts {
  databaseId: string;
  number: string;
  /** The order's header. */
  checkoutId: string;
  userId: string;
  /** The payment's time; the year of the number (UTC). */
  issuedAt: Date;
  /** The seller as it was when the invoice was issued; null for one issued before invoices kept it. */
  seller: Seller | null;
  buyer: Buyer;
  shippingMethodName: string | null;
  taxZoneName: string | null;
  pricesIncludeTax: boolean;
  subtotalCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  shippingTaxRatePpm: number;
  taxCents: number;
  totalCents: number;
  lines: InvoiceLine[];

  constructor(fields: Omit<Invoice, "subtotal" | "shipping" | "tax" | "total" | "downloadPath">) {
    Object.assign(this, fields);
  }

  get subtotal(): number {
    return centsToDollars(this.subtotalCents);
  }
  get shipping(): number {
    return centsToDollars(this.shippingCents);
  }
  get tax(): number {
    return centsToDollars(this.taxCents);
  }
  get total(): number {
    return centsToDollars(this.totalCents);
  }
  /** Where its PDF is downloaded (REST, with the owner's or an admin's token). */
  get downloadPath(): string {
    return `/invoices/${this.number}`;
  }
}

/** A credit note: what one refund repaid of an invoice's lines (GraphQL type CreditNote). */
export class CreditNote {
  databaseId: string;
  number: string;
  invoiceId: string;
  invoiceNumber: string;
  /** The owner of its invoice. */
  userId: string;
  issuedAt: Date;
  /** The seller as it was when the credit note was issued; null for one issued before credit notes kept it. */
  seller: Seller | null;
  totalCents: number;
  reason: string | null;
  lines: CreditNoteLine[];

  constructor(fields: Omit<CreditNote, "total" | "downloadPath">) {
    Object.assign(this, fields);
  }

  get total(): number {
    return centsToDollars(this.totalCents);
  }
  get downloadPath(): string {
    return `/credit-notes/${this.number}`;
  }
}
