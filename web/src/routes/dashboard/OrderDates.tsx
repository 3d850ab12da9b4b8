import { formatDateTime } from "../../ui/formatFigures";
import "./OrderDates.css";

interface Props {
  order: { createdAt: string; paidAt?: string | null; cancelledAt?: string | null };
}

/** When an order was placed, and paid or cancelled. */
export function OrderDates({ order }: Props) {
  return (
    <dl className="order-dates">
      <div>
        <dt>Placed</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </dd>
      </div>
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
    </dl>
  );
}
