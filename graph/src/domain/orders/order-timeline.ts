import type { EntityManager } from "typeorm";
import { AuditAction } from "../audit/audit-entry.entity";
import { centsToDollars } from "../money";
import { CancelReason, type Order } from "./order.entity";

/** What happened to an order, as its customer and the admins read it on the order's page. */
export enum OrderEventKind {
  PLACED = "placed",
  PAID = "paid",
  CANCELLED = "cancelled",
  EXPIRED = "expired",
  REFUNDED = "refunded",
  PAYMENT_REFUNDED = "payment_refunded",
  DISPUTE = "dispute",
  SHIPPED = "shipped",
  DELIVERED = "delivered",
}

export interface OrderEvent {
  at: Date;
  kind: OrderEventKind;
  description: string;
}

const unitsOf = (after: Record<string, unknown> | null) =>
  `${String(after?.quantity)} ${after?.quantity === 1 ? "unit" : "units"}`;
/** A parcel as the timeline names it: "2 units by UPS, tracking 1Z999AA10123456784". */
const parcelOf = (after: Record<string, unknown> | null) =>
  `${unitsOf(after)} by ${String(after?.carrier)}, tracking ${String(after?.trackingNumber)}`;

const dollars = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

const CANCELLED_BY: Record<CancelReason, string> = {
  [CancelReason.CUSTOMER]: "Cancelled by the customer; the units went back on sale",
  [CancelReason.ADMIN]: "Cancelled by the shop; the units went back on sale",
  [CancelReason.HOLD_EXPIRED]: "The reservation lapsed: it was not paid in time, and the units went back on sale",
};

/** What the dispute statuses Stripe names mean to a customer. */
const DISPUTE_STATUS: Record<string, string> = {
  warning_needs_response: "the card issuer asked about the payment",
  warning_under_review: "the card issuer is looking into the payment",
  warning_closed: "the card issuer's enquiry is closed",
  needs_response: "the payment was disputed with the card issuer",
  under_review: "the dispute is under review",
  won: "the dispute was decided for the shop",
  lost: "the dispute was decided for the customer",
};

/**
 * The order's timeline, oldest first: from its own times (placed, paid, cancelled and why,
 * refunded) and from the history's entries the shop wrote on its own or at Stripe's word (a
 * payment given back, disputes), and its parcels shipped and delivered. Admins' own entries repeat the order's times and are left out;
 * nothing names who did it beyond "the shop".
 */
export async function orderTimeline(manager: EntityManager, order: Order): Promise<OrderEvent[]> {
  const events: OrderEvent[] = [
    {
      at: order.createdAt,
      kind: OrderEventKind.PLACED,
      description: `Placed: ${order.quantity} x ${order.partName}, ${dollars(order.totalCents)}${order.reservedOnItsOwn ? "" : ", with other parts in one checkout"}`,
    },
  ];
  if (order.paidAt)
    events.push({
      at: order.paidAt,
      kind: OrderEventKind.PAID,
      description: `Paid by card, ${dollars(order.totalCents)}`,
    });
  if (order.cancelledAt) {
    const expired = order.cancelReason === CancelReason.HOLD_EXPIRED;
    events.push({
      at: order.cancelledAt,
      kind: expired ? OrderEventKind.EXPIRED : OrderEventKind.CANCELLED,
      description: order.cancelReason ? CANCELLED_BY[order.cancelReason] : "Cancelled; the units went back on sale",
    });
  }
  if (order.refundedAt) {
    events.push({
      at: order.refundedAt,
      kind: OrderEventKind.REFUNDED,
      description: `Refunded in full, ${dollars(order.refundedCents)}; the units went back on sale`,
    });
  }
  const entries: Array<{ at: Date; action: string; after: Record<string, unknown> | null }> = await manager.query(
    `SELECT at, action, after FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 AND action = ANY($2::text[]) ORDER BY seq`,
    [
      order.databaseId,
      [
        AuditAction.PAYMENT_REFUNDED,
        AuditAction.ORDER_DISPUTED,
        AuditAction.ORDER_SHIPPED,
        AuditAction.SHIPMENT_DELIVERED,
      ],
    ],
  );
  for (const entry of entries) {
    if (entry.action === AuditAction.ORDER_SHIPPED) {
      events.push({ at: entry.at, kind: OrderEventKind.SHIPPED, description: `Shipped ${parcelOf(entry.after)}` });
    } else if (entry.action === AuditAction.SHIPMENT_DELIVERED) {
      // The day the admin says it arrived, not when it was recorded.
      const at = typeof entry.after?.deliveredAt === "string" ? new Date(entry.after.deliveredAt) : entry.at;
      events.push({ at, kind: OrderEventKind.DELIVERED, description: `Delivered: ${parcelOf(entry.after)}` });
    } else if (entry.action === AuditAction.PAYMENT_REFUNDED) {
      const refunded = typeof entry.after?.refunded === "string" ? entry.after.refunded : null;
      events.push({
        at: entry.at,
        kind: OrderEventKind.PAYMENT_REFUNDED,
        description: refunded
          ? `A payment the order could not keep was refunded (${refunded}): ${String(entry.after?.why ?? "")}`
          : `A payment the order could not keep was not refunded: ${String(entry.after?.why ?? "")}`,
      });
    } else {
      const status = String(entry.after?.dispute ?? "");
      events.push({
        at: entry.at,
        kind: OrderEventKind.DISPUTE,
        description: `Dispute: ${DISPUTE_STATUS[status] ?? status}`,
      });
    }
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}
