import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import type { Reference } from "@apollo/client";
import { graphql } from "@/lib/gql";
import { errorMessage, isAuthError } from "@/lib/apollo/errors";
import { clearAccessToken } from "@/lib/auth/accessToken";
import { useAuth } from "@/lib/auth/AuthContext";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { useToast } from "@/ui/toast";
import { MyOrderRow } from "@/features/orders/MyOrderRow";
import { DataTable } from "@/ui/DataTable";
// The heading row with its link (the admin lists' .page-heading).
import "./admin/adminLists.css";

export const ORDERS_PAGE_SIZE = 10;

export const MyOrdersDocument = graphql(`
  query MyOrders($first: Int, $after: String) {
    viewer {
      id
      orders(first: $first, after: $after) {
        edges {
          cursor
          node {
            id
            status
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

export const CancelOrderDocument = graphql(`
  mutation CancelOrder($id: ID!) {
    cancelOrder(id: $id) {
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

interface EdgeRef {
  node: Reference;
}

export function MyOrdersPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [cancellingId, setCancellingId] = useState<string | null>(null);
  // Orders change elsewhere (a new reservation, a payment): show the cache, then refresh it.
  const { data, loading, error, refetch, fetchMore } = useQuery(MyOrdersDocument, {
    variables: { first: ORDERS_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const [cancelOrder] = useMutation(CancelOrderDocument);

  // docs/product.md, "States": when the orders call is refused (401/403), sign out, drop the token and go home.
  // A null viewer means the server did not accept our token either.
  const refused = isAuthError(error) || data?.viewer === null;
  const signedOutOnce = useRef(false);
  useEffect(() => {
    if (!refused || signedOutOnce.current) return;
    signedOutOnce.current = true;
    clearAccessToken();
    void signOut().catch(() => undefined);
    navigate("/", { replace: true });
  }, [refused, signOut, navigate]);

  const viewer = data?.viewer;
  const onCancel = async (order: { id: string; partName: string }) => {
    if (!window.confirm(`Are you sure you want to cancel your order for ${order.partName}?`)) return;
    setCancellingId(order.id);
    try {
      await cancelOrder({
        variables: { id: order.id },
        update(cache) {
          if (!viewer) return;
          cache.modify<{ orders: { edges: EdgeRef[] } }>({
            id: cache.identify(viewer),
            fields: {
              orders(existing, { readField }) {
                const connection = existing as unknown as { edges: EdgeRef[] };
                return {
                  ...connection,
                  edges: connection.edges.filter((edge) => readField("id", edge.node) !== order.id),
                } as typeof existing;
              },
            },
          });
        },
      });
      toast.success("succeffully deleted");
    } catch (cancelError) {
      toast.error(errorMessage(cancelError));
    } finally {
      setCancellingId(null);
    }
  };

  if (!data && loading) return <Spinner label="Loading your orders…" />;
  if (refused) return <Spinner label="Signing out…" />;
  if (!data && error)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load your orders"
      />
    );

  const edges = (viewer?.orders.edges ?? []).filter((edge) => edge.node.status !== "CANCELLED");
  return (
    <div className="dashboard-page">
      <div className="page-heading">
        <h1>My Orders</h1>
        <Link to="/dashboard/past_orders" className="btn btn--outline btn--small">
          Past orders
        </Link>
      </div>
      {edges.length === 0 ? (
        <EmptyState>
          <p>You have no orders yet.</p>
          <Link to="/" className="btn btn--primary">
            Browse parts
          </Link>
        </EmptyState>
      ) : (
        <>
          <DataTable
            caption="Your orders"
            columns={["#", "Order", "Part", "Quantity", "Total", "Dates", "Status", "Actions"]}
          >
            {edges.map((edge, index) => (
              <MyOrderRow
                key={edge.node.id}
                order={edge.node}
                index={index}
                actions={{ cancelling: cancellingId === edge.node.id, onCancel }}
              />
            ))}
          </DataTable>
          {viewer && (
            <LoadMoreButton
              pageInfo={viewer.orders.pageInfo}
              label="Load more orders"
              onLoadMore={(after) => fetchMore({ variables: { after } })}
            />
          )}
        </>
      )}
    </div>
  );
}
