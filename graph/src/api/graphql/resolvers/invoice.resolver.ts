import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { CreditNote, Invoice } from "../../../domain/invoicing/documents";
import type { Order } from "../../../domain/orders/order.entity";
import { GraphContext } from "../context";
import { CreditNoteType, InvoiceType } from "../types/invoice.type";
import { OrderType } from "../types/order.type";

/*
 * An order's documents (docs/product.md, "Invoices and credit notes"): read by the order's
 * customer or an admin (NOT_FOUND for anyone else), batched per request for a page of orders.
 */

@Resolver(() => OrderType)
export class OrderDocumentsResolver {
  @FieldResolver(() => InvoiceType, {
    nullable: true,
    description: "Its whole order's invoice; null until it is paid (the order's customer or an admin)",
  })
  async invoice(@Root() order: Order, @Ctx() { services, actor, loaders }: GraphContext): Promise<Invoice | null> {
    services.invoicing.mayReadOrder(await actor(), order);
    return loaders.invoiceByHeaderId.load(order.checkoutId);
  }

  @FieldResolver(() => [CreditNoteType], {
    description: "Its whole order's credit notes, oldest first (the order's customer or an admin)",
  })
  async creditNotes(@Root() order: Order, @Ctx() { services, actor, loaders }: GraphContext): Promise<CreditNote[]> {
    services.invoicing.mayReadOrder(await actor(), order);
    const invoice = await loaders.invoiceByHeaderId.load(order.checkoutId);
    return invoice ? loaders.creditNotesByInvoiceId.load(invoice.databaseId) : [];
  }
}

@Resolver(() => InvoiceType)
export class InvoiceResolver {
  @FieldResolver(() => [CreditNoteType], { description: "The credit notes pointing to it, oldest first" })
  creditNotes(@Root() invoice: Invoice, @Ctx() { loaders }: GraphContext): Promise<CreditNote[]> {
    return loaders.creditNotesByInvoiceId.load(invoice.databaseId);
  }
}
