import type { DataSource, EntityManager } from "typeorm";
import type { Checkout } from "../orders/checkout.entity";
import type { CheckoutEffects } from "../orders/checkout.service";
import { CancelReason, Order } from "../orders/order.entity";
import type { OrderEffects } from "../orders/order.service";
import type { PaymentEffects } from "../payments/payment-effects";
import type { FulfilmentEffects, ParcelLine } from "../fulfilment/fulfilment.service";
import type { Shipment } from "../fulfilment/shipment.entity";
import { readSummaryHeaders } from "../orders/queries/sale-headers";
import { creditNoteRefWrittenNow, invoiceRefOfHeader } from "../invoicing/queries/document-reads";
import { type SaleSummary, saleSummaryOf } from "../orders/sale-summary";
import { type EmailFacts, type EmailKind, type EmailLine, renderEmail } from "./templates";

/** One email to write: the orders it is about (one customer's), what else it says, and whether it is written once only. */
interface Outgoing {
  orders: readonly Order[];
  facts?: Partial<EmailFacts>;
  /** Written once whatever finds it again (a hold's warning). */
  onceKey?: string;
  /** The document it attaches (rendered when it is sent). */
  invoiceId?: string;
  creditNoteId?: string;
}

/** The emails that show what the whole order comes to: its amounts as its header froze them, and where it ships. */
const SHOWS_SALE: ReadonlySet<EmailKind> = new Set(["order_placed", "payment_received"]);

/** How many orders one pass of the hold warnings looks at. */
const WARNING_BATCH = 500;

const CANCELLED_BY: Record<CancelReason, string> = {
  [CancelReason.CUSTOMER]: "as you asked",
  [CancelReason.ADMIN]: "by the shop",
  [CancelReason.HOLD_EXPIRED]: "because the reservation ended",
};

const lineOf = (order: Order): EmailLine => ({
  number: order.number,
  partName: order.partName,
  quantity: order.quantity,
  unitPriceCents: order.unitPriceCents,
  totalCents: order.totalCents,
});

/** Orders by what one email is about: a checkout's together, any other order alone; oldest first. */
function byCheckout(orders: readonly Order[]): Order[][] {
  const groups = new Map<string, Order[]>();
  for (const order of [...orders].sort((a, b) => Number(a.seq) - Number(b.seq))) {
    const key = order.checkoutId;
    groups.set(key, [...(groups.get(key) ?? []), order]);
  }
  return [...groups.values()];
}

/**
 * The mail outbox: what the order, checkout and payment services announce becomes an email row
 * written in their transaction (so that it exists exactly when the change does), rendered now; the
 * delivery (delivery.ts) sends it later, from any process.
 */
export class EmailOutbox implements OrderEffects, CheckoutEffects, PaymentEffects, FulfilmentEffects {
  constructor(private readonly db: DataSource) {}

  /** Orders of one part reserved (the spec's one-part flow): one confirmation each. */
  reserved(tx: EntityManager, orders: readonly Order[]): Promise<void> {
    return this.write(
      tx,
      "order_placed",
      orders.map((order) => ({ orders: [order], facts: { holdEndsAt: order.holdExpiresAt } })),
    );
  }

  /** A checkout placed: one confirmation listing its lines. */
  placed(tx: EntityManager, checkout: Checkout): Promise<void> {
    return this.write(tx, "order_placed", [
      { orders: checkout.orders, facts: { holdEndsAt: checkout.orders[0]?.holdExpiresAt } },
    ]);
  }

  cancelled(tx: EntityManager, orders: readonly Order[]): Promise<void> {
    return this.write(
      tx,
      "order_cancelled",
      byCheckout(orders).map((group) => ({
        orders: group,
        facts: { reason: group[0].cancelReason ? CANCELLED_BY[group[0].cancelReason] : null },
      })),
    );
  }

  holdsEnded(tx: EntityManager, orders: readonly Order[]): Promise<void> {
    return this.write(
      tx,
      "hold_ended",
      byCheckout(orders).map((group) => ({ orders: group })),
    );
  }

  /** The receipt: one per payment (a checkout's payment pays its lines together), naming and attaching its invoice. */
  async paid(tx: EntityManager, orders: readonly Order[], intentId: string): Promise<void> {
    const outgoing: Outgoing[] = [];
    for (const group of byCheckout(orders)) {
      const invoice = await invoiceRefOfHeader(tx, group[0].checkoutId);
      outgoing.push({
        orders: group,
        facts: { paymentReference: intentId, invoiceNumber: invoice?.number ?? null },
        invoiceId: invoice?.id,
      });
    }
    return this.write(tx, "payment_received", outgoing);
  }

  /** The refund notice, naming and attaching the credit note written for it. */
  async refunded(tx: EntityManager, order: Order): Promise<void> {
    const note = await creditNoteRefWrittenNow(tx, order.databaseId);
    return this.write(tx, "order_refunded", [
      { orders: [order], facts: { creditNoteNumber: note?.number ?? null }, creditNoteId: note?.id },
    ]);
  }

  /** A partial refund made at Stripe is the shop's record only: no email (as before credit notes). */
  async partlyRefunded(): Promise<void> {}

  givenBack(tx: EntityManager, orders: readonly Order[], _intentId: string, cents: number): Promise<void> {
    return this.write(tx, "order_refunded", [
      {
        orders,
        facts: { amountCents: cents, reason: "the payment came for orders that were cancelled or already paid" },
      },
    ]);
  }

  /** A parcel sent: one shipping email with its lines and units, carrier, tracking number and link. */
  shipped(tx: EntityManager, shipment: Shipment, parcel: readonly ParcelLine[]): Promise<void> {
    return this.write(tx, "order_shipped", [
      {
        orders: parcel.map((line) => line.order),
        facts: {
          lines: parcel.map(({ order, quantity }) => ({ ...lineOf(order), quantity })),
          parcel: {
            carrierName: shipment.carrier.name,
            trackingNumber: shipment.trackingNumber,
            trackingUrl: shipment.trackingUrl,
          },
        },
      },
    ]);
  }

  /**
   * Warns customers whose reservation ends within `minutes`: once per single order or checkout,
   * however many processes run this at once (the unique once_key: a second insert does nothing).
   * Returns how many warnings it wrote.
   */
  async warnOfEndingHolds(minutes: number): Promise<number> {
    const orders = await this.db
      .getRepository(Order)
      .createQueryBuilder("o")
      .where(
        `o.status = 'unpaid' AND o.hold_expires_at > now() AND o.hold_expires_at <= now() + make_interval(mins => :minutes)`,
        { minutes },
      )
      .andWhere(`NOT EXISTS (SELECT 1 FROM email_outbox e WHERE e.once_key = 'hold_ending:' || o.checkout_id::text)`)
      .orderBy("o.hold_expires_at", "ASC")
      .limit(WARNING_BATCH)
      .getMany();
    if (orders.length === 0) return 0;
    const groups = byCheckout(orders);
    await this.db.transaction((tx) =>
      this.write(
        tx,
        "hold_ending",
        groups.map((group) => ({
          orders: group,
          facts: { holdEndsAt: group[0].holdExpiresAt },
          onceKey: `hold_ending:${group[0].checkoutId}`,
        })),
      ),
    );
    return groups.length;
  }

  /** The summaries of the orders' headers, as written so far in `tx` (one statement). */
  private async salesOf(tx: EntityManager, outgoing: readonly Outgoing[]): Promise<Map<string, SaleSummary>> {
    const ids = [...new Set(outgoing.flatMap((email) => email.orders.map((order) => order.checkoutId)))];
    if (ids.length === 0) return new Map();
    const headers = await readSummaryHeaders(tx, ids);
    return new Map(headers.map((header) => [header.databaseId, saleSummaryOf(header)]));
  }

  /** The emails of `kind`, rendered, as outbox rows in one statement. */
  private async write(tx: EntityManager, kind: EmailKind, outgoing: readonly Outgoing[]): Promise<void> {
    const sales = SHOWS_SALE.has(kind) ? await this.salesOf(tx, outgoing) : new Map<string, SaleSummary>();
    const emails = outgoing
      .filter((email) => email.orders.length > 0)
      .map((email) => {
        const [first] = email.orders;
        const rendered = renderEmail(kind, {
          customerName: first.userName || first.userEmail,
          lines: email.orders.map(lineOf),
          sale: sales.get(first.checkoutId) ?? null,
          ...email.facts,
        });
        return {
          recipient: first.userEmail,
          onceKey: email.onceKey ?? null,
          invoiceId: email.invoiceId ?? null,
          creditNoteId: email.creditNoteId ?? null,
          ...rendered,
        };
      });
    if (emails.length === 0) return;
    await tx.query(
      `INSERT INTO email_outbox (kind, recipient, subject, text_body, html_body, once_key, invoice_id, credit_note_id)
       SELECT $1, e.recipient, e.subject, e.text_body, e.html_body, e.once_key, e.invoice_id, e.credit_note_id
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::uuid[])
         AS e(recipient, subject, text_body, html_body, once_key, invoice_id, credit_note_id)
       ON CONFLICT (once_key) DO NOTHING`,
      [
        kind,
        emails.map((email) => email.recipient),
        emails.map((email) => email.subject),
        emails.map((email) => email.text),
        emails.map((email) => email.html),
        emails.map((email) => email.onceKey),
        emails.map((email) => email.invoiceId),
        emails.map((email) => email.creditNoteId),
      ],
    );
  }
}
