import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne } from "typeorm";
import { NodeEntity } from "../node-entity";
import { centsToDollars } from "../money";
import { lineSubtotalCents } from "../pricing/quote";
import { Part } from "../catalogue/part.entity";
import type { TaxCategory } from "../tax/tax-lines";
import { orderNumberOf } from "./order-number";

export enum OrderStatus {
  UNPAID = "unpaid",
  PAID = "paid",
  /** Kept as the record of the stock that went back; hidden from every list. */
  CANCELLED = "cancelled",
  /** Paid, then the whole payment was given back; the units went back to stock. */
  REFUNDED = "refunded",
}

/** Who or what cancelled an order. */
export enum CancelReason {
  CUSTOMER = "customer",
  ADMIN = "admin",
  /** Its hold ended before it was paid. */
  HOLD_EXPIRED = "hold_expired",
}

@Entity({ name: "orders" })
export class Order extends NodeEntity {
  @Column({ type: "uuid", name: "part_id" })
  partId: string;

  /** Loaded through a DataLoader by the GraphQL layer; not eagerly joined. */
  @ManyToOne(() => Part, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "part_id" })
  part?: Part;

  @Column({ type: "varchar", length: 80, name: "part_name" })
  partName: string;

  @Column({ type: "integer" })
  quantity: number;

  @Column({ type: "integer", name: "unit_price_cents" })
  unitPriceCents: number;

  /** unitPriceCents × quantity: the price calculation's figure, which the database also defines (a generated column). */
  @Column({ type: "integer", name: "subtotal_cents", insert: false, update: false })
  subtotalCents: number;

  /** The line's shares of the order's discount, shipping and tax (see pricing/quote.ts). */
  @Column({ type: "integer", name: "discount_cents", default: 0 })
  discountCents: number;

  @Column({ type: "integer", name: "shipping_cents", default: 0 })
  shippingCents: number;

  @Column({ type: "integer", name: "tax_cents", default: 0 })
  taxCents: number;

  /** The line's tax category and rate (ppm) as they were, and its own tax (taxCents is that plus its share of the shipping's). */
  @Column({ type: "varchar", length: 16, name: "tax_category", default: "standard" })
  taxCategory: TaxCategory;

  @Column({ type: "integer", name: "tax_rate_ppm", default: 0 })
  taxRatePpm: number;

  @Column({ type: "integer", name: "own_tax_cents", default: 0 })
  ownTaxCents: number;

  /** subtotal − discount + shipping + tax: what the line costs, and at most what it can give back. */
  @Column({ type: "integer", name: "total_cents" })
  totalCents: number;

  get unitPrice(): number {
    return centsToDollars(this.unitPriceCents);
  }

  /** The spec's price: unit price × quantity (shipping and tax are shown apart: shipping, tax, total). */
  get price(): number {
    return centsToDollars(lineSubtotalCents(this));
  }

  /** The line's share of the order's shipping, in dollars. */
  get shipping(): number {
    return centsToDollars(this.shippingCents);
  }

  /** The line's tax (its own and its share of the shipping's), in dollars. */
  get tax(): number {
    return centsToDollars(this.taxCents);
  }

  /** What the line costs with its shares, in dollars. */
  get total(): number {
    return centsToDollars(this.totalCents);
  }

  @Column({ type: "uuid", name: "user_id" })
  userId: string;

  @Column({ type: "varchar", length: 254, name: "user_email" })
  userEmail: string;

  @Column({ type: "varchar", length: 80, name: "user_name" })
  userName: string;

  @Column({ type: "varchar", length: 600 })
  address: string;

  @Column({ type: "varchar", length: 21 })
  phone: string;

  @Column({ type: "varchar", length: 16 })
  status: OrderStatus;

  /** What the customer quotes: see order-number.ts. */
  get number(): string {
    return orderNumberOf(this.seq);
  }

  get paid(): boolean {
    return this.status === OrderStatus.PAID;
  }

  /** Until when the order holds its units: only while it is unpaid. */
  get reservedUntil(): Date | null {
    return this.status === OrderStatus.UNPAID ? this.holdExpiresAt : null;
  }

  get refundedAmount(): number {
    return centsToDollars(this.refundedCents);
  }

  /** The PaymentIntent opened for this order, reused while its amount still matches. */
  @Column({ type: "varchar", length: 255, name: "payment_intent_id", nullable: true })
  paymentIntentId: string | null;

  @Column({ type: "varchar", length: 255, name: "transaction_id", nullable: true })
  transactionId: string | null;

  @Column({ type: "timestamptz", name: "paid_at", nullable: true })
  paidAt: Date | null;

  @Column({ type: "timestamptz", name: "cancelled_at", nullable: true })
  cancelledAt: Date | null;

  /** Until when an unpaid order holds its units; then it is cancelled and they go back on sale. */
  @Column({ type: "timestamptz", name: "hold_expires_at", nullable: true })
  holdExpiresAt: Date | null;

  @Column({ type: "varchar", length: 16, name: "cancel_reason", nullable: true })
  cancelReason: CancelReason | null;

  @Column({ type: "timestamptz", name: "refunded_at", nullable: true })
  refundedAt: Date | null;

  /** How much of the payment was given back (a refund made in Stripe's dashboard may be partial). */
  @Column({ type: "integer", name: "refunded_cents", default: 0 })
  refundedCents: number;

  /** Why the last card payment attempt failed, as the payment provider said it. */
  @Column({ type: "varchar", length: 500, name: "payment_error", nullable: true })
  paymentError: string | null;

  /** The payment provider's status of a dispute (chargeback) of the payment, if there is one. */
  @Column({ type: "varchar", length: 32, name: "dispute_status", nullable: true })
  disputeStatus: string | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  /** Units of the line shipped so far (never more than its quantity: a database check); see fulfilment. */
  @Column({ type: "integer", name: "shipped_quantity", default: 0, update: false })
  shippedQuantity: number;

  get shipped(): number {
    return this.shippedQuantity ?? 0;
  }

  /** The order (header) the line belongs to: the line's own id for a part reserved on its own. */
  @Column({ type: "uuid", name: "checkout_id" })
  checkoutId: string;

  /** A part reserved on its own (the spec's flow): an order of this one line, not a cart's checkout. */
  get reservedOnItsOwn(): boolean {
    return this.checkoutId === this.databaseId;
  }
}

/**
 * What a row of a customer's list of orders shows (the web app's MyOrderRow_order) and its part's
 * id: a list asked for no more reads only these columns (an order has eighteen, its address, phone
 * and customer among them).
 */
export const ORDER_ROW_PROPERTIES = [
  "databaseId",
  "partId",
  "partName",
  "quantity",
  "unitPriceCents",
  "shippingCents",
  "taxCents",
  "totalCents",
  "checkoutId",
  "status",
  "transactionId",
  "createdAt",
  "paidAt",
  "holdExpiresAt",
  "refundedAt",
  "disputeStatus",
  "shippedQuantity",
] as const satisfies readonly (keyof Order)[];
