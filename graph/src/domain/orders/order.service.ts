import { DataSource, EntityManager } from "typeorm";
import { runStatement } from "../../db/prepared";
import { Role, User } from "../accounts/user.entity";
import { Actor, authorize, sameEmail } from "../actor";
import { recordAudit } from "../audit/audit.service";
import { AuditAction, AuditEntityType } from "../audit/audit-entry.entity";
import { likePattern } from "../text-search";
import { lookupPatterns, TrigramStatistics } from "../trigram-windows";
import { badInput, conflict, forbidden, notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { Page, PageRequest, PreparedList } from "../pagination";
import { Part, PART_CARD_PROPERTIES } from "../catalogue/part.entity";
import type { ShopCounters } from "../counters";
import { lockEndedHolds, lockOrder, markCancelled, orderSnapshot, returnUnits } from "./order-changes";
export { orderSnapshot } from "./order-changes";
import {
  ALREADY_ORDERED,
  type HoldPolicy,
  holdingsRefusal,
  isUniqueViolation,
  lineRefusal,
  type LockedPart,
  lockHoldings,
  newUnpaidOrder,
} from "./reservation-rules";
import { CancelReason, Order, ORDER_ROW_PROPERTIES, OrderStatus } from "./order.entity";
import { ORDER_EXPORT_READS, type OrderExportRow } from "./order-export";
import { type OrderEvent, orderTimeline } from "./order-timeline";
import { seqOfOrderNumber } from "./order-number";

/** A reservation as the customer asks for it. */
export interface PlaceOrder {
  partId: string;
  quantity: number;
  address: string;
  phone: string;
}

/**
 * How much a list of orders (a customer's, or the admins') reads. `orders`: every column, or
 * only what a row shows (ORDER_ROW_PROPERTIES). `parts`: none (a caller that needs the parts
 * loads them apart), a card's columns or every column of each order's part, read in the same
 * statement and set on `order.part`. Reading the parts apart by id took half of the CPU of a
 * GraphQL `viewer.orders` that asked for them.
 */
export interface OrdersRead {
  orders: "rows" | "whole";
  parts: "none" | "card" | "whole";
}

const WHOLE_ORDERS: OrdersRead = { orders: "whole", parts: "none" };

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

export { ALREADY_ORDERED, type HoldPolicy } from "./reservation-rules";

/** What becomes of the card payments of orders that were cancelled: the payment service's (see PaymentService.release). */
export interface PaymentRelease {
  release(orders: readonly Order[]): Promise<void>;
}

/**
 * What order changes announce, inside the transaction that writes them (the mail outbox writes its
 * emails there: an email exists exactly when its change was committed).
 */
export interface OrderEffects {
  /** Orders of the spec's one-part flow were just placed. */
  reserved(tx: EntityManager, orders: readonly Order[]): Promise<void>;
  /** Orders were cancelled by their customer or an admin. */
  cancelled(tx: EntityManager, orders: readonly Order[]): Promise<void>;
  /** Orders were cancelled because their hold ended unpaid. */
  holdsEnded(tx: EntityManager, orders: readonly Order[]): Promise<void>;
}

export const NO_ORDER_EFFECTS: OrderEffects = {
  reserved: async () => undefined,
  cancelled: async () => undefined,
  holdsEnded: async () => undefined,
};

/** Orders a hold-expiry pass ends in one transaction. */
const EXPIRY_BATCH = 200;

interface PendingReservation {
  customer: User;
  input: PlaceOrder;
  resolve(order: Order): void;
  reject(error: unknown): void;
}

/** The admins' order list: live orders by default, or those of one state; a search over customers and parts. */
export interface OrderFilter {
  status?: OrderStatus | null;
  /**
   * Part of a customer's email or name, or of a part's name (as ordered or as it is now), accents
   * and letter case aside ("zoe" finds "Zoë"); or an order's number, an order or part id.
   */
  search?: string | null;
}

const EXPORT_BATCH = 500;
/** Above this many parts named like an admin's search, its orders are found by walking them. */
const MANY_PARTS = 1000;
/** Past this many customers matching a search, the orders are walked instead (as for MANY_PARTS). */
const MANY_CUSTOMERS = 1000;
/** An order list's status condition, by the status asked for: made from the enum, never from the caller's text. */
const STATUS_CONDITIONS: ReadonlyMap<string, string> = new Map(
  Object.values(OrderStatus).map((status) => [status, `= '${status}'`]),
);

export class OrderService {
  /** Reservations waiting for their part's next transaction, by part id. */
  private readonly pending = new Map<string, PendingReservation[]>();
  private readonly reserving = new Set<string>();

  /** The admins' order lists, by the shape of their filter (see selection) and what they read. */
  private readonly adminLists = new Map<string, PreparedList<Order>>();
  /** One customer's past orders, newest first (orders_past_by_user): a statement per OrdersRead. */
  private readonly pastOrdersOf = new Map<string, PreparedList<Order>>();
  /** One customer's live orders, newest first (orders_live_by_user_email): a statement per OrdersRead. */
  private readonly liveOrdersOf = new Map<string, PreparedList<Order>>();
  /** How common each trigram of part names is (migration 1764670000000), to look names up by a search's rarest words. */
  private readonly partNameTrigrams: TrigramStatistics;

  constructor(
    private readonly db: DataSource,
    private readonly holds: HoldPolicy,
    private readonly payments: PaymentRelease,
    private readonly counters: ShopCounters,
    private readonly effects: OrderEffects = NO_ORDER_EFFECTS,
  ) {
    this.partNameTrigrams = new TrigramStatistics(db, "part_names_trigram_shares");
  }

  /**
   * Reserves stock and records the order. Every reservation of a part runs under that part's row
   * lock, so concurrent orders, in this process or another, can never oversell, and "one unpaid
   * order per customer and part" is checked race-free (a partial unique index backs it up).
   * Reservations of one part that arrive while its previous transaction runs are made together in
   * the next one: a sale is limited by one commit per batch instead of one per order.
   */
  async place(actor: Actor, input: PlaceOrder): Promise<Order> {
    const customer = authorize(actor, "USER");
    const partId = databaseIdOf(input.partId);
    if (!partId) throw notFound("Part");
    return new Promise<Order>((resolve, reject) => {
      const queue = this.pending.get(partId) ?? [];
      queue.push({ customer, input, resolve, reject });
      this.pending.set(partId, queue);
      if (!this.reserving.has(partId)) void this.reserveQueued(partId);
    });
  }

  private async reserveQueued(partId: string): Promise<void> {
    this.reserving.add(partId);
    try {
      for (let batch = this.pending.get(partId); batch?.length; batch = this.pending.get(partId)) {
        this.pending.delete(partId);
        await this.reserveBatch(partId, batch);
      }
    } finally {
      this.reserving.delete(partId);
    }
  }

  /** One transaction for a batch; each reservation is answered only once it is committed. */
  private async reserveBatch(partId: string, batch: PendingReservation[]): Promise<void> {
    const outcomes = new Map<PendingReservation, Order | Error>();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.transaction(async (tx) => {
          outcomes.clear();
          const [part]: LockedPart[] = await tx.query(
            `SELECT name, price_cents, available, min_order_quantity, retired_at FROM parts WHERE id = $1 FOR UPDATE`,
            [partId],
          );
          if (!part) {
            for (const item of batch) outcomes.set(item, notFound("Part"));
            return;
          }
          const holdings = await lockHoldings(
            tx,
            batch.map((item) => item.customer.databaseId),
          );
          let available = part.available;
          const accepted: Order[] = [];
          for (const item of batch) {
            const customerId = item.customer.databaseId;
            const held = holdings.get(customerId) ?? { orders: 0, cents: 0, parts: new Set<string>() };
            const cents = part.price_cents * item.input.quantity;
            const refusal =
              lineRefusal(part, available, item.input.quantity, held.parts.has(partId)) ??
              holdingsRefusal(this.holds, held, 1, cents);
            if (refusal) {
              outcomes.set(item, refusal);
              continue;
            }
            available -= item.input.quantity;
            held.orders += 1;
            held.cents += cents;
            held.parts.add(partId);
            holdings.set(customerId, held);
            const order = newUnpaidOrder(item.customer, partId, part, item.input);
            accepted.push(order);
            outcomes.set(item, order);
          }
          if (accepted.length === 0) return;
          await this.insertOrders(tx, accepted);
          await tx.query(`UPDATE parts SET available = $2 WHERE id = $1`, [partId, available]);
          await this.effects.reserved(tx, accepted);
        });
        break;
      } catch (error: any) {
        // The lock makes a duplicate impossible here; should the index still object, the batch is
        // made again and the check above answers "Already ordered" for that reservation alone.
        const duplicate = isUniqueViolation(error);
        if (duplicate && attempt < 3) continue;
        for (const item of batch) item.reject(duplicate ? conflict(ALREADY_ORDERED) : error);
        return;
      }
    }
    let placed = 0;
    for (const item of batch) {
      const outcome = outcomes.get(item)!;
      if (outcome instanceof Error) item.reject(outcome);
      else {
        placed++;
        item.resolve(outcome);
      }
    }
    if (placed) this.counters.ordersPlaced(placed);
  }

  /**
   * One statement for the batch's orders (all of one part, at most one per customer), with column
   * arrays rather than a parameter per value; the generated columns come back onto the entities.
   */
  private async insertOrders(tx: EntityManager, orders: Order[]): Promise<void> {
    const [first] = orders;
    const rows: Array<{ id: string; seq: string; created_at: Date; user_id: string; hold_expires_at: Date }> =
      await tx.query(
        `INSERT INTO orders (part_id, part_name, unit_price_cents, status, quantity, total_cents, user_id, user_email, user_name, address, phone, hold_expires_at)
       SELECT $1, $2, $3, 'unpaid', o.quantity, o.total_cents, o.user_id, o.user_email, o.user_name, o.address, o.phone, now() + make_interval(mins => $11)
       FROM unnest($4::int[], $5::int[], $6::uuid[], $7::text[], $8::text[], $9::text[], $10::text[])
         AS o(quantity, total_cents, user_id, user_email, user_name, address, phone)
       RETURNING id, seq, created_at, user_id, hold_expires_at`,
        [
          first.partId,
          first.partName,
          first.unitPriceCents,
          orders.map((o) => o.quantity),
          orders.map((o) => o.totalCents),
          orders.map((o) => o.userId),
          orders.map((o) => o.userEmail),
          orders.map((o) => o.userName),
          orders.map((o) => o.address),
          orders.map((o) => o.phone),
          this.holds.minutes,
        ],
      );
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    for (const order of orders) {
      const row = byUser.get(order.userId)!;
      order.databaseId = row.id;
      order.seq = row.seq;
      order.createdAt = row.created_at;
      order.holdExpiresAt = row.hold_expires_at;
    }
  }

  /** The live (not cancelled) orders of one email: one's own, or anyone's for an admin. */
  listForEmail(actor: Actor, email: string, page: PageRequest, read: OrdersRead = WHOLE_ORDERS): Promise<Page<Order>> {
    const caller = authorize(actor, "USER");
    if (!sameEmail(caller.email, email) && caller.role !== Role.ADMIN) {
      throw forbidden("You can only see your own orders");
    }
    return this.liveOrders(read).page([email.trim().toLowerCase()], page);
  }

  private liveOrders(read: OrdersRead): PreparedList<Order> {
    const name = `live_orders_of_email${readSuffix(read)}`;
    let list = this.liveOrdersOf.get(name);
    if (!list) {
      list = new PreparedList(this.db, Order, {
        name,
        alias: "o",
        where: `"o"."status" <> 'cancelled' AND "o"."user_email" = $1`,
        filterValues: 1,
        direction: "DESC",
        ...readOptions(read),
      });
      this.liveOrdersOf.set(name, list);
    }
    return list;
  }

  /** Orders for admins, newest first: every live order, or as the filter says. */
  async listAll(
    actor: Actor,
    page: PageRequest,
    filter: OrderFilter = {},
    read: OrdersRead = WHOLE_ORDERS,
  ): Promise<Page<Order>> {
    authorize(actor, "ADMIN");
    const { shape, where, values } = await this.selection(filter);
    const name = `admin_orders_${shape}${readSuffix(read)}`;
    let list = this.adminLists.get(name);
    if (!list) {
      list = new PreparedList(this.db, Order, {
        name,
        alias: "o",
        where,
        filterValues: values.length,
        direction: "DESC",
        ...readOptions(read),
      });
      this.adminLists.set(name, list);
    }
    return list.page(values, page);
  }

  /**
   * The orders an admin's filter selects, as a condition on `orders "o"` whose text depends only
   * on its `shape` (the status, and how the search is looked up), so that each shape is one
   * prepared statement: planned once per connection, not on every request (planning is a
   * good part of a search's time at the scale seed). The status is written into the text: a partial index serves
   * it whatever the plan.
   */
  private async selection(filter: OrderFilter): Promise<{ shape: string; where: string; values: unknown[] }> {
    const statusName = filter.status ?? "live";
    const status = filter.status ? STATUS_CONDITIONS.get(filter.status) : `<> 'cancelled'`;
    if (!status) throw badInput("status must be unpaid, paid, cancelled or refunded");
    const ofStatus = (alias: string) => `"${alias}"."status" ${status}`;
    const search = filter.search?.trim();
    if (!search) return { shape: statusName, where: ofStatus("o"), values: [] };
    const pattern = likePattern(search);
    const exact = this.exactMatches(search);
    const { customers, parts } = await this.named(search, pattern);
    if (customers && parts) {
      // A few customers and parts: the seqs of their orders first, each set by its B-tree
      // index, then those orders by their seq index, newest first: as a list the planner sizes
      // small it cannot choose to walk the orders newest first instead, which reads them all
      // when none match (the values as arrays it does not estimate one by one: that took longer
      // than the query), and PostgreSQL 18 walks the seq index backwards by that list, reading
      // only the orders of the page (by id, it read every order found to sort them). The status
      // is checked there too: a shorter list. The orders of parts named so now need no look at
      // their rows (orders_by_part_status): only those of parts once named so are checked by the
      // name they were ordered under, folded as the search is.
      const values: unknown[] = [customers, parts.namedNow, parts.namedBefore, pattern];
      const byExact = exact.conditions((value) => `$${values.push(value)}`, "f", ofStatus("f"));
      return {
        shape: `${statusName}_named${exact.shape}`,
        where: `${ofStatus("o")} AND "o"."seq" = ANY(ARRAY(
             SELECT seq FROM orders f WHERE f.user_email = ANY(ARRAY(SELECT unnest($1::text[]))) AND ${ofStatus("f")}
             UNION ALL SELECT seq FROM orders f WHERE f.user_name = ANY(ARRAY(SELECT unnest($1::text[]))) AND ${ofStatus("f")}
             UNION ALL SELECT seq FROM orders f WHERE f.part_id = ANY(ARRAY(SELECT unnest($2::uuid[]))) AND ${ofStatus("f")}
             UNION ALL SELECT seq FROM orders f WHERE f.part_id = ANY(ARRAY(SELECT unnest($3::uuid[]))) AND fold_text(f.part_name) LIKE fold_text($4) AND ${ofStatus("f")}
             ${byExact.map((condition) => `UNION ALL ${condition}`).join("\n")}))`,
        values,
      };
    }
    // Many: walking the orders newest first finds a page long before the end, so each order
    // walked is checked by its own fields, and its part's name by key (an alias of its own: the
    // list may join the parts as "p").
    const values: unknown[] = [pattern];
    const orExact = exact.conditions((value) => `$${values.push(value)}`, "o", null);
    return {
      shape: `${statusName}_walked${exact.shape}`,
      where: `${ofStatus("o")} AND (fold_text("o"."user_email") LIKE fold_text($1) OR fold_text("o"."user_name") LIKE fold_text($1)
            OR fold_text("o"."part_name") LIKE fold_text($1) OR fold_text((SELECT now_named.name FROM parts now_named WHERE now_named.id = "o"."part_id")) LIKE fold_text($1)
            ${orExact.map((condition) => `OR ${condition}`).join(" ")})`,
      values,
    };
  }

  /**
   * What a search names exactly: an order or a part by id, an order by its number. `conditions`
   * writes them for the orders aliased `alias`: as whole SELECTs of seqs when `status` is given
   * (the named shape), as conditions on the row otherwise (the walked one).
   */
  private exactMatches(search: string) {
    const id = databaseIdOf(search);
    const seq = seqOfOrderNumber(search);
    return {
      shape: `${id ? "_or_id" : ""}${seq ? "_or_number" : ""}`,
      conditions(parameter: (value: unknown) => string, alias: string, status: string | null): string[] {
        const found: string[] = [];
        if (id) {
          const named = parameter(id);
          found.push(`("${alias}"."id" = ${named}::uuid OR "${alias}"."part_id" = ${named}::uuid)`);
        }
        if (seq) found.push(`"${alias}"."seq" = ${parameter(seq)}::bigint`);
        return status
          ? found.map((condition) => `SELECT seq FROM orders ${alias} WHERE ${condition} AND ${status}`)
          : found;
      },
    };
  }

  /**
   * What a search names, in one statement: the emails and names orders have been placed under
   * that match (order_customer_names, migration 1764660000000), the parts with a matching name
   * now and those that only had one (as ordered, or before a rename: part_names, migration
   * 1764640000000), all compared folded (accents off, lower case: fold_text); each null when more than MANY_CUSTOMERS or MANY_PARTS match. Part names are looked up by
   * the search's rarest words where the statistics tell them (trigram-windows.ts), and checked
   * whole; `folded || ''` keeps that check off the index. The lists come back as JSON, which node
   * parses natively: pg reads a PostgreSQL array a character at a time (5% of the shop's time on
   * a search naming a hundred parts).
   */
  private async named(
    search: string,
    pattern: string,
  ): Promise<{ customers: string[] | null; parts: { namedNow: string[]; namedBefore: string[] } | null }> {
    const shares = await this.partNameTrigrams.shares();
    const lookups = shares ? lookupPatterns(search, shares) : [];
    // folded is the name folded once, when it is written (part_names.folded, order_customer_names.folded).
    const partNamed = lookups.length
      ? `${lookups.map((_, i) => `folded LIKE fold_text($${4 + i})`).join(" AND ")} AND (folded || '') LIKE fold_text($1)`
      : "folded LIKE fold_text($1)";
    const [row] = await runStatement<{ customers: string[]; named_now: string[]; named_before: string[] }>(
      this.db,
      `WITH named AS (
         SELECT n.part_id, bool_or(fold_text(p.name) LIKE fold_text($1)) AS now
         FROM (SELECT part_id FROM part_names WHERE ${partNamed} LIMIT $3) n JOIN parts p ON p.id = n.part_id
         GROUP BY n.part_id)
       SELECT (SELECT coalesce(json_agg(name), '[]') FROM (SELECT name FROM order_customer_names WHERE folded LIKE fold_text($1) LIMIT $2) c) AS customers,
              (SELECT coalesce(json_agg(part_id), '[]') FROM named WHERE now) AS named_now,
              (SELECT coalesce(json_agg(part_id), '[]') FROM named WHERE NOT now) AS named_before`,
      [pattern, MANY_CUSTOMERS + 1, MANY_PARTS + 1, ...lookups],
    );
    return {
      customers: row.customers.length > MANY_CUSTOMERS ? null : row.customers,
      // Names, not parts, are counted up to the limit: a part renamed counts twice, a harmless bias.
      parts:
        row.named_now.length + row.named_before.length > MANY_PARTS
          ? null
          : { namedNow: row.named_now, namedBefore: row.named_before },
    };
  }

  /**
   * Every order the filter selects, newest first, in batches read from a server-side cursor in
   * one read-only snapshot: memory stays flat whatever the count. The caller must consume or
   * close the iterator (breaking out of a for-await loop closes it), which ends the transaction
   * and gives the connection back.
   */
  exportOrders(actor: Actor, filter: OrderFilter): AsyncGenerator<OrderExportRow[]> {
    authorize(actor, "ADMIN");
    return this.readCursor(filter);
  }

  private async *readCursor(filter: OrderFilter): AsyncGenerator<OrderExportRow[]> {
    const { where, values } = await this.selection(filter);
    const sql = `SELECT ${ORDER_EXPORT_READS.map((column) => `"o"."${column}"`).join(", ")} FROM orders "o" WHERE ${where} ORDER BY "o"."seq" DESC`;
    const runner = this.db.createQueryRunner();
    await runner.connect();
    let open = false;
    try {
      await runner.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      open = true;
      await runner.query(`DECLARE orders_export NO SCROLL CURSOR FOR ${sql}`, values);
      for (;;) {
        const rows: OrderExportRow[] = await runner.query(`FETCH ${EXPORT_BATCH} FROM orders_export`);
        if (rows.length === 0) break;
        yield rows;
      }
      await runner.query("COMMIT");
      open = false;
    } finally {
      if (open) await runner.query("ROLLBACK").catch(() => undefined);
      await runner.release();
    }
  }

  /**
   * One order, for its owner or an admin; anyone else is told it does not exist. A cancelled one
   * only with `cancelled` (its page shows why; the spec's GET /order/{id} answers 404 as ever).
   */
  async get(actor: Actor, id: string, options: { cancelled?: boolean } = {}): Promise<Order> {
    const caller = authorize(actor, "USER");
    const databaseId = databaseIdOf(id);
    const order = databaseId ? await this.db.getRepository(Order).findOneBy({ databaseId }) : null;
    if (!order || (order.status === OrderStatus.CANCELLED && !options.cancelled) || !this.mayRead(caller, order))
      throw notFound("Order");
    return order;
  }

  /** What happened to an order its caller may read (see order-timeline.ts), oldest first. */
  timeline(order: Order): Promise<OrderEvent[]> {
    return orderTimeline(this.db.manager, order);
  }

  /** A customer's past orders, cancelled or refunded, newest first (orders_past_by_user). */
  listPast(actor: Actor, page: PageRequest, read: OrdersRead = WHOLE_ORDERS): Promise<Page<Order>> {
    const customer = authorize(actor, "USER");
    const name = `past_orders_of_user${readSuffix(read)}`;
    let list = this.pastOrdersOf.get(name);
    if (!list) {
      list = new PreparedList(this.db, Order, {
        name,
        alias: "o",
        where: `"o"."status" IN ('cancelled', 'refunded') AND "o"."user_id" = $1`,
        filterValues: 1,
        direction: "DESC",
        ...readOptions(read),
      });
      this.pastOrdersOf.set(name, list);
    }
    return list.page([customer.databaseId], page);
  }

  /** The owner cancels an unpaid order; the reserved stock goes back and its card payment is called off. */
  cancel(actor: Actor, id: string): Promise<Order> {
    const caller = authorize(actor, "USER");
    return this.cancelWhere(id, (order) => order.userId === caller.databaseId, CancelReason.CUSTOMER);
  }

  /** An admin cancels any unpaid order (the "Delete order" button of the admin order list); the history records it. */
  adminCancel(actor: Actor, id: string): Promise<Order> {
    const admin = authorize(actor, "ADMIN");
    return this.cancelWhere(id, () => true, CancelReason.ADMIN, admin);
  }

  private async cancelWhere(
    id: string,
    allowed: (order: Order) => boolean,
    reason: CancelReason,
    admin?: User,
  ): Promise<Order> {
    const databaseId = databaseIdOf(id);
    if (!databaseId) throw notFound("Order");
    const cancelled = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, databaseId);
      if (!order || order.status === OrderStatus.CANCELLED || !allowed(order)) throw notFound("Order");
      if (order.status === OrderStatus.PAID) throw conflict("A paid order cannot be cancelled");
      if (order.status === OrderStatus.REFUNDED) throw conflict("A refunded order cannot be cancelled");
      const before = orderSnapshot(order);
      // The part first, as a reservation does: the order's update adds to order_totals (a
      // trigger), whose row a reservation of the same part may be waiting for while it holds
      // the part's lock; the other way round the two would deadlock.
      await returnUnits(tx, [order]);
      const cancelledAt = await markCancelled(tx, [order.databaseId], reason);
      Object.assign(order, { status: OrderStatus.CANCELLED, cancelledAt, cancelReason: reason });
      if (admin) {
        await recordAudit(tx, admin, {
          action: AuditAction.ORDER_CANCELLED,
          entityType: AuditEntityType.ORDER,
          entityId: order.databaseId,
          before,
          after: { ...orderSnapshot(order), cancelledAt: cancelledAt.toISOString() },
        });
      }
      await this.effects.cancelled(tx, [order]);
      return order;
    });
    await this.payments.release([cancelled]);
    return cancelled;
  }

  /**
   * Ends the holds that have passed: those orders are cancelled, their units go back on sale and
   * their card payments are called off. Safe to run in every process at once (each order is
   * taken by one transaction) and after any restart (the state is the orders' own). Returns the
   * orders it ended.
   */
  async expireHolds(): Promise<Order[]> {
    const ended: Order[] = [];
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const orders = await lockEndedHolds(tx, EXPIRY_BATCH);
        if (orders.length === 0) return orders;
        await returnUnits(tx, orders);
        const cancelledAt = await markCancelled(
          tx,
          orders.map((order) => order.databaseId),
          CancelReason.HOLD_EXPIRED,
        );
        for (const order of orders)
          Object.assign(order, { status: OrderStatus.CANCELLED, cancelledAt, cancelReason: CancelReason.HOLD_EXPIRED });
        await this.effects.holdsEnded(tx, orders);
        return orders;
      });
      if (batch.length === 0) break;
      this.counters.ordersExpired(batch.length);
      await this.payments.release(batch);
      ended.push(...batch);
      if (batch.length < EXPIRY_BATCH) break;
    }
    return ended;
  }

  private mayRead(caller: User, order: Order): boolean {
    return order.userId === caller.databaseId || caller.role === Role.ADMIN;
  }
}
