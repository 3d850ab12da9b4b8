import { useCallback, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { errorCode, errorMessage } from "@/lib/apollo/errors";
import { useAuth } from "@/lib/auth/AuthContext";
import { usePublicConfig } from "@/lib/config/PublicConfig";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { formatPrice } from "@/ui/format";
import { IntentCardPayment, usePaymentIntent } from "@/features/payment/usePaymentIntent";
import "./PaymentPage.css";

export const PaymentOrderDocument = graphql(`
  query PaymentOrder($id: ID!) {
    order(id: $id) {
      id
      databaseId
      partName
      quantity
      unitPrice
      price
      paid
      status
      transactionId
      userName
      userEmail
    }
  }
`);

export const CreatePaymentIntentDocument = graphql(`
  mutation CreatePaymentIntent($orderId: ID!, $price: Float) {
    createPaymentIntent(orderId: $orderId, price: $price) {
      clientSecret
    }
  }
`);

export const ConfirmOrderPaymentDocument = graphql(`
  mutation ConfirmOrderPayment($orderId: ID!, $transactionId: String!) {
    confirmOrderPayment(orderId: $orderId, transactionId: $transactionId) {
      id
      paid
      status
      transactionId
    }
  }
`);

export function PaymentPage() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  const { config, loading: configLoading, error: configError, retry: retryConfig } = usePublicConfig();
  const { data, loading, error, refetch } = useQuery(PaymentOrderDocument, { variables: { id } });
  const [createPaymentIntent] = useMutation(CreatePaymentIntentDocument);
  const [confirmOrderPayment] = useMutation(ConfirmOrderPaymentDocument);
  const [paidWith, setPaidWith] = useState<string | null>(null);

  const order = data?.order;
  const payable = order && !order.paid && order.status === "UNPAID";

  const openIntent = useCallback(async () => {
    if (!order) return undefined;
    const { data: result } = await createPaymentIntent({ variables: { orderId: order.id, price: order.price } });
    return result?.createPaymentIntent;
  }, [order, createPaymentIntent]);
  const { intent, requestIntent } = usePaymentIntent(config, order?.id, Boolean(payable && !paidWith), openIntent);

  const onPaid = useCallback(
    async (transactionId: string) => {
      if (!order) return;
      try {
        await confirmOrderPayment({ variables: { orderId: order.id, transactionId } });
      } catch (confirmError) {
        throw new Error(`Your card was charged but the order could not be updated: ${errorMessage(confirmError)}`, {
          cause: confirmError,
        });
      }
      setPaidWith(transactionId);
    },
    [order, confirmOrderPayment],
  );

  if ((!data && loading) || (!config && configLoading)) return <Spinner label="Loading your order…" />;
  // order(id:) answers NOT_FOUND (or BAD_USER_INPUT for a malformed id) rather than null.
  const missing = errorCode(error) === "NOT_FOUND" || errorCode(error) === "BAD_USER_INPUT";
  if (!data && error && !missing)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load this order"
      />
    );
  if (!config)
    return (
      <ErrorState error={configError ?? new Error("Payments are not available right now.")} onRetry={retryConfig} />
    );
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

  const amountLabel = formatPrice(order.price);
  const billing = { name: user?.displayName || order.userName, email: user?.email || order.userEmail };

  return (
    <div className="dashboard-page payment-page">
      <h1>Pay for {order.partName}</h1>
      <div className="payment-grid">
        <section className="card order-summary" aria-labelledby="order-summary-heading">
          <h2 id="order-summary-heading">Order summary</h2>
          <dl className="facts facts--stacked">
            <div>
              <dt>Part</dt>
              <dd>{order.partName}</dd>
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
              <dd>{amountLabel}</dd>
            </div>
          </dl>
        </section>
        <section className="card payment-box" aria-labelledby="payment-heading">
          <h2 id="payment-heading">Card payment</h2>
          {paidWith || order.paid ? (
            <div className="notice notice--success" role="status">
              {paidWith ? (
                <p className="payment-success">Congrats! Your payment is completed.</p>
              ) : (
                <p>This order is already paid.</p>
              )}
              <p>
                Your transaction id: <strong data-testid="transaction-id">{paidWith ?? order.transactionId}</strong>
              </p>
              <Link to="/dashboard/my_orders" className="btn btn--outline btn--small">
                Back to my orders
              </Link>
            </div>
          ) : order.status !== "UNPAID" ? (
            <p className="notice notice--warning">This order was cancelled and cannot be paid.</p>
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
