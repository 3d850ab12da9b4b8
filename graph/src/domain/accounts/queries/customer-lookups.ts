import { DataSource, SelectQueryBuilder } from "typeorm";
import { runStatement } from "../../../db/prepared";
import { Page, PageRequest, PreparedList } from "../../pagination";
import { likePattern } from "../../text-search";
import { Order, OrderStatus } from "../../orders/order.entity";
import type { User } from "../user.entity";

/**
 * A user as All Users searches them: the name and the email, folded as the order search folds
 * (accents off, lower case: "zoe" finds "Zoë"), the index users_folded_trigrams's expression.
 */
const FOLDED_USER = (alias: string) =>
  `fold_text(coalesce("${alias}"."display_name", '') || ' ' || "${alias}"."email")`;

/** Narrows a users query to those whose name or email contains `search`, accents and letter case aside. */
export function whereUserMatches(query: SelectQueryBuilder<User>, search: string): SelectQueryBuilder<User> {
  return query.andWhere(`${FOLDED_USER(query.alias)} LIKE fold_text(:userPattern)`, {
    userPattern: likePattern(search),
  });
}

/** A customer's orders by state: how many, and their totals in cents. */
export interface OrderSums {
  status: OrderStatus;
  orders: number;
  totalCents: number;
  refundedCents: number;
}

/** A customer's orders, newest first, and their sums: both from orders_by_user. */
export class CustomerLookups {
  private readonly ordersOfUser: PreparedList<Order>;

  constructor(private readonly db: DataSource) {
    this.ordersOfUser = new PreparedList(db, Order, {
      name: "orders_of_user",
      alias: "o",
      where: `"o"."user_id" = $1`,
      filterValues: 1,
      direction: "DESC",
    });
  }

  /** A page of every order of the user, cancelled ones included, newest first. */
  orders(userId: string, page: PageRequest): Promise<Page<Order>> {
    return this.ordersOfUser.page([userId], page);
  }

  /** The user's orders summed by state (an index-only read of orders_by_user). */
  async sums(userId: string): Promise<OrderSums[]> {
    const rows = await runStatement<{ status: OrderStatus; orders: string; total: string; refunded: string }>(
      this.db,
      `SELECT status, count(*) AS orders, sum(total_cents) AS total, sum(refunded_cents) AS refunded
       FROM orders WHERE user_id = $1 GROUP BY status`,
      [userId],
    );
    return rows.map((row) => ({
      status: row.status,
      orders: Number(row.orders),
      totalCents: Number(row.total),
      refundedCents: Number(row.refunded),
    }));
  }
}
