import { Link } from "react-router-dom";

/** An order's number ("#100042") as a link to its detail page. */
export function OrderNumberLink({ order }: { order: { databaseId: string; number: string } }) {
  return (
    <Link to={`/dashboard/orders/${order.databaseId}`} className="order-number" aria-label={`Order #${order.number}`}>
      #{order.number}
    </Link>
  );
}
