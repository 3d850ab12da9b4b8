import { Link } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { Spinner } from "@/ui/Spinner";
import { formatCount, formatDateTime } from "@/ui/formatFigures";
import { ShipTo } from "./ShipTo";
import { ToShipQueueDocument } from "./toShipQueue";
import "../adminLists.css";
import "./toShip.css";

/**
 * What to pick for each order waiting, oldest payment first: the units left of each line by part
 * number, and where the parcel goes. Printed as it is shown; the navigation and buttons are not.
 */
export function PickListPage() {
  const { data, loading, error, refetch, fetchMore } = useQuery(ToShipQueueDocument, {
    fetchPolicy: "cache-and-network",
  });
  const queue = data?.toShip;
  const orders = (queue?.edges ?? [])
    .map(({ node }) => ({ ...node, lines: node.lines.filter((line) => line.toShip > 0) }))
    .filter((order) => order.lines.length > 0);
  const units = orders.reduce((sum, order) => sum + order.lines.reduce((lines, line) => lines + line.toShip, 0), 0);
  return (
    <div className="dashboard-page pick-list">
      <div className="page-heading">
        <h1>Pick list</h1>
        <div className="row-actions no-print">
          <Link to="/dashboard/to_ship" className="btn btn--outline">
            Back to To ship
          </Link>
          <button type="button" className="btn btn--primary" onClick={() => window.print()} disabled={!queue}>
            Print
          </button>
        </div>
      </div>
      {!data && loading ? (
        <Spinner label="Loading the pick list…" />
      ) : !data && error ? (
        <ErrorState
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
          title="Could not load the pick list"
        />
      ) : orders.length === 0 ? (
        <EmptyState>Nothing to pick: every paid order has left the warehouse.</EmptyState>
      ) : (
        <>
          <p className="page-intro" data-testid="pick-list-summary">
            {formatCount(units)} {units === 1 ? "unit" : "units"} for {orders.length}{" "}
            {orders.length === 1 ? "order" : "orders"}
            {queue && queue.totalCount > orders.length ? ` (of ${formatCount(queue.totalCount)} waiting)` : ""}, the
            oldest payment first.
          </p>
          <ol className="pick-list__orders" aria-label="Orders to pick">
            {orders.map((order) => (
              <li key={order.order.id} className="pick-list__order" aria-labelledby={`pick-${order.order.id}`}>
                <h2 id={`pick-${order.order.id}`} className="pick-list__title">
                  Order #{order.order.number}
                  <span className="pick-list__customer"> {order.customerName}</span>
                </h2>
                <p className="small pick-list__meta">
                  Paid <time dateTime={order.paidAt}>{formatDateTime(order.paidAt)}</time>
                  {order.shippingMethodName ? ` · ${order.shippingMethodName}` : ""}
                </p>
                <div className="pick-list__body">
                  <table className="pick-list__table">
                    <caption className="visually-hidden">What to pick for order #{order.order.number}</caption>
                    <thead>
                      <tr>
                        <th scope="col">
                          <span className="visually-hidden">Picked</span>
                        </th>
                        <th scope="col" className="pick-list__number">
                          Qty
                        </th>
                        <th scope="col">Part number</th>
                        <th scope="col">Part</th>
                      </tr>
                    </thead>
                    <tbody>
                      {order.lines.map((line) => (
                        <tr key={line.order.id}>
                          <td>
                            <span className="pick-list__box" aria-hidden="true" />
                          </td>
                          <td className="pick-list__number">{line.toShip}</td>
                          <td className="pick-list__code">{line.partNumber ?? "—"}</td>
                          <td className="pick-list__part">{line.partName}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <div className="pick-list__ship-to">
                    <p className="to-ship__label">Ship to</p>
                    <ShipTo order={order} />
                  </div>
                </div>
              </li>
            ))}
          </ol>
          {queue && (
            <div className="no-print">
              <LoadMoreButton
                pageInfo={queue.pageInfo}
                label="Load more orders"
                onLoadMore={(after) => fetchMore({ variables: { after } })}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
