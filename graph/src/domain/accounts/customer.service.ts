import { DataSource } from "typeorm";
import { Actor, authorize } from "../actor";
import { notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { Order, OrderStatus } from "../orders/order.entity";
import { Page, PageRequest } from "../pagination";
import { CustomerLookups } from "./queries/customer-lookups";
import { User } from "./user.entity";

/** What a customer has ordered, in cents: paid (what they keep), awaiting payment, given back. */
export interface CustomerTotals {
  /** Orders placed, cancelled ones included. */
  orders: number;
  paidOrders: number;
  unpaidOrders: number;
  /** Totals of the orders paid and kept (refunds taken off). */
  paidCents: number;
  /** Totals of the orders waiting for payment. */
  unpaidCents: number;
  /** What was paid, then given back. */
  refundedCents: number;
}

/** One customer as an admin sees them: the account and what they ordered. */
export interface CustomerDetail {
  user: User;
  totals: CustomerTotals;
}

/** The admins' view of one customer: their account, their orders and what the orders add up to. */
export class CustomerService {
  private readonly lookups: CustomerLookups;

  constructor(private readonly db: DataSource) {
    this.lookups = new CustomerLookups(db);
  }

  /** A user's account and order totals, for admins; an unknown id is NOT_FOUND. */
  async detail(actor: Actor, id: string): Promise<CustomerDetail> {
    authorize(actor, "ADMIN");
    const databaseId = databaseIdOf(id);
    const user = databaseId ? await this.db.getRepository(User).findOneBy({ databaseId }) : null;
    if (!user) throw notFound("User");
    const totals: CustomerTotals = {
      orders: 0,
      paidOrders: 0,
      unpaidOrders: 0,
      paidCents: 0,
      unpaidCents: 0,
      refundedCents: 0,
    };
    for (const sums of await this.lookups.sums(user.databaseId)) {
      totals.orders += sums.orders;
      totals.refundedCents += sums.refundedCents;
      if (sums.status === OrderStatus.PAID) {
        totals.paidOrders += sums.orders;
        // A paid order may have been refunded in part (at Stripe): what the shop keeps.
        totals.paidCents += sums.totalCents - sums.refundedCents;
      }
      if (sums.status === OrderStatus.UNPAID) {
        totals.unpaidOrders += sums.orders;
        totals.unpaidCents += sums.totalCents;
      }
    }
    return { user, totals };
  }

  /** Every order of a user, cancelled and refunded ones included, newest first (admins). */
  orders(actor: Actor, userId: string, page: PageRequest): Promise<Page<Order>> {
    authorize(actor, "ADMIN");
    return this.lookups.orders(userId, page);
  }
}
