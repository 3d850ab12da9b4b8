import { Column, CreateDateColumn, Entity } from "typeorm";
import type { PostalAddress } from "../addresses/address-rules";
import { NodeEntity } from "../node-entity";
import { centsToDollars } from "../money";
import { sumOfTotals } from "../pricing/quote";
import { type Order, OrderStatus } from "./order.entity";

/** How an order came to be: a part reserved on its own (the spec's flow), or a cart's checkout. */
export enum OrderSource {
  RESERVATION = "reservation",
  CHECKOUT = "checkout",
}

/**
 * An order's header: the buyer, a copy of where it goes as it was, its amounts, and its one card
 * payment. Its lines are the `orders` rows (`Order`, the spec's "order": a part, a quantity, a
 * price), each with its share of the order-level amounts. A part reserved on its own is an order
 * with one line, and the header has the line's id. (The table keeps its first name, checkouts;
 * the GraphQL type Checkout shows the headers of carts' checkouts.)
 */
@Entity({ name: "checkouts" })
export class Checkout extends NodeEntity {
  @Column({ type: "varchar", length: 16 })
  source: OrderSource;

  @Column({ type: "uuid", name: "user_id" })
  userId: string;

  @Column({ type: "varchar", length: 254, name: "user_email", nullable: true })
  userEmail: string | null;

  @Column({ type: "varchar", length: 80, name: "user_name", nullable: true })
  userName: string | null;

  @Column({ type: "varchar", length: 300, nullable: true })
  address: string | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  phone: string | null;

  /** The amounts of its lines still live (not cancelled): priced again when a line is cancelled. */
  @Column({ type: "integer", name: "subtotal_cents", nullable: true })
  subtotalCents: number | null;

  @Column({ type: "integer", name: "discount_cents", default: 0 })
  discountCents: number;

  @Column({ type: "integer", name: "shipping_cents", default: 0 })
  shippingCents: number;

  @Column({ type: "integer", name: "tax_cents", default: 0 })
  taxCents: number;

  /** The totals of its lines its payment paid (refunded later or not), kept by the database. */
  @Column({ type: "integer", name: "paid_cents", default: 0 })
  paidCents: number;

  /** What was given back of what it paid; never more than paidCents (a database check). */
  @Column({ type: "integer", name: "refunded_cents", default: 0 })
  refundedCents: number;

  @Column({ type: "integer", name: "order_count" })
  orderCount: number;

  /** subtotal − discount + shipping + tax, of its lines still live. */
  @Column({ type: "integer", name: "total_cents" })
  totalCents: number;

  /** The PaymentIntent of the checkout's payment, reused while it can still be paid. */
  @Column({ type: "varchar", length: 255, name: "payment_intent_id", nullable: true })
  paymentIntentId: string | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  /** Where it ships, a copy as it was when chosen; null for a reservation whose delivery is not chosen yet. */
  @Column({ type: "jsonb", name: "ship_to", nullable: true })
  shipTo: PostalAddress | null;

  /** The shipping method chosen (for reference: a method may later be deleted), its name and estimate as they were. */
  @Column({ type: "uuid", name: "shipping_method_id", nullable: true })
  shippingMethodId: string | null;

  @Column({ type: "varchar", length: 80, name: "shipping_method_name", nullable: true })
  shippingMethodName: string | null;

  @Column({ type: "smallint", name: "shipping_min_days", nullable: true })
  shippingMinDays: number | null;

  @Column({ type: "smallint", name: "shipping_max_days", nullable: true })
  shippingMaxDays: number | null;

  /** The shipping's own tax, frozen (part of taxCents, spread over the lines). */
  @Column({ type: "integer", name: "shipping_tax_cents", default: 0 })
  shippingTaxCents: number;

  /** The tax zone it was taxed in; null when the address was in none. */
  @Column({ type: "varchar", length: 80, name: "tax_zone_name", nullable: true })
  taxZoneName: string | null;

  /** The tax zone showed prices with tax in them (EU VAT style). */
  @Column({ type: "boolean", name: "prices_include_tax", default: false })
  pricesIncludeTax: boolean;

  /** Its orders, oldest line first: set by the service that reads the checkout. */
  orders: Order[] = [];

  /** What all its lines came to when it was placed, cancelled ones included (each line keeps its amounts). */
  get placedTotalCents(): number {
    return sumOfTotals(this.orders);
  }

  get total(): number {
    return centsToDollars(this.placedTotalCents);
  }

  get unpaid(): Order[] {
    return this.orders.filter((order) => order.status === OrderStatus.UNPAID);
  }

  /** What is left to pay: its lines still unpaid. */
  get amountDueCents(): number {
    return sumOfTotals(this.unpaid);
  }

  get amountDue(): number {
    return centsToDollars(this.amountDueCents);
  }

  /** Until when its unpaid orders hold their units (the earliest end); null once none is unpaid. */
  get reservedUntil(): Date | null {
    const ends = this.unpaid.map((order) => order.holdExpiresAt?.getTime() ?? Infinity);
    return ends.length && Number.isFinite(Math.min(...ends)) ? new Date(Math.min(...ends)) : null;
  }
}
