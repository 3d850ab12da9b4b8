import { useCallback, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { getFragmentData, graphql } from "@/lib/gql";
import { SaleSummaryFieldsFragment } from "@/features/orders/saleSummaryFields";
import type { PaymentOrderQuery, SaleSummaryFieldsFragment as PaymentSaleView } from "@/lib/gql/graphql";
import { errorCode, errorMessage } from "@/lib/apollo/errors";
import { useAuth } from "@/lib/auth/AuthContext";
import { usePublicConfig } from "@/lib/config/PublicConfig";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { deliveryEstimate, formatPrice } from "@/ui/format";
import { IntentCardPayment, usePaymentIntent } from "@/features/payment/usePaymentIntent";
import {
  SaleAddressesDocument,
  SaleDeliveryFields,
  SaleTotals,
  useSaleDelivery,
  type SaleAmounts,
  type SavedAddress,
} from "@/features/checkout";
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
      sale {
        ...SaleSummaryFields
      }
    }
  }
`);

export const ChooseOrderDeliveryDocument = graphql(`
  mutation ChooseOrderDelivery($input: ChooseOrderDeliveryInput!) {
    chooseOrderDelivery(input: $input) {
      id
      sale {
        ...SaleSummaryFields
      }
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

type PaymentOrder = NonNullable<PaymentOrderQuery["order"]>;

/** Where and how the order ships, on one line: "Grace Hopper, 100 Market Street, ... by Express (1–2 working days)". */
function deliveryLine(sale: PaymentSaleView): string {
  const to = sale.shipTo;
  if (!to) return "";
  const place = [to.postalCode, to.city, to.region].filter(Boolean).join(" ");
  const address = [to.name, to.company, to.line1, to.line2, place, to.countryName].filter(Boolean).join(", ");
  const method = sale.shippingMethodName ?? "";
  const estimate =
    sale.minDays != null && sale.maxDays != null ? ` (${deliveryEstimate(sale.minDays, sale.maxDays)})` : "";
  return method ? `${address}, by ${method}${estimate}` : address;
}

export function PaymentPage() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  const { config, loading: configLoading, error: configError, retry: retryConfig } = usePublicConfig();
  const { data, loading, error, refetch } = useQuery(PaymentOrderDocument, { variables: { id } });
  const [createPaymentIntent] = useMutation(CreatePaymentIntentDocument);
  const [confirmOrderPayment] = useMutation(ConfirmOrderPaymentDocument);
  const [paidWith, setPaidWith] = useState<string | null>(null);
  const [changingDelivery, setChangingDelivery] = useState(false);

  const order = data?.order;
  const sale = order ? getFragmentData(SaleSummaryFieldsFragment, order.sale) : null;
  const payable = Boolean(order && !order.paid && order.status === "UNPAID");
  // Before the card: where and how it ships, unless chosen already (and not being changed).
  const choosingDelivery = payable && !paidWith && (changingDelivery || !sale?.shipTo);
  const total = sale?.total;

  const openIntent = useCallback(async () => {
    if (!order) return undefined;
    // The total the server froze with the delivery: it refuses any other.
    const price = getFragmentData(SaleSummaryFieldsFragment, order.sale).total;
    const { data: result } = await createPaymentIntent({ variables: { orderId: order.id, price } });
    return result?.createPaymentIntent;
  }, [order, createPaymentIntent]);
  // A new total (the delivery changed) is a new payment to open.
  const { intent, requestIntent } = usePaymentIntent(
    config,
    order && total != null ? `${order.id}:${total}` : undefined,
    payable && !paidWith && !choosingDelivery,
    openIntent,
  );

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
  if (!order || !sale) {
    return (
      <EmptyState>
        <p>This order does not exist.</p>
        <Link to="/dashboard/my_orders" className="btn btn--primary">
          Back to my orders
        </Link>
      </EmptyState>
    );
  }

  const billing = { name: user?.displayName || order.userName, email: user?.email || order.userEmail };
  const amountLabel = formatPrice(sale.total);

  return (
    <div className="dashboard-page payment-page">
      <h1>Pay for {order.partName}</h1>
      <div className="payment-grid">
        {choosingDelivery ? (
          <DeliveryStep
            order={order}
            onChosen={() => setChangingDelivery(false)}
            onCancel={sale.shipTo ? () => setChangingDelivery(false) : undefined}
          />
        ) : (
          <>
            <OrderSummary order={order} sale={sale} />
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
                <>
                  {sale.shipTo && (
                    <div className="payment-delivery">
                      <p className="small" data-testid="payment-delivery">
                        Ships to {deliveryLine(sale)}
                      </p>
                      <button
                        type="button"
                        className="btn btn--small btn--outline"
                        onClick={() => setChangingDelivery(true)}
                      >
                        Change the delivery
                      </button>
                    </div>
                  )}
                  <IntentCardPayment
                    intent={intent}
                    onRetry={() => void requestIntent()}
                    config={config}
                    billing={billing}
                    amountLabel={amountLabel}
                    onPaid={onPaid}
                  />
                </>
              )}
            </section>
          </>
        )}
      </div>
    </div>
  );
}

/** The part, quantity and unit price, then the sale's amounts (or, while they are being chosen, the quote's). */
function OrderSummary({
  order,
  sale,
  pending,
}: {
  order: PaymentOrder;
  sale: PaymentSaleView | SaleAmounts | null;
  pending?: string;
}) {
  return (
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
      </dl>
      <SaleTotals amounts={sale} subtotal={order.price} pending={pending} testIdPrefix="payment" />
    </section>
  );
}

/**
 * Before the card: a structured address (the book's default first) and a shipping method, with the
 * shipping, tax and total they come to; "Continue to payment" freezes them on the order.
 */
function DeliveryStep({
  order,
  onChosen,
  onCancel,
}: {
  order: PaymentOrder;
  onChosen: () => void;
  onCancel?: () => void;
}) {
  const book = useQuery(SaleAddressesDocument);
  if (!book.data && book.loading) return <Spinner label="Loading your addresses…" />;
  if (!book.data)
    return (
      <ErrorState
        error={book.error}
        onRetry={() => void book.refetch().catch(() => undefined)}
        title="Could not load your addresses"
      />
    );
  return (
    <DeliveryForm order={order} addresses={book.data.viewer?.addresses ?? []} onChosen={onChosen} onCancel={onCancel} />
  );
}

function DeliveryForm({
  order,
  addresses,
  onChosen,
  onCancel,
}: {
  order: PaymentOrder;
  addresses: readonly SavedAddress[];
  onChosen: () => void;
  onCancel?: () => void;
}) {
  const delivery = useSaleDelivery({ orderId: order.id }, addresses);
  const [chooseOrderDelivery] = useMutation(ChooseOrderDeliveryDocument);
  const [saving, setSaving] = useState(false);
  const { shipTo, errors } = delivery;
  const methodId = delivery.quote.methodId;

  const confirm = async () => {
    if (!shipTo || !methodId) return;
    delivery.refuse(null);
    setSaving(true);
    try {
      await chooseOrderDelivery({ variables: { input: { orderId: order.id, shipTo, shippingMethodId: methodId } } });
      onChosen();
    } catch (failure) {
      delivery.refuse(failure);
      setSaving(false);
    }
  };

  return (
    <>
      <OrderSummary
        order={order}
        sale={delivery.quote.sale}
        pending={shipTo ? "Shipping and tax follow from the method." : "Shipping and tax follow from the address."}
      />
      <section className="card payment-box" aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">Delivery</h2>
        <SaleDeliveryFields delivery={delivery} idPrefix="payment" disabled={saving} />
        {errors.other && (
          <p className="form-error" role="alert" data-testid="delivery-error">
            {errors.other}
          </p>
        )}
        <div className="payment-delivery__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={!delivery.ready || saving}
            onClick={() => void confirm()}
          >
            {saving ? "Saving…" : "Continue to payment"}
          </button>
          {onCancel && (
            <button type="button" className="btn btn--outline" onClick={onCancel} disabled={saving}>
              Keep the delivery chosen
            </button>
          )}
        </div>
      </section>
    </>
  );
}
