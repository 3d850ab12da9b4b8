import { Link } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { FulfilmentBadge } from "@/features/fulfilment";
import { DataCell, DataTable } from "@/ui/DataTable";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { Spinner } from "@/ui/Spinner";
import { formatCount, formatDateTime } from "@/ui/formatFigures";
import { ShipTo } from "./ShipTo";
import { ToShipQueueDocument } from "./toShipQueue";
import "../adminLists.css";
import "./toShip.css";

/**
 * The warehouse's queue: paid orders with something left to ship, the oldest payment first, each
 * with its customer, where and how it ships, and each line's ordered, shipped and left. An order's
 * page ships it.
 */
export function ToShipPage() {
  const { data, loading, error, refetch, fetchMore } = useQuery(ToShipQueueDocument, {
    // Orders are paid and shipped elsewhere: show the cache, then refresh it.
    fetchPolicy: "cache-and-network",
  });
  const queue = data?.toShip;
  return (
    <div className="dashboard-page to-ship">
      <div className="page-heading">
        <h1>To ship</h1>
        <Link to="/dashboard/to_ship/pick_list" className="btn btn--outline">
          Pick list
        </Link>
      </div>
      {!data && loading ? (
        <Spinner label="Loading the orders to ship…" />
      ) : !data && error ? (
        <ErrorState
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
          title="Could not load the orders to ship"
        />
      ) : !queue || queue.edges.length === 0 ? (
        <EmptyState>Nothing to ship: every paid order has left the warehouse.</EmptyState>
      ) : (
        <>
          <p className="page-intro" data-testid="to-ship-count">
            {queue.totalCount === 1 ? "1 order waits" : `${formatCount(queue.totalCount)} orders wait`}, the oldest
            payment first.
          </p>
          <ol className="to-ship__orders" aria-label="Orders to ship">
            {queue.edges.map(({ node }) => (
              <li key={node.order.id} className="card to-ship__order" aria-labelledby={`to-ship-${node.order.id}`}>
                <div className="to-ship__head">
                  <h2 id={`to-ship-${node.order.id}`} className="to-ship__title">
                    <Link to={`/dashboard/orders/${node.order.databaseId}`}>Order #{node.order.number}</Link>
                  </h2>
                  <FulfilmentBadge fulfilment={node.fulfilment} />
                </div>
                <dl className="facts to-ship__facts">
                  <div>
                    <dt>Paid</dt>
                    <dd>
                      <time dateTime={node.paidAt}>{formatDateTime(node.paidAt)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>Customer</dt>
                    <dd className="to-ship__text">
                      {node.customerName} <span className="small">{node.customerEmail}</span>
                    </dd>
                  </div>
                  <div>
                    <dt>Method</dt>
                    <dd>{node.shippingMethodName ?? "Not chosen"}</dd>
                  </div>
                </dl>
                <div className="to-ship__ship-to">
                  <p className="to-ship__label">Ship to</p>
                  <ShipTo order={node} />
                </div>
                <DataTable
                  caption={`Lines of order #${node.order.number}`}
                  columns={["Part", "Part number", "Ordered", "Shipped", "Left"]}
                >
                  {node.lines.map((line) => (
                    <tr key={line.order.id}>
                      <DataCell label="Part">
                        {line.partName} <span className="small">#{line.order.number}</span>
                      </DataCell>
                      <DataCell label="Part number">{line.partNumber ?? "—"}</DataCell>
                      <DataCell label="Ordered" kind="number">
                        {line.quantity}
                      </DataCell>
                      <DataCell label="Shipped" kind="number">
                        {line.shipped}
                      </DataCell>
                      <DataCell label="Left" kind="number">
                        {line.toShip}
                      </DataCell>
                    </tr>
                  ))}
                </DataTable>
              </li>
            ))}
          </ol>
          <LoadMoreButton
            pageInfo={queue.pageInfo}
            label="Load more orders"
            onLoadMore={(after) => fetchMore({ variables: { after } })}
          />
        </>
      )}
    </div>
  );
}
