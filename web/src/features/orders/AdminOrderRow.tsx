import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { formatPrice } from "@/ui/format";
import { DataCell } from "@/ui/DataTable";
import { OrderDates } from "./OrderDates";
import { OrderStatusBadge } from "./OrderStatusBadge";
import { OrderNumberLink } from "./OrderNumberLink";
import { FulfilmentBadge } from "@/features/fulfilment";

export const AdminOrderRowFragment = graphql(`
  fragment AdminOrderRow_order on Order {
    id
    databaseId
    number
    partName
    quantity
    total
    userName
    userEmail
    status
    createdAt
    paidAt
    cancelledAt
    refundedAt
    disputeStatus
    paymentError
    fulfilment
  }
`);

interface Props {
  order: FragmentType<typeof AdminOrderRowFragment>;
  index: number;
  deleting: boolean;
  onDelete: (order: { id: string; partName: string; userEmail: string }) => void;
  refunding: boolean;
  onRefund: (order: { id: string; partName: string; userEmail: string; price: number }) => void;
}

export function AdminOrderRow({ order: orderRef, index, deleting, onDelete, refunding, onRefund }: Props) {
  const order = getFragmentData(AdminOrderRowFragment, orderRef);
  return (
    <tr>
      <DataCell label="#" kind="number">
        {index + 1}
      </DataCell>
      <DataCell label="Customer">
        {order.userName}
        <br />
        <span className="small">{order.userEmail}</span>
        <br />
        {/* The order's number (what a customer quotes) sits here: the table has no room for a column more. */}
        <OrderNumberLink order={order} />
      </DataCell>
      <DataCell label="Part">{order.partName}</DataCell>
      <DataCell label="Quantity" kind="number">
        {order.quantity}
      </DataCell>
      {/* What the line costs with its shares of shipping and tax: what it was charged, and what a refund gives back. */}
      <DataCell label="Total" kind="number">
        {formatPrice(order.total)}
      </DataCell>
      <DataCell label="Dates">
        <OrderDates order={order} />
      </DataCell>
      <DataCell label="Status">
        <OrderStatusBadge order={order} paidLabel="Paid" />
        <FulfilmentBadge fulfilment={order.fulfilment} />
      </DataCell>
      <DataCell label="Actions" kind="actions">
        {order.status === "PAID" ? (
          <div className="row-actions">
            <button type="button" className="btn btn--small" disabled>
              Confirm Order
            </button>
            <button
              type="button"
              className="btn btn--small btn--danger"
              disabled={refunding}
              onClick={() =>
                onRefund({ id: order.id, partName: order.partName, userEmail: order.userEmail, price: order.total })
              }
              aria-label={`Refund the order of ${order.userEmail} for ${order.partName}`}
            >
              {refunding ? "Refunding…" : "Refund"}
            </button>
          </div>
        ) : order.status !== "UNPAID" ? null : (
          <button
            type="button"
            className="btn btn--small btn--danger"
            disabled={deleting}
            onClick={() => onDelete({ id: order.id, partName: order.partName, userEmail: order.userEmail })}
          >
            {deleting ? "Deleting…" : "Delete order"}
          </button>
        )}
      </DataCell>
    </tr>
  );
}
