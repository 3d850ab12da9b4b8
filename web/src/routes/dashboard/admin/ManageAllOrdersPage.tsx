import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../../gql";
import { errorMessage } from "../../../apollo/errors";
import { Spinner } from "../../../ui/Spinner";
import { EmptyState, ErrorState } from "../../../ui/QueryStates";
import { LoadMoreButton } from "../../../ui/LoadMoreButton";
import { useToast } from "../../../ui/toast";
import { AdminOrderRow } from "./AdminOrderRow";
import { removeFromRootConnection } from "./connectionCache";
import { DataTable } from "../../../ui/DataTable";

export const AllOrdersDocument = graphql(`
  query AllOrders($first: Int, $after: String) {
    orders(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          status
          ...AdminOrderRow_order
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const AdminCancelOrderDocument = graphql(`
  mutation AdminCancelOrder($id: ID!) {
    adminCancelOrder(id: $id) {
      id
      status
      paid
      part {
        id
        available
      }
    }
  }
`);

export function ManageAllOrdersPage() {
  const toast = useToast();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const { data, loading, error, refetch, fetchMore } = useQuery(AllOrdersDocument, { variables: { first: 20 }, fetchPolicy: "cache-and-network" });
  const [adminCancelOrder] = useMutation(AdminCancelOrderDocument);

  const onDelete = async (order: { id: string; partName: string; userEmail: string }) => {
    if (!window.confirm(`Delete the order of ${order.userEmail} for ${order.partName}? Its stock goes back on sale.`)) return;
    setDeletingId(order.id);
    try {
      await adminCancelOrder({ variables: { id: order.id }, update: (cache) => removeFromRootConnection(cache, "orders", order.id) });
      toast.success(`Order for ${order.partName} deleted`);
    } catch (deleteError) {
      toast.error(errorMessage(deleteError));
    } finally {
      setDeletingId(null);
    }
  };

  if (!data && loading) return <Spinner label="Loading orders…" />;
  if (!data && error) return <ErrorState error={error} onRetry={() => void refetch().catch(() => undefined)} title="Could not load the orders" />;
  const edges = (data?.orders.edges ?? []).filter((edge) => edge.node.status !== "CANCELLED");
  return (
    <div className="dashboard-page">
      <h1>Manage All Orders</h1>
      {edges.length === 0 ? (
        <EmptyState>No orders yet.</EmptyState>
      ) : (
        <>
          <DataTable caption="All orders" columns={["#", "Customer", "Part", "Quantity", "Total", "Status", "Actions"]}>
            {edges.map((edge, index) => (
              <AdminOrderRow key={edge.node.id} order={edge.node} index={index} deleting={deletingId === edge.node.id} onDelete={onDelete} />
            ))}
          </DataTable>
          {data && <LoadMoreButton pageInfo={data.orders.pageInfo} label="Load more orders" onLoadMore={(after) => fetchMore({ variables: { after } })} />}
        </>
      )}
    </div>
  );
}
