import { Column, CreateDateColumn, Entity } from "typeorm";
import { NodeEntity } from "../node-entity";
import { centsToDollars } from "../money";
import { type Order, OrderStatus } from "./order.entity";

/**
 * What a customer bought together in one checkout: each line became an
 * order of its own; one card payment pays those still unpaid.
 */
@Entity({ name: "checkouts" })
export class Checkout extends NodeEntity {
  @Column({ type: "uuid", name: "user_id" })
  userId: string;

  @Column({ type: "integer", name: "order_count" })
  orderCount: number;

  /** What the lines came to when the checkout was placed. */
  @Column({ type: "integer", name: "total_cents" })
  totalCents: number;

  /** The PaymentIntent of the checkout's payment, reused while it can still be paid. */
  @Column({ type: "varchar", length: 255, name: "payment_intent_id", nullable: true })
  paymentIntentId: string | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  /** Its orders, oldest line first: set by the service that reads the checkout. */
  orders: Order[] = [];

  get total(): number {
    return centsToDollars(this.totalCents);
  }

  private get unpaid(): Order[] {
    return this.orders.filter((order) => order.status === OrderStatus.UNPAID);
  }

  /** What is left to pay: its orders still unpaid. */
  get amountDueCents(): number {
    return this.unpaid.reduce((sum, order) => sum + order.totalCents, 0);
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
