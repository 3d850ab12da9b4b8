import type { EntityManager } from "typeorm";
import { returnedRows } from "../../db/sql";
import { type AuditActor, recordAudit, SHOP_ITSELF } from "../audit/audit.service";
import { AuditAction, AuditEntityType, type Snapshot } from "../audit/audit-entry.entity";
import { centsToDollars } from "../money";
import { requote } from "../pricing/quote";
import { Checkout } from "./checkout.entity";
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
 * Orders whose hold has ended, header first then every line, at most `limit` orders, skipping any
 * another transaction holds (another process expiring them, a customer paying or cancelling), so
 * that processes running this together never take the same order. `ended`: the lines to cancel.
 */
export async function lockEndedHolds(
  tx: EntityManager,
  limit: number,
): Promise<Array<{ header: Checkout; lines: Order[]; ended: Order[] }>> {
  const headers = await tx
    .getRepository(Checkout)
    .createQueryBuilder("c")
    .setLock("pessimistic_write")
    .setOnLocked("skip_locked")
    .where(
      `c.id IN (SELECT o.checkout_id FROM orders o WHERE o.status = 'unpaid' AND o.hold_expires_at <= now() ORDER BY o.hold_expires_at LIMIT :limit)`,
      { limit },
    )
    .orderBy("c.id", "ASC")
    .getMany();
  if (headers.length === 0) return [];
  const lines = await tx
    .getRepository(Order)
    .createQueryBuilder("o")
    .setLock("pessimistic_write")
    .addSelect(`o.status = 'unpaid' AND o.hold_expires_at <= now()`, "ended")
    .where(`o.checkout_id IN (:...ids)`, { ids: headers.map((header) => header.databaseId) })
    .orderBy("o.id", "ASC")
    .getRawAndEntities();
  const endedIds = new Set(
    lines.raw.filter((row: { ended: boolean }) => row.ended).map((row: { o_id: string }) => row.o_id),
  );
  return headers.map((header) => {
    const own = lines.entities.filter((line) => line.checkoutId === header.databaseId);
    return { header, lines: own, ended: own.filter((line) => endedIds.has(line.databaseId)) };
  });
}

/**
 * Prices an order again once lines were cancelled: its order-level amounts, as the header held
 * them before (a discount never more than what is left; the shipping and the shipping's own tax),
 * spread over the lines it keeps, each keeping its own tax. The header follows its lines (the
 * database adds their figures up); lines already paid keep what they were paid at. `header` is as
 * it was read under its lock, before the cancellation.
 */
export async function repriceOrder(tx: EntityManager, header: Checkout, lines: readonly Order[]): Promise<void> {
  const live = lines.filter((line) => line.status !== OrderStatus.CANCELLED);
  const priced = requote(header, live);
  for (const line of priced.lines) {
    const { discountCents, shippingCents, taxCents, totalCents } = line.line;
    const same =
      line.discountCents === discountCents &&
      line.shippingCents === shippingCents &&
      line.taxCents === taxCents &&
      line.totalCents === totalCents;
    if (line.line.status !== OrderStatus.UNPAID || same) continue;
    await tx.query(
      `UPDATE orders SET discount_cents = $2, shipping_cents = $3, tax_cents = $4, total_cents = $5 WHERE id = $1 AND status = 'unpaid'`,
      [line.line.databaseId, line.discountCents, line.shippingCents, line.taxCents, line.totalCents],
    );
    Object.assign(line.line, {
      discountCents: line.discountCents,
      shippingCents: line.shippingCents,
      taxCents: line.taxCents,
      totalCents: line.totalCents,
    });
  }
  Object.assign(header, {
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    shippingCents: priced.shippingCents,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
  });
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

/** What the payment provider said of the last failed attempt to pay an order: on its lines still unpaid. */
export async function notePaymentError(tx: EntityManager, headerId: string, message: string): Promise<void> {
  await tx.query(`UPDATE orders SET payment_error = $2 WHERE checkout_id = $1 AND status = 'unpaid'`, [
    headerId,
    message.slice(0, 500),
  ]);
}

export async function noteDispute(tx: EntityManager, orderId: string, status: string): Promise<void> {
  await tx.query(`UPDATE orders SET dispute_status = $2 WHERE id = $1`, [orderId, status.slice(0, 32)]);
}

/** An order's header with its lines, oldest line first; null when there is none. */
export async function readHeader(manager: EntityManager, headerId: string): Promise<Checkout | null> {
  const header = await manager.getRepository(Checkout).findOneBy({ databaseId: headerId });
  if (!header) return null;
  header.orders = await manager.getRepository(Order).find({ where: { checkoutId: headerId }, order: { seq: "ASC" } });
  return header;
}

/**
 * An order's header locked, then its lines in id order: the order every transaction that changes
 * an order's payment or lines takes its locks in (a line's header before the line), so that
 * payments, refunds and cancellations never deadlock one another. Null when there is no header.
 */
export async function lockHeaderLines(
  tx: EntityManager,
  headerId: string,
): Promise<{ header: Checkout; lines: Order[] } | null> {
  const header = await tx
    .getRepository(Checkout)
    .createQueryBuilder("c")
    .setLock("pessimistic_write")
    .where(`c.id = :headerId`, { headerId })
    .getOne();
  if (!header) return null;
  const lines = await tx
    .getRepository(Order)
    .createQueryBuilder("o")
    .setLock("pessimistic_write")
    .where(`o.checkout_id = :headerId`, { headerId })
    .orderBy("o.id", "ASC")
    .getMany();
  header.orders = [...lines].sort((a, b) => Number(a.seq) - Number(b.seq));
  return { header, lines };
}

/** The order (header) a line belongs to; null when there is no such line. */
export async function headerIdOfLine(manager: EntityManager, lineId: string): Promise<string | null> {
  const [row]: Array<{ checkout_id: string }> = await manager.query(`SELECT checkout_id FROM orders WHERE id = $1`, [
    lineId,
  ]);
  return row?.checkout_id ?? null;
}

/** The orders (headers) whose lines a payment paid, in id order: one, unless the data says otherwise. */
export async function headerIdsPaidBy(manager: EntityManager, transactionId: string): Promise<string[]> {
  const rows: Array<{ checkout_id: string }> = await manager.query(
    `SELECT DISTINCT checkout_id FROM orders WHERE transaction_id = $1 ORDER BY checkout_id`,
    [transactionId],
  );
  return rows.map((row) => row.checkout_id);
}

/** The PaymentIntent now open for an order; its unpaid lines name it too, for processes of the previous release. */
export async function rememberPaymentIntent(manager: EntityManager, headerId: string, intentId: string): Promise<void> {
  await manager.query(`UPDATE checkouts SET payment_intent_id = $2 WHERE id = $1`, [headerId, intentId]);
  await manager.query(`UPDATE orders SET payment_intent_id = $2 WHERE checkout_id = $1 AND status = 'unpaid'`, [
    headerId,
    intentId,
  ]);
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
