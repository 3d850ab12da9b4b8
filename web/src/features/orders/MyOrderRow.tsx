import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { formatPrice } from "@/ui/format";
import { DataCell } from "@/ui/DataTable";
import { OrderDates } from "./OrderDates";
import { OrderStatusBadge } from "./OrderStatusBadge";
import { OrderNumberLink } from "./OrderNumberLink";
import { FulfilmentBadge } from "@/features/fulfilment";

export const MyOrderRowFragment = graphql(`
  fragment MyOrderRow_order on Order {
    id
    databaseId
    number
    partName
    quantity
    price
    status
    transactionId
    createdAt
    paidAt
    cancelledAt
    reservedUntil
    refundedAt
    disputeStatus
    paymentError
    fulfilment
  }
`);

interface Props {
  order: FragmentType<typeof MyOrderRowFragment>;
  index: number;
  /** Past orders (cancelled, refunded) have no Actions column. */
  actions?: {
    cancelling: boolean;
    onCancel: (order: { id: string; partName: string }) => void;
  };
}

export function MyOrderRow({ order: orderRef, index, actions }: Props) {
  const order = getFragmentData(MyOrderRowFragment, orderRef);
  return (
    <tr>
      <DataCell label="#" kind="number">
        {index + 1}
      </DataCell>
      <DataCell label="Order">
        <OrderNumberLink order={order} />
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
        <FulfilmentBadge fulfilment={order.fulfilment} />
        {order.status !== "UNPAID" && order.transactionId && (
          <p className="small">
            Transaction id: <code>{order.transactionId}</code>
          </p>
        )}
      </DataCell>
      {actions && (
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
                disabled={actions.cancelling}
                onClick={() => actions.onCancel({ id: order.id, partName: order.partName })}
                aria-label={`Cancel order for ${order.partName}`}
              >
                {actions.cancelling ? "Cancelling…" : "Cancel"}
              </button>
            </div>
          )}
        </DataCell>
      )}
    </tr>
  );
}
