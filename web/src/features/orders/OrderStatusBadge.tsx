import type { OrderStatus } from "@/lib/gql/graphql";

interface Props {
  order: { status: OrderStatus; disputeStatus?: string | null; paymentError?: string | null };
  /** The customer's word for a paid order is the spec's "Shipped"; admins read "Paid". */
  paidLabel: "Shipped" | "Paid";
}

const DISPUTE_LABELS: Record<string, string> = {
  warning_needs_response: "Payment disputed: answer needed",
  needs_response: "Payment disputed: answer needed",
  warning_under_review: "Payment disputed: under review",
  under_review: "Payment disputed: under review",
  won: "Dispute won",
  lost: "Dispute lost: payment taken back",
  warning_closed: "Dispute closed",
};

/** Where an order stands, with what the payment provider said of a failed attempt or a dispute. */
export function OrderStatusBadge({ order, paidLabel }: Props) {
  return (
    <>
      {order.status === "PAID" && <span className="badge badge--success">{paidLabel}</span>}
      {order.status === "UNPAID" && <span className="badge badge--warning">Unpaid</span>}
      {order.status === "REFUNDED" && <span className="badge badge--info">Refunded</span>}
      {order.status === "CANCELLED" && <span className="badge">Cancelled</span>}
      {order.disputeStatus && (
        <p className="small">{DISPUTE_LABELS[order.disputeStatus] ?? `Payment disputed (${order.disputeStatus})`}</p>
      )}
      {order.status === "UNPAID" && order.paymentError && (
        <p className="small">Last payment attempt: {order.paymentError}</p>
      )}
    </>
  );
}
