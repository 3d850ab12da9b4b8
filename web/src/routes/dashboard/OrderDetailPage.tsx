import { Link, useParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { errorCode } from "@/lib/apollo/errors";
import { useIsAdmin } from "@/lib/auth/useIsAdmin";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { Spinner } from "@/ui/Spinner";
import { formatPrice } from "@/ui/format";
import { formatDateTime } from "@/ui/formatFigures";
import { OrderStatusBadge } from "@/features/orders/OrderStatusBadge";
import { SaleSummary } from "@/features/orders/SaleSummary";
import { FulfilmentBadge, ShipForm, ShipmentList, type LineToShip } from "@/features/fulfilment";
import { OrderDocuments } from "@/features/documents";
import "./OrderDetailPage.css";

export const OrderDetailDocument = graphql(`
  query OrderDetail($id: ID!) {
    order(id: $id) {
      id
      databaseId
      number
      partName
      quantity
      unitPrice
      price
      status
      paid
      address
      phone
      userName
      userEmail
      transactionId
      reservedUntil
      disputeStatus
      paymentError
      refundedAmount
      fulfilment
      deliveredAt
      shipped
      sale {
        ...SaleSummaryFields
      }
      shipments {
        id
        ...ShipmentFields
      }
      invoice {
        id
        ...InvoiceFields
      }
      creditNotes {
        id
        ...CreditNoteFields
      }
      timeline {
        at
        kind
        description
      }
      checkout {
        id
        databaseId
        orders {
          id
          databaseId
          number
          partName
          quantity
          shipped
          status
        }
      }
    }
  }
`);

interface OrderLine {
  id: string;
  number: string;
  partName: string;
  quantity: number;
  shipped: number;
  status: string;
}

/** The order's paid lines with something left to ship (a refunded line has nothing to send). */
function linesToShip(lines: readonly OrderLine[]): LineToShip[] {
  return lines
    .filter((line) => line.status === "PAID" && line.shipped < line.quantity)
    .map(({ id, number, partName, quantity, shipped }) => ({
      id,
      number,
      partName,
      quantity,
      left: quantity - shipped,
    }));
}

/**
 * One order: its number, line, status and what happened to it, with times; its parcels and
 * documents; for admins, the form that ships what is left.
 */
export function OrderDetailPage() {
  const { id = "" } = useParams();
  const isAdmin = useIsAdmin().state === "admin";
  const { data, loading, error, refetch } = useQuery(OrderDetailDocument, {
    variables: { id },
    fetchPolicy: "cache-and-network",
  });
  if (!data && loading) return <Spinner label="Loading the order…" />;
  const missing = errorCode(error) === "NOT_FOUND" || errorCode(error) === "BAD_USER_INPUT";
  if (!data && error && !missing)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load this order"
      />
    );
  const order = data?.order;
  if (!order) {
    return (
      <EmptyState>
        <p>This order does not exist.</p>
        <Link to="/dashboard/my_orders" className="btn btn--primary">
          Back to my orders
        </Link>
      </EmptyState>
    );
  }
  const together = order.checkout?.orders.filter((other) => other.id !== order.id) ?? [];
  const left = linesToShip(order.checkout?.orders ?? [order]);
  const canShip = isAdmin && Boolean(order.fulfilment) && left.length > 0;
  const reload = () => refetch().catch(() => undefined);
  const back = isAdmin
    ? { to: "/dashboard/manage_all_orders", label: "Back to all orders" }
    : order.status === "CANCELLED" || order.status === "REFUNDED"
      ? { to: "/dashboard/past_orders", label: "Back to past orders" }
      : { to: "/dashboard/my_orders", label: "Back to my orders" };

  return (
    <div className="dashboard-page order-detail">
      <div className="page-heading">
        <h1>Order #{order.number}</h1>
        <Link to={back.to} className="btn btn--outline btn--small">
          {back.label}
        </Link>
      </div>
      <div className="order-detail__grid">
        <section className="card order-detail__card" aria-labelledby="order-line-heading">
          <h2 id="order-line-heading">What was ordered</h2>
          <dl className="facts facts--stacked">
            <div>
              <dt>Part</dt>
              <dd className="order-detail__text">{order.partName}</dd>
            </div>
            <div>
              <dt>Quantity</dt>
              <dd>{order.quantity}</dd>
            </div>
            <div>
              <dt>Unit price</dt>
              <dd>{formatPrice(order.unitPrice)}</dd>
            </div>
            <div className="facts__total">
              <dt>Total</dt>
              <dd>{formatPrice(order.price)}</dd>
            </div>
            {order.refundedAmount > 0 && (
              <div>
                <dt>Refunded</dt>
                <dd>{formatPrice(order.refundedAmount)}</dd>
              </div>
            )}
            <div>
              <dt>Status</dt>
              <dd data-testid="order-status">
                <OrderStatusBadge order={order} paidLabel={isAdmin ? "Paid" : "Shipped"} />
              </dd>
            </div>
            {order.fulfilment && (
              <div>
                <dt>Fulfilment</dt>
                <dd data-testid="order-fulfilment">
                  <FulfilmentBadge fulfilment={order.fulfilment} labelled={false} />
                </dd>
              </div>
            )}
            {order.deliveredAt && (
              <div>
                <dt>Delivered</dt>
                <dd>
                  <time dateTime={order.deliveredAt}>{formatDateTime(order.deliveredAt)}</time>
                </dd>
              </div>
            )}
          </dl>
          {order.status === "UNPAID" && !isAdmin && (
            <Link
              to={order.checkout ? `/checkout/${order.checkout.databaseId}` : `/dashboard/payment/${order.databaseId}`}
              className="btn btn--primary"
            >
              Pay
            </Link>
          )}
        </section>
        <section className="card order-detail__card" aria-labelledby="order-delivery-heading">
          <h2 id="order-delivery-heading">Delivery</h2>
          <dl className="facts facts--stacked">
            <div>
              <dt>Name</dt>
              <dd className="order-detail__text">{order.userName}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd className="order-detail__text">{order.userEmail}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd className="order-detail__text">{order.address}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{order.phone}</dd>
            </div>
            {order.transactionId && (
              <div>
                <dt>Transaction id</dt>
                <dd className="order-detail__text">
                  <code>{order.transactionId}</code>
                </dd>
              </div>
            )}
          </dl>
        </section>
      </div>
      {/* A cancelled line no longer counts in what its order comes to. */}
      {order.status !== "CANCELLED" && (
        <SaleSummary sale={order.sale} headingId="order-sale-heading" unpaid={order.status === "UNPAID"} />
      )}
      {(order.shipments.length > 0 || canShip) && (
        <section className="card order-detail__card" aria-labelledby="order-shipments-heading">
          <h2 id="order-shipments-heading">Shipments</h2>
          {order.shipments.length > 0 ? (
            <ShipmentList shipments={order.shipments} canMarkDelivered={isAdmin} onChanged={reload} />
          ) : (
            <p>Nothing has been shipped yet.</p>
          )}
          {canShip && (
            <div className="order-detail__ship">
              <h3>Ship what is left</h3>
              <ShipForm
                // A new form once the lines change: its quantities start at what is left now.
                key={left.map((line) => `${line.id}:${line.left}`).join()}
                orderId={order.id}
                lines={left}
                onShipped={reload}
              />
            </div>
          )}
        </section>
      )}
      <OrderDocuments invoice={order.invoice} creditNotes={order.creditNotes} headingId="order-documents-heading" />
      <section className="card order-detail__card" aria-labelledby="order-timeline-heading">
        <h2 id="order-timeline-heading">History</h2>
        <ol className="order-timeline" aria-label="Order history">
          {order.timeline.map((event, index) => (
            <li
              key={`${event.kind}-${event.at}-${index}`}
              className={`order-timeline__event order-timeline__event--${event.kind.toLowerCase()}`}
            >
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              <span>{event.description}</span>
            </li>
          ))}
        </ol>
        {order.status === "UNPAID" && order.reservedUntil && (
          <p className="small">
            Held for you until <time dateTime={order.reservedUntil}>{formatDateTime(order.reservedUntil)}</time>; then
            it is cancelled unless paid.
          </p>
        )}
      </section>
      {together.length > 0 && (
        <section className="card order-detail__card" aria-labelledby="order-together-heading">
          <h2 id="order-together-heading">Bought together</h2>
          <ul className="order-detail__together">
            {together.map((other) => (
              <li key={other.id}>
                <Link to={`/dashboard/orders/${other.databaseId}`}>#{other.number}</Link>{" "}
                <span className="order-detail__text">{other.partName}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
