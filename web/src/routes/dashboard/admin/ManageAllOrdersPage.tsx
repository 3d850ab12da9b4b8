import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { errorMessage } from "@/lib/apollo/errors";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { useToast } from "@/ui/toast";
import { formatPrice } from "@/ui/format";
import { AdminOrderRow } from "@/features/orders/AdminOrderRow";
import { removeFromRootConnection } from "./connectionCache";
import { DataTable } from "@/ui/DataTable";
import { FilterSelect, ListFilters } from "@/ui/ListFilters";
import { downloadOrdersCsv, type OrderFilters } from "./ordersExport";
import "./adminLists.css";

export const AllOrdersDocument = graphql(`
  query AllOrders($first: Int, $after: String, $status: OrderStatus, $search: String) {
    orders(first: $first, after: $after, status: $status, search: $search) {
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
      cancelledAt
      part {
        id
        available
      }
    }
  }
`);

export const RefundOrderDocument = graphql(`
  mutation RefundOrder($id: ID!) {
    refundOrder(id: $id) {
      id
      status
      paid
      refundedAt
      part {
        id
        available
      }
    }
  }
`);

const STATUS = { unpaid: "UNPAID", paid: "PAID", refunded: "REFUNDED", cancelled: "CANCELLED" } as const;
const STATUS_OPTIONS: ReadonlyArray<{ value: NonNullable<OrderFilters["status"]> | ""; label: string }> = [
  { value: "", label: "All orders" },
  { value: "unpaid", label: "Unpaid" },
  { value: "paid", label: "Paid" },
  { value: "refunded", label: "Refunded" },
  { value: "cancelled", label: "Cancelled" },
];
const isStatus = (value: string | null): value is keyof typeof STATUS => value !== null && value in STATUS;

/** The filters live in the address (?status=unpaid&search=...), so a view can be shared or come back to. */
function useOrderFilters(): OrderFilters & { set: (next: OrderFilters) => void } {
  const [params, setParams] = useSearchParams();
  const status = params.get("status");
  const filters: OrderFilters = {
    status: isStatus(status) ? status : undefined,
    search: params.get("search")?.trim() || undefined,
  };
  return {
    ...filters,
    set(next) {
      const merged = { ...filters, ...next };
      const query = new URLSearchParams();
      if (merged.status) query.set("status", merged.status);
      if (merged.search?.trim()) query.set("search", merged.search.trim());
      setParams(query, { replace: true });
    },
  };
}

export function ManageAllOrdersPage() {
  const toast = useToast();
  const filters = useOrderFilters();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [refundingId, setRefundingId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const variables = {
    first: 20,
    ...(filters.status ? { status: STATUS[filters.status] } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  };
  const { data, loading, error, refetch, fetchMore } = useQuery(AllOrdersDocument, {
    variables,
    fetchPolicy: "cache-and-network",
  });
  const [adminCancelOrder] = useMutation(AdminCancelOrderDocument);
  const [refundOrder] = useMutation(RefundOrderDocument);

  const onRefund = async (order: { id: string; partName: string; userEmail: string; price: number }) => {
    const amount = formatPrice(order.price);
    if (
      !window.confirm(
        `Refund ${amount} to ${order.userEmail} for ${order.partName}? The card is refunded and the units go back on sale.`,
      )
    )
      return;
    setRefundingId(order.id);
    try {
      await refundOrder({ variables: { id: order.id } });
      toast.success(`Refunded ${amount} for ${order.partName}`);
    } catch (refundError) {
      toast.error(errorMessage(refundError));
    } finally {
      setRefundingId(null);
    }
  };

  const onDelete = async (order: { id: string; partName: string; userEmail: string }) => {
    if (!window.confirm(`Delete the order of ${order.userEmail} for ${order.partName}? Its stock goes back on sale.`))
      return;
    setDeletingId(order.id);
    try {
      await adminCancelOrder({
        variables: { id: order.id },
        update: (cache) => removeFromRootConnection(cache, "orders", order.id),
      });
      toast.success(`Order for ${order.partName} deleted`);
    } catch (deleteError) {
      toast.error(errorMessage(deleteError));
    } finally {
      setDeletingId(null);
    }
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv({ status: filters.status, search: filters.search });
    } catch (exportError) {
      toast.error(errorMessage(exportError));
    } finally {
      setExporting(false);
    }
  };

  const filtered = Boolean(filters.status || filters.search);
  // An order deleted here leaves the list at once, unless cancelled orders are what is shown.
  const edges = (data?.orders.edges ?? []).filter(
    (edge) => filters.status === "cancelled" || edge.node.status !== "CANCELLED",
  );
  return (
    <div className="dashboard-page">
      <div className="page-heading">
        <h1>Manage All Orders</h1>
        <button type="button" className="btn btn--outline" onClick={() => void onExport()} disabled={exporting}>
          {exporting ? "Exporting…" : "Export CSV"}
        </button>
      </div>
      <ListFilters
        name="Orders"
        searchId="orders-search"
        searchLabel="Search orders"
        placeholder="Customer, part or order number"
        search={filters.search ?? ""}
        onSearch={(text) => filters.set({ search: text })}
        onClear={filtered ? () => filters.set({ status: undefined, search: undefined }) : undefined}
      >
        <FilterSelect
          id="orders-status"
          label="Show"
          value={filters.status ?? ""}
          options={STATUS_OPTIONS}
          onChange={(status) => filters.set({ status: status || undefined })}
        />
      </ListFilters>
      {!data && loading ? (
        <Spinner label="Loading orders…" />
      ) : !data && error ? (
        <ErrorState
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
          title="Could not load the orders"
        />
      ) : edges.length === 0 ? (
        <EmptyState>{filtered ? "No order matches these filters." : "No orders yet."}</EmptyState>
      ) : (
        <>
          <DataTable
            caption="All orders, newest first"
            columns={["#", "Customer", "Part", "Quantity", "Total", "Dates", "Status", "Actions"]}
          >
            {edges.map((edge, index) => (
              <AdminOrderRow
                key={edge.node.id}
                order={edge.node}
                index={index}
                deleting={deletingId === edge.node.id}
                onDelete={onDelete}
                refunding={refundingId === edge.node.id}
                onRefund={onRefund}
              />
            ))}
          </DataTable>
          {data && (
            <LoadMoreButton
              pageInfo={data.orders.pageInfo}
              label="Load more orders"
              onLoadMore={(after) => fetchMore({ variables: { after } })}
            />
          )}
        </>
      )}
    </div>
  );
}
