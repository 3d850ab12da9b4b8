import { Link } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { DataTable } from "@/ui/DataTable";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { Spinner } from "@/ui/Spinner";
import { MyOrderRow } from "@/features/orders/MyOrderRow";
import { ORDERS_PAGE_SIZE } from "./MyOrdersPage";
import "./admin/adminLists.css";

export const PastOrdersDocument = graphql(`
  query PastOrders($first: Int, $after: String) {
    viewer {
      id
      pastOrders(first: $first, after: $after) {
        edges {
          cursor
          node {
            id
            ...MyOrderRow_order
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

/** The customer's cancelled and refunded orders, newest first: they stay visible here. */
export function PastOrdersPage() {
  const { data, loading, error, refetch, fetchMore } = useQuery(PastOrdersDocument, {
    variables: { first: ORDERS_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  if (!data && loading) return <Spinner label="Loading your past orders…" />;
  if (!data && error)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load your past orders"
      />
    );
  const connection = data?.viewer?.pastOrders;
  const edges = connection?.edges ?? [];
  return (
    <div className="dashboard-page">
      <div className="page-heading">
        <h1>Past orders</h1>
        <Link to="/dashboard/my_orders" className="btn btn--outline btn--small">
          My Orders
        </Link>
      </div>
      <p className="page-intro">Orders that were cancelled or refunded.</p>
      {edges.length === 0 ? (
        <EmptyState>
          <p>You have no cancelled or refunded orders.</p>
        </EmptyState>
      ) : (
        <>
          <DataTable
            caption="Your past orders"
            columns={["#", "Order", "Part", "Quantity", "Total", "Dates", "Status"]}
          >
            {edges.map((edge, index) => (
              <MyOrderRow key={edge.node.id} order={edge.node} index={index} />
            ))}
          </DataTable>
          {connection && (
            <LoadMoreButton
              pageInfo={connection.pageInfo}
              label="Load more orders"
              onLoadMore={(after) => fetchMore({ variables: { after } })}
            />
          )}
        </>
      )}
    </div>
  );
}
