import { Link, useParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { errorCode } from "@/lib/apollo/errors";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { Spinner } from "@/ui/Spinner";
import { formatPrice } from "@/ui/format";
import { SaleSummary } from "@/features/orders/SaleSummary";
import "./CheckoutPage.css";

export const CheckoutConfirmationDocument = graphql(`
  query CheckoutConfirmation($id: ID!) {
    checkout(id: $id) {
      id
      databaseId
      summary {
        ...SaleSummaryFields
      }
      orders {
        id
        databaseId
        number
        partName
        quantity
        price
        total
        paid
        transactionId
      }
    }
  }
`);

/** After paying: the order numbers to quote, and what happens next. */
export function CheckoutConfirmationPage() {
  const { checkoutId = "" } = useParams();
  const { data, loading, error, refetch } = useQuery(CheckoutConfirmationDocument, { variables: { id: checkoutId } });
  if (!data && loading) return <Spinner label="Loading your order…" />;
  const missing = errorCode(error) === "NOT_FOUND" || errorCode(error) === "BAD_USER_INPUT";
  if (!data && error && !missing)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load your order"
      />
    );
  const checkout = data?.checkout;
  if (!checkout) {
    return (
      <div className="container page">
        <h1>Order confirmation</h1>
        <EmptyState>
          <p>This checkout does not exist.</p>
          <Link to="/dashboard/my_orders" className="btn btn--primary">
            Go to my orders
          </Link>
        </EmptyState>
      </div>
    );
  }
  const paid = checkout.orders.filter((order) => order.paid);
  if (paid.length === 0) {
    return (
      <div className="container page">
        <h1>Order confirmation</h1>
        <EmptyState>
          <p>This order is not paid yet.</p>
          <Link to={`/checkout/${checkout.databaseId}`} className="btn btn--primary">
            Pay now
          </Link>
        </EmptyState>
      </div>
    );
  }
  const transactionId = paid[0].transactionId;
  return (
    <div className="container page checkout-page">
      <h1>Thank you! Your order is confirmed.</h1>
      <p className="notice notice--success" role="status">
        We received your payment of{" "}
        {formatPrice(paid.reduce((cents, order) => cents + Math.round(order.total * 100), 0) / 100)}
        {transactionId && (
          <>
            {" "}
            (transaction <code data-testid="transaction-id">{transactionId}</code>)
          </>
        )}
        .
      </p>
      <div className="checkout-grid">
        <section className="card checkout-summary" aria-labelledby="confirmation-orders-heading">
          <h2 id="confirmation-orders-heading">{paid.length === 1 ? "Your order number" : "Your order numbers"}</h2>
          <ul className="checkout-lines">
            {checkout.orders.map((order) => (
              <li key={order.id} className="checkout-line">
                <span className="checkout-line__name">
                  <Link to={`/dashboard/orders/${order.databaseId}`} className="checkout-line__number">
                    #{order.number}
                  </Link>{" "}
                  {order.quantity} × {order.partName}
                </span>
                <span className="checkout-line__total">
                  {order.paid ? formatPrice(order.price) : "Cancelled: not charged"}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <SaleSummary sale={checkout.summary} headingId="confirmation-sale-heading" />
        <section className="card checkout-next" aria-labelledby="confirmation-next-heading">
          <h2 id="confirmation-next-heading">What happens next</h2>
          <ol>
            <li>We pack your parts and ship each order to the address you gave.</li>
            <li>Quote an order&apos;s number if you write to us about it.</li>
            <li>Follow every order, with its history, in My Orders.</li>
          </ol>
          <Link to="/dashboard/my_orders" className="btn btn--primary">
            Go to my orders
          </Link>
        </section>
      </div>
    </div>
  );
}
