import { DataSource, type EntityManager } from "typeorm";
import { Role, User } from "../accounts/user.entity";
import { Actor, authorize, sameEmail } from "../actor";
import { recordAudit } from "../audit/audit.service";
import { AuditAction, AuditEntityType } from "../audit/audit-entry.entity";
import { conflict, forbidden, notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { Page, PageRequest } from "../pagination";
import type { ShopCounters } from "../counters";
import {
  headerIdOfLine,
  lockEndedHolds,
  lockHeaderLines,
  markCancelled,
  orderSnapshot,
  repriceOrder,
  returnUnits,
} from "./order-changes";
export { orderSnapshot } from "./order-changes";
import {
  ALREADY_ORDERED,
  type HoldPolicy,
  holdingsRefusal,
  isUniqueViolation,
  lineRefusal,
  lockHoldings,
  newUnpaidOrder,
} from "./reservation-rules";
import { type Checkout, OrderSource } from "./checkout.entity";
import { CancelReason, Order, OrderStatus } from "./order.entity";
import type { OrderExportRow } from "./order-export";
import { type OrderEvent, orderTimeline } from "./order-timeline";
import { AdminOrderSearch, type OrderFilter } from "./queries/admin-order-search";
import { readOrdersCursor } from "./queries/export-cursor";
import { OrderLists, type OrdersRead, WHOLE_ORDERS } from "./queries/order-lists";
import { insertHeaders, insertUnpaidOrders, lockParts, takeUnits } from "./queries/reservation-writes";

export type { OrderFilter } from "./queries/admin-order-search";
export type { OrdersRead } from "./queries/order-lists";

/** A reservation as the customer asks for it. */
export interface PlaceOrder {
  partId: string;
  quantity: number;
  address: string;
  phone: string;
}

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

export class OrderService {
  /** Reservations waiting for their part's next transaction, by part id. */
  private readonly pending = new Map<string, PendingReservation[]>();
  private readonly reserving = new Set<string>();

  private readonly lists: OrderLists;
  private readonly adminSearch: AdminOrderSearch;

  constructor(
    private readonly db: DataSource,
    private readonly holds: HoldPolicy,
    private readonly payments: PaymentRelease,
    private readonly counters: ShopCounters,
    private readonly effects: OrderEffects = NO_ORDER_EFFECTS,
  ) {
    this.lists = new OrderLists(db);
    this.adminSearch = new AdminOrderSearch(db);
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
          const part = (await lockParts(tx, [partId])).get(partId);
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
          const headers: Checkout[] = [];
          for (const item of batch) {
            const customerId = item.customer.databaseId;
            const held = holdings.get(customerId) ?? { orders: 0, cents: 0, parts: new Set<string>() };
            const refusal = lineRefusal(part, available, item.input.quantity, held.parts.has(partId));
            if (refusal) {
              outcomes.set(item, refusal);
              continue;
            }
            const order = newUnpaidOrder(
              item.customer,
              OrderSource.RESERVATION,
              [{ partId, part, quantity: item.input.quantity }],
              item.input,
            );
            const overBound = holdingsRefusal(this.holds, held, 1, order.header.totalCents);
            if (overBound) {
              outcomes.set(item, overBound);
              continue;
            }
            available -= item.input.quantity;
            held.orders += 1;
            held.cents += order.header.totalCents;
            held.parts.add(partId);
            holdings.set(customerId, held);
            headers.push(order.header);
            accepted.push(...order.lines);
            outcomes.set(item, order.lines[0]);
          }
          if (accepted.length === 0) return;
          await insertHeaders(tx, headers);
          await insertUnpaidOrders(tx, accepted, this.holds.minutes);
          await takeUnits(tx, accepted);
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

  /** The live (not cancelled) orders of one email: one's own, or anyone's for an admin. */
  listForEmail(actor: Actor, email: string, page: PageRequest, read: OrdersRead = WHOLE_ORDERS): Promise<Page<Order>> {
    const caller = authorize(actor, "USER");
    if (!sameEmail(caller.email, email) && caller.role !== Role.ADMIN) {
      throw forbidden("You can only see your own orders");
    }
    return this.lists.liveOfEmail(read).page([email.trim().toLowerCase()], page);
  }

  /** Orders for admins, newest first: every live order, or as the filter says. */
  async listAll(
    actor: Actor,
    page: PageRequest,
    filter: OrderFilter = {},
    read: OrdersRead = WHOLE_ORDERS,
  ): Promise<Page<Order>> {
    authorize(actor, "ADMIN");
    const condition = await this.adminSearch.condition(filter);
    return this.lists.forAdmin(condition, read).page(condition.values, page);
  }

  /**
   * Every order the filter selects, newest first, in batches read from a server-side cursor in
   * one read-only snapshot: memory stays flat whatever the count. The caller must consume or
   * close the iterator (breaking out of a for-await loop closes it), which ends the transaction
   * and gives the connection back.
   */
  exportOrders(actor: Actor, filter: OrderFilter): AsyncGenerator<OrderExportRow[]> {
    authorize(actor, "ADMIN");
    return this.exportCursor(filter);
  }

  private async *exportCursor(filter: OrderFilter): AsyncGenerator<OrderExportRow[]> {
    yield* readOrdersCursor(this.db, await this.adminSearch.condition(filter));
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
    return this.lists.pastOfUser(read).page([customer.databaseId], page);
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
    const headerId = databaseId ? await headerIdOfLine(this.db.manager, databaseId) : null;
    if (!databaseId || !headerId) throw notFound("Order");
    const cancelled = await this.db.transaction(async (tx) => {
      const locked = await lockHeaderLines(tx, headerId);
      const order = locked?.lines.find((line) => line.databaseId === databaseId);
      if (!locked || !order || order.status === OrderStatus.CANCELLED || !allowed(order)) throw notFound("Order");
      if (order.status === OrderStatus.PAID) throw conflict("A paid order cannot be cancelled");
      if (order.status === OrderStatus.REFUNDED) throw conflict("A refunded order cannot be cancelled");
      const before = orderSnapshot(order);
      // The part first, as a reservation does: the order's update adds to order_totals (a
      // trigger), whose row a reservation of the same part may be waiting for while it holds
      // the part's lock; the other way round the two would deadlock.
      await returnUnits(tx, [order]);
      const cancelledAt = await markCancelled(tx, [order.databaseId], reason);
      Object.assign(order, { status: OrderStatus.CANCELLED, cancelledAt, cancelReason: reason });
      await repriceOrder(tx, locked.header, locked.lines);
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
        const ended = await lockEndedHolds(tx, EXPIRY_BATCH);
        const orders = ended.flatMap((order) => order.ended);
        if (orders.length === 0) return orders;
        await returnUnits(tx, orders);
        const cancelledAt = await markCancelled(
          tx,
          orders.map((order) => order.databaseId),
          CancelReason.HOLD_EXPIRED,
        );
        for (const order of orders)
          Object.assign(order, { status: OrderStatus.CANCELLED, cancelledAt, cancelReason: CancelReason.HOLD_EXPIRED });
        for (const { header, lines } of ended) await repriceOrder(tx, header, lines);
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
