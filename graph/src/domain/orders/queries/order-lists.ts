import { DataSource } from "typeorm";
import { Part, PART_CARD_PROPERTIES } from "../../catalogue/part.entity";
import { PreparedList } from "../../pagination";
import { Order, ORDER_ROW_PROPERTIES } from "../order.entity";

/**
 * How much a list of orders (a customer's, or the admins') reads. `orders`: every column, or
 * only what a row shows (ORDER_ROW_PROPERTIES). `parts`: none (a caller that needs the parts
 * loads them apart), a card's columns or every column of each order's part, read in the same
 * statement and set on `order.part`: reading the parts apart by id costs a round trip per order.
 */
export interface OrdersRead {
  orders: "rows" | "whole";
  parts: "none" | "card" | "whole";
}

export const WHOLE_ORDERS: OrdersRead = { orders: "whole", parts: "none" };

/** A list's condition on `orders "o"`, its values numbered from $1. */
export interface OrderCondition {
  /** Names the prepared statement: one text per shape. */
  shape: string;
  where: string;
  values: unknown[];
}

/** The end of the name of a list's prepared statement: one statement per way of reading it. */
const readSuffix = ({ orders, parts }: OrdersRead) =>
  `${orders === "rows" ? "_rows" : ""}${parts === "none" ? "" : `_with_${parts}_parts`}`;

/** The columns a list reads, and its orders' parts in the same statement when they are asked for. */
const readOptions = ({ orders, parts }: OrdersRead) => ({
  properties: orders === "rows" ? ORDER_ROW_PROPERTIES : undefined,
  joins:
    parts === "none"
      ? []
      : [
          {
            property: "part",
            entity: Part,
            alias: "p",
            on: `"p"."id" = "o"."part_id"`,
            properties: parts === "card" ? PART_CARD_PROPERTIES : undefined,
          },
        ],
});

/**
 * The order lists, newest first, each a prepared statement per shape of its condition and way of
 * reading (planned once per connection, not on every request).
 */
export class OrderLists {
  private readonly lists = new Map<string, PreparedList<Order>>();

  constructor(private readonly db: DataSource) {}

  /** The live (not cancelled) orders placed under one email (orders_live_by_user_email). */
  liveOfEmail(read: OrdersRead): PreparedList<Order> {
    return this.list(`live_orders_of_email`, `"o"."status" <> 'cancelled' AND "o"."user_email" = $1`, 1, read);
  }

  /** One customer's cancelled and refunded orders (orders_past_by_user). */
  pastOfUser(read: OrdersRead): PreparedList<Order> {
    return this.list(
      `past_orders_of_user`,
      `"o"."status" IN ('cancelled', 'refunded') AND "o"."user_id" = $1`,
      1,
      read,
    );
  }

  /** The orders an admin's filter selects (see admin-order-search.ts). */
  forAdmin(condition: OrderCondition, read: OrdersRead): PreparedList<Order> {
    return this.list(`admin_orders_${condition.shape}`, condition.where, condition.values.length, read);
  }

  private list(base: string, where: string, filterValues: number, read: OrdersRead): PreparedList<Order> {
    const name = `${base}${readSuffix(read)}`;
    let list = this.lists.get(name);
    if (!list) {
      list = new PreparedList(this.db, Order, {
        name,
        alias: "o",
        where,
        filterValues,
        direction: "DESC",
        ...readOptions(read),
      });
      this.lists.set(name, list);
    }
    return list;
  }
}
