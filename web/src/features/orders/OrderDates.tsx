import { formatDateTime } from "@/ui/formatFigures";
import "./OrderDates.css";

interface Props {
  order: {
    createdAt: string;
    paidAt?: string | null;
    cancelledAt?: string | null;
    reservedUntil?: string | null;
    refundedAt?: string | null;
  };
}

/** When an order was placed, until when it is reserved, and when it was paid, cancelled or refunded. */
export function OrderDates({ order }: Props) {
  return (
    <dl className="order-dates">
      <div>
        <dt>Placed</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </dd>
      </div>
      {order.reservedUntil && (
        <div>
          <dt>Reserved until</dt>
          <dd>
            <time dateTime={order.reservedUntil}>{formatDateTime(order.reservedUntil)}</time>
          </dd>
        </div>
      )}
      {order.paidAt && (
        <div>
          <dt>Paid</dt>
          <dd>
            <time dateTime={order.paidAt}>{formatDateTime(order.paidAt)}</time>
          </dd>
        </div>
      )}
      {order.cancelledAt && (
        <div>
          <dt>Cancelled</dt>
          <dd>
            <time dateTime={order.cancelledAt}>{formatDateTime(order.cancelledAt)}</time>
          </dd>
        </div>
      )}
      {order.refundedAt && (
        <div>
          <dt>Refunded</dt>
          <dd>
            <time dateTime={order.refundedAt}>{formatDateTime(order.refundedAt)}</time>
          </dd>
        </div>
      )}
    </dl>
  );
}
