import { useCallback } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { errorCode, errorMessage } from "@/lib/apollo/errors";
import { useAuth } from "@/lib/auth/AuthContext";
import { usePublicConfig } from "@/lib/config/PublicConfig";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { Spinner } from "@/ui/Spinner";
import { deliveryEstimate, formatPrice } from "@/ui/format";
import { formatDateTime } from "@/ui/formatFigures";
import { IntentCardPayment, usePaymentIntent } from "@/features/payment/usePaymentIntent";
import { SaleTotals } from "@/features/checkout";
import { CheckoutLines } from "./CheckoutLines";
import "./CheckoutPage.css";

export const CheckoutDocument = graphql(`
  query Checkout($id: ID!) {
    checkout(id: $id) {
      id
      databaseId
      total
      amountDue
      orderCount
      reservedUntil
      summary {
        subtotal
        shipping
        tax
        total
        pricesIncludeTax
        taxZoneName
        shippingMethodName
        minDays
        maxDays
      }
      orders {
        id
        databaseId
        number
        partName
        quantity
        price
        status
        paid
        transactionId
        userName
        userEmail
      }
    }
  }
`);

export const CreateCheckoutPaymentIntentDocument = graphql(`
  mutation CreateCheckoutPaymentIntent($checkoutId: ID!) {
    createCheckoutPaymentIntent(checkoutId: $checkoutId) {
      clientSecret
      amount
    }
  }
`);

export const ConfirmCheckoutPaymentDocument = graphql(`
  mutation ConfirmCheckoutPayment($checkoutId: ID!, $transactionId: String!) {
    confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) {
      id
      amountDue
      reservedUntil
      orders {
        id
        status
        paid
        paidAt
        transactionId
        reservedUntil
      }
    }
  }
`);

/** The one card payment of a checkout: every line still unpaid, for the amount the shop computes. */
export function CheckoutPaymentPage() {
  const { checkoutId = "" } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { config, loading: configLoading, error: configError, retry: retryConfig } = usePublicConfig();
  const { data, loading, error, refetch } = useQuery(CheckoutDocument, { variables: { id: checkoutId } });
  const [createIntent] = useMutation(CreateCheckoutPaymentIntentDocument);
  const [confirmPayment] = useMutation(ConfirmCheckoutPaymentDocument);
  const checkout = data?.checkout;
  const payable = Boolean(checkout && checkout.amountDue > 0);

  const openIntent = useCallback(async () => {
    if (!checkout) return undefined;
    const { data: result } = await createIntent({ variables: { checkoutId: checkout.id } });
    if (!result) return undefined;
    const { clientSecret, amount } = result.createCheckoutPaymentIntent;
    return { clientSecret, amount };
  }, [checkout, createIntent]);
  // One intent per visit (the shop reopens the same one for the same checkout anyway).
  const { intent, requestIntent } = usePaymentIntent(config, checkout?.id, payable, openIntent);

  const onPaid = useCallback(
    async (transactionId: string) => {
      if (!checkout) return;
      try {
        await confirmPayment({ variables: { checkoutId: checkout.id, transactionId } });
      } catch (confirmError) {
        throw new Error(`Your card was charged but the orders could not be updated: ${errorMessage(confirmError)}`, {
          cause: confirmError,
        });
      }
      navigate(`/checkout/${checkout.databaseId}/confirmation`, { replace: true });
    },
    [checkout, confirmPayment, navigate],
  );

  if ((!data && loading) || (!config && configLoading)) return <Spinner label="Loading your checkout…" />;
  const missing = errorCode(error) === "NOT_FOUND" || errorCode(error) === "BAD_USER_INPUT";
  if (!data && error && !missing)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load this checkout"
      />
    );
  if (!checkout) {
    return (
      <div className="container page">
        <h1>Pay for your order</h1>
        <EmptyState>
          <p>This checkout does not exist.</p>
          <Link to="/dashboard/my_orders" className="btn btn--primary">
            Go to my orders
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (!config)
    return (
      <ErrorState error={configError ?? new Error("Payments are not available right now.")} onRetry={retryConfig} />
    );
  if (!payable && checkout.orders.some((order) => order.paid))
    return <Navigate to={`/checkout/${checkout.databaseId}/confirmation`} replace />;

  const amountLabel = formatPrice(intent.state === "ready" ? intent.amount : checkout.amountDue);
  const first = checkout.orders[0];
  const billing = { name: user?.displayName || first?.userName || "", email: user?.email || first?.userEmail || "" };
  const unpaid = checkout.orders.filter((order) => order.status === "UNPAID");

  return (
    <div className="container page checkout-page">
      <h1>Pay for your order</h1>
      <div className="checkout-grid">
        <section className="card checkout-summary" aria-labelledby="checkout-orders-heading">
          <h2 id="checkout-orders-heading">
            {checkout.orderCount === 1 ? "1 order" : `${checkout.orderCount} orders`}, one payment
          </h2>
          <CheckoutLines
            lines={checkout.orders.map((order) => ({
              key: order.id,
              name: order.partName,
              quantity: order.quantity,
              total: order.price,
              number: order.number,
              problem: order.status === "CANCELLED" ? "Cancelled: not charged." : null,
            }))}
          />
          <p className="total">
            To pay: <strong data-testid="checkout-amount-due">{formatPrice(checkout.amountDue)}</strong>
          </p>
          {checkout.reservedUntil && (
            <p className="small">
              Your parts are held until{" "}
              <time dateTime={checkout.reservedUntil}>{formatDateTime(checkout.reservedUntil)}</time>.
            </p>
          )}
        </section>
        <section className="card payment-box" aria-labelledby="checkout-payment-heading">
          <h2 id="checkout-payment-heading">Card payment</h2>
          <SaleTotals amounts={checkout.summary} subtotal={checkout.summary.subtotal} testIdPrefix="checkout-summary" />
          {checkout.summary.shippingMethodName && (
            <p className="small" data-testid="checkout-shipping-method">
              {checkout.summary.shippingMethodName}
              {checkout.summary.minDays != null &&
                checkout.summary.maxDays != null &&
                `: ${deliveryEstimate(checkout.summary.minDays, checkout.summary.maxDays)}`}
            </p>
          )}
          {!payable || unpaid.length === 0 ? (
            <p className="notice notice--warning">
              Nothing is left to pay: these orders were cancelled. <Link to="/cart">Back to the cart</Link>
            </p>
          ) : (
            <IntentCardPayment
              intent={intent}
              onRetry={() => void requestIntent()}
              config={config}
              billing={billing}
              amountLabel={amountLabel}
              onPaid={onPaid}
            />
          )}
        </section>
      </div>
    </div>
  );
}
