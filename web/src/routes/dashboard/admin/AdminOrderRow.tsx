import { graphql, getFragmentData, type FragmentType } from "../../../gql";
import { formatPrice } from "../../../ui/format";

export const AdminOrderRowFragment = graphql(`
  fragment AdminOrderRow_order on Order {
    id
    databaseId
    partName
    quantity
    price
    userName
    userEmail
    paid
    status
    transactionId
  }
`);

interface Props {
  order: FragmentType<typeof AdminOrderRowFragment>;
  index: number;
  deleting: boolean;
  onDelete: (order: { id: string; partName: string; userEmail: string }) => void;
}

export function AdminOrderRow({ order: orderRef, index, deleting, onDelete }: Props) {
  const order = getFragmentData(AdminOrderRowFragment, orderRef);
  return (
    <tr>
      <td data-label="#">{index + 1}</td>
      <td data-label="Customer">
        {order.userName}
        <br />
        <span className="small">{order.userEmail}</span>
      </td>
      <td data-label="Part">{order.partName}</td>
      <td data-label="Quantity">{order.quantity}</td>
      <td data-label="Total">{formatPrice(order.price)}</td>
      <td data-label="Status">
        {order.paid ? <span className="badge badge--success">Paid</span> : <span className="badge badge--warning">Unpaid</span>}
      </td>
      <td data-label="Actions">
        {order.paid ? (
          <button type="button" className="btn btn--small" disabled>
            Confirm Order
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--small btn--danger"
            disabled={deleting}
            onClick={() => onDelete({ id: order.id, partName: order.partName, userEmail: order.userEmail })}
          >
            {deleting ? "Deleting…" : "Delete order"}
          </button>
        )}
      </td>
    </tr>
  );
}
