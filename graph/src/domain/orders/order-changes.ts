import type { EntityManager } from "typeorm";
import { returnedRows } from "../../db/sql";
import { type AuditActor, recordAudit, SHOP_ITSELF } from "../audit/audit.service";
import { AuditAction, AuditEntityType, type Snapshot } from "../audit/audit-entry.entity";
import { centsToDollars } from "../money";
import { CancelReason, Order, OrderStatus } from "./order.entity";

/**
 * How an order's state changes are written, shared by the services that decide them (a customer
 * or admin cancelling, a hold ending, a payment settling, a refund). Each runs inside the caller's
 * transaction; locks are taken in one order everywhere (the order rows, then their parts by id,
 * then the order updates, whose triggers write the rollups), so these never deadlock each other
 * or a reservation (which locks its part, then inserts).
 */

/** What the history keeps of an order. */
export const orderSnapshot = (order: Order): Snapshot => ({
  status: order.status,
  partId: order.partId,
  partName: order.partName,
  quantity: order.quantity,
  price: order.price,
  userEmail: order.userEmail,
});

const formatDollars = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

/** The order, locked for the rest of the transaction; null when there is none. */
export function lockOrder(tx: EntityManager, databaseId: string): Promise<Order | null> {
  return tx
    .getRepository(Order)
    .createQueryBuilder("o")
    .setLock("pessimistic_write")
    .where(`o.id = :id`, { id: databaseId })
    .getOne();
}

/** Units of cancelled or refunded orders go back on sale, part by part in id order. */
export async function returnUnits(
  tx: EntityManager,
  orders: ReadonlyArray<Pick<Order, "partId" | "quantity">>,
): Promise<void> {
  const units = new Map<string, number>();
  for (const order of orders) units.set(order.partId, (units.get(order.partId) ?? 0) + order.quantity);
  for (const partId of [...units.keys()].sort()) {
    await tx.query(`UPDATE parts SET available = available + $2 WHERE id = $1`, [partId, units.get(partId)]);
  }
}

/** Marks unpaid orders cancelled (their units must be returned in the same transaction); the time they were. */
export async function markCancelled(
  tx: EntityManager,
  orderIds: readonly string[],
  reason: CancelReason,
): Promise<Date> {
  const rows = returnedRows<{ cancelled_at: Date }>(
    await tx.query(
      `UPDATE orders SET status = 'cancelled', cancelled_at = now(), cancel_reason = $2 WHERE id = ANY($1::uuid[]) AND status = 'unpaid' RETURNING cancelled_at`,
      [orderIds, reason],
    ),
  );
  return rows[0]?.cancelled_at ?? new Date();
}

/**
 * Orders whose hold has ended, locked: at most `limit`, skipping any another transaction holds
 * (another process expiring them, a customer paying or cancelling one), so that processes running
 * this together never take the same order.
 */
export function lockEndedHolds(tx: EntityManager, limit: number): Promise<Order[]> {
  return tx
    .getRepository(Order)
    .createQueryBuilder("o")
    .setLock("pessimistic_write")
    .setOnLocked("skip_locked")
    .where(`o.status = 'unpaid' AND o.hold_expires_at <= now()`)
    .orderBy("o.hold_expires_at", "ASC")
    .limit(limit)
    .getMany();
}

/** Marks an unpaid order paid by a payment; false when it was no longer unpaid. */
export async function markPaid(tx: EntityManager, orderId: string, transactionId: string): Promise<boolean> {
  const rows = returnedRows(
    await tx.query(
      `UPDATE orders SET status = 'paid', transaction_id = $2, paid_at = now(), payment_error = NULL WHERE id = $1 AND status = 'unpaid' RETURNING id`,
      [orderId, transactionId],
    ),
  );
  return rows.length > 0;
}

/** Marks a paid order refunded in full (its units must be returned in the same transaction). */
export async function markRefunded(tx: EntityManager, orderId: string): Promise<Date> {
  const [row] = returnedRows<{ refunded_at: Date }>(
    await tx.query(
      `UPDATE orders SET status = 'refunded', refunded_at = now(), refunded_cents = total_cents WHERE id = $1 AND status = 'paid' RETURNING refunded_at`,
      [orderId],
    ),
  );
  return row?.refunded_at ?? new Date();
}

/** Part of a paid order's payment was given back (the order stays paid). */
export async function notePartialRefund(tx: EntityManager, orderId: string, refundedCents: number): Promise<void> {
  await tx.query(`UPDATE orders SET refunded_cents = least($2, total_cents) WHERE id = $1`, [orderId, refundedCents]);
}

/** What the payment provider said of the last failed attempt to pay an unpaid order. */
export async function notePaymentError(tx: EntityManager, orderId: string, message: string): Promise<void> {
  await tx.query(`UPDATE orders SET payment_error = $2 WHERE id = $1 AND status = 'unpaid'`, [
    orderId,
    message.slice(0, 500),
  ]);
}

export async function noteDispute(tx: EntityManager, orderId: string, status: string): Promise<void> {
  await tx.query(`UPDATE orders SET dispute_status = $2 WHERE id = $1`, [orderId, status.slice(0, 32)]);
}

/** The orders a payment paid (one, or a checkout's several), locked in id order. */
export function lockOrdersPaidBy(tx: EntityManager, transactionId: string): Promise<Order[]> {
  return tx
    .getRepository(Order)
    .createQueryBuilder("o")
    .setLock("pessimistic_write")
    .where(`o.transaction_id = :transactionId`, { transactionId })
    .orderBy("o.id", "ASC")
    .getMany();
}

/** A checkout's orders, locked in id order. */
export function lockCheckoutOrders(tx: EntityManager, checkoutId: string): Promise<Order[]> {
  return tx
    .getRepository(Order)
    .createQueryBuilder("o")
    .setLock("pessimistic_write")
    .where(`o.checkout_id = :checkoutId`, { checkoutId })
    .orderBy("o.id", "ASC")
    .getMany();
}

/** A paid order refunded in full: refunded, its units back on sale, the history told who did it. */
export async function recordRefund(tx: EntityManager, order: Order, actor: AuditActor): Promise<Order> {
  const before = orderSnapshot(order);
  await returnUnits(tx, [order]);
  const refundedAt = await markRefunded(tx, order.databaseId);
  Object.assign(order, { status: OrderStatus.REFUNDED, refundedAt, refundedCents: order.totalCents });
  await recordAudit(tx, actor, {
    action: AuditAction.ORDER_REFUNDED,
    entityType: AuditEntityType.ORDER,
    entityId: order.databaseId,
    before,
    after: { ...orderSnapshot(order), refundedAt: refundedAt.toISOString() },
  });
  return order;
}

/** Whether the history already has the automatic refund of this payment for this order. */
export async function giveBackNoted(tx: EntityManager, orderId: string, intentId: string): Promise<boolean> {
  const rows: unknown[] = await tx.query(
    `SELECT 1 FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 AND action = $2 AND after->>'payment' = $3`,
    [orderId, AuditAction.PAYMENT_REFUNDED, intentId],
  );
  return rows.length > 0;
}

/** The history's entry of a payment (or the part of it paying for `order`) given back by the shop itself: why, how much, which refund. */
export async function recordGiveBack(
  tx: EntityManager,
  order: Order,
  given: { intentId: string; refundedCents: number | null; refundId: string | null; why: string; checkoutId?: string },
): Promise<void> {
  await recordAudit(tx, SHOP_ITSELF, {
    action: AuditAction.PAYMENT_REFUNDED,
    entityType: AuditEntityType.ORDER,
    entityId: order.databaseId,
    before: { ...orderSnapshot(order), payment: given.intentId },
    after: {
      ...orderSnapshot(order),
      payment: given.intentId,
      refunded: given.refundedCents === null ? null : formatDollars(given.refundedCents),
      refund: given.refundId,
      why: given.why,
      ...(given.checkoutId ? { checkout: given.checkoutId } : {}),
    },
  });
}
