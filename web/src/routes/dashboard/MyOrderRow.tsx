import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "@/gql";
import { formatPrice } from "@/ui/format";
import { DataCell } from "@/ui/DataTable";
import { OrderDates } from "./OrderDates";
import { OrderStatusBadge } from "./OrderStatusBadge";

export const MyOrderRowFragment = graphql(`
  fragment MyOrderRow_order on Order {
    id
    databaseId
    partName
    quantity
    price
    status
    paid
    transactionId
    createdAt
    paidAt
    reservedUntil
    refundedAt
    disputeStatus
    paymentError
  }
`);

interface Props {
  order: FragmentType<typeof MyOrderRowFragment>;
  index: number;
  cancelling: boolean;
  onCancel: (order: { id: string; partName: string }) => void;
}

export function MyOrderRow({ order: orderRef, index, cancelling, onCancel }: Props) {
  const order = getFragmentData(MyOrderRowFragment, orderRef);
  return (
    <tr>
      <DataCell label="#" kind="number">
        {index + 1}
      </DataCell>
      <DataCell label="Part">{order.partName}</DataCell>
      <DataCell label="Quantity" kind="number">
        {order.quantity}
      </DataCell>
      <DataCell label="Total" kind="number">
        {formatPrice(order.price)}
      </DataCell>
      <DataCell label="Dates">
        <OrderDates order={order} />
      </DataCell>
      <DataCell label="Status">
        <OrderStatusBadge order={order} paidLabel="Shipped" />
        {order.status !== "UNPAID" && order.transactionId && (
          <p className="small">
            Transaction id: <code>{order.transactionId}</code>
          </p>
        )}
      </DataCell>
      <DataCell label="Actions" kind="actions">
        {order.status === "UNPAID" && (
          <div className="row-actions">
            <Link
              to={`/dashboard/payment/${order.databaseId}`}
              className="btn btn--small btn--primary"
              aria-label={`Pay for ${order.partName}`}
            >
              Pay
            </Link>
            <button
              type="button"
              className="btn btn--small btn--danger"
              disabled={cancelling}
              onClick={() => onCancel({ id: order.id, partName: order.partName })}
              aria-label={`Cancel order for ${order.partName}`}
            >
              {cancelling ? "Cancelling…" : "Cancel"}
            </button>
          </div>
        )}
      </DataCell>
    </tr>
  );
}
