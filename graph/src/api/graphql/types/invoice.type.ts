import { Field, Float, ObjectType } from "type-graphql";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

/** An invoice (domain/invoicing/documents.ts); its credit notes are resolved in resolvers/invoice.resolver.ts. */
@ObjectType("Invoice", {
  simpleResolvers: true,
  implements: Node,
  description:
    'An invoice: one per paid order, numbered at payment (INV-<year>-<6 digits>, gapless per year). Its amounts are what the order froze, in dollars: subtotal + shipping + tax = total (docs/product.md, "Invoices and credit notes")',
})
export class InvoiceType extends NodeFields {
  @Field(() => String, { description: 'Its number, e.g. "INV-2026-000123": consecutive within its year, never reused' })
  number: string;

  @Field(() => Date, { description: "When it was issued: the payment's time (UTC); the year of its number" })
  issuedAt: Date;

  @Field(() => Float, {
    description: "The goods: each invoiced line's unit price times its quantity, after any discount",
  })
  subtotal: number;

  @Field(() => Float, { description: "Shipping, without its tax" })
  shipping: number;

  @Field(() => Float, { description: "Tax: each line's own and the shipping's" })
  tax: number;

  @Field(() => Float, { description: "What was paid for the invoiced lines: subtotal + shipping + tax" })
  total: number;

  @Field(() => String, {
    description:
      'Where its PDF is downloaded, e.g. "/invoices/INV-2026-000123" (REST GET with the bearer token of the order\'s customer or an admin)',
  })
  downloadPath: string;
}

@ObjectType("CreditNote", {
  simpleResolvers: true,
  implements: Node,
  description:
    "A credit note: one per refund of an invoiced order (in full by the shop or at Stripe, or in part at Stripe), numbered CN-<year>-<6 digits>, gapless per year, pointing to its invoice",
})
export class CreditNoteType extends NodeFields {
  @Field(() => String, { description: 'Its number, e.g. "CN-2026-000045"' })
  number: string;

  @Field(() => Date, { description: "When it was issued: the refund's time (UTC); the year of its number" })
  issuedAt: Date;

  @Field(() => String, { description: "The number of the invoice it corrects" })
  invoiceNumber: string;

  @Field(() => Float, { description: "What was repaid, in dollars (shipping and tax shares included)" })
  total: number;

  @Field(() => String, { nullable: true, description: 'Why, in a few words, e.g. "Refunded in full"' })
  reason: string | null;

  @Field(() => String, {
    description: 'Where its PDF is downloaded, e.g. "/credit-notes/CN-2026-000045" (REST GET, as the invoice\'s)',
  })
  downloadPath: string;
}
