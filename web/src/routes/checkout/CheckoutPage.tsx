import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { graphql } from "@/lib/gql";
import { useAuth } from "@/lib/auth/AuthContext";
import { CartDocument, useCart, type CartLineView } from "@/features/cart/useCart";
import { EmptyCart } from "@/features/cart";
import { ErrorState } from "@/ui/QueryStates";
import { Spinner } from "@/ui/Spinner";
import { formatPrice } from "@/ui/format";
import {
  SaleAddressesDocument,
  SaleDeliveryFields,
  SaleTotals,
  useSaleDelivery,
  type SavedAddress,
} from "@/features/checkout";
import { CheckoutLines } from "./CheckoutLines";
import "./CheckoutPage.css";

export const PlaceCheckoutDocument = graphql(`
  mutation PlaceCheckout($input: PlaceCheckoutInput!) {
    placeCheckout(input: $input) {
      id
      databaseId
      total
      amountDue
      orders {
        id
        number
      }
    }
  }
`);

/** The index of the line the server refused (extensions.line), if it named one. */
function refusedLine(error: unknown): number | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const line = error.errors.find((e) => typeof e.extensions?.line === "number")?.extensions?.line;
  return typeof line === "number" ? line : undefined;
}

/** Checkout: where to ship the cart (the address book, or a new address) and how; then one click places every line. */
export function CheckoutPage() {
  const cart = useCart();
  const book = useQuery(SaleAddressesDocument);
  if (cart.loading || (!book.data && book.loading)) return <Spinner label="Loading your checkout…" />;
  if (cart.error) return <ErrorState error={cart.error} onRetry={cart.retry} title="Could not load your cart" />;
  if (!book.data && book.error)
    return (
      <ErrorState
        error={book.error}
        onRetry={() => void book.refetch().catch(() => undefined)}
        title="Could not load your addresses"
      />
    );
  const lines = cart.cart?.lines.edges.map((edge) => edge.node) ?? [];
  if (cart.empty || lines.length === 0 || !cart.cart) {
    return (
      <div className="container page checkout-page">
        <h1>Checkout</h1>
        <EmptyCart />
      </div>
    );
  }
  return (
    <CheckoutForm
      lines={lines}
      subtotal={cart.cart.subtotal}
      canCheckOut={cart.cart.canCheckOut}
      addresses={book.data?.viewer?.addresses ?? []}
    />
  );
}

interface FormProps {
  lines: CartLineView[];
  subtotal: number;
  canCheckOut: boolean;
  addresses: readonly SavedAddress[];
}

function CheckoutForm({ lines, subtotal, canCheckOut, addresses }: FormProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [refusedIndex, setRefusedIndex] = useState<number | undefined>(undefined);
  const [placing, setPlacing] = useState(false);
  const [placeCheckout] = useMutation(PlaceCheckoutDocument, { refetchQueries: [{ query: CartDocument }] });
  const cartLines = lines.map((line) => ({ partId: line.part.id, quantity: line.quantity }));
  const delivery = useSaleDelivery({ lines: cartLines }, addresses);
  const { errors, shipTo } = delivery;
  const sale = delivery.quote.sale;
  const methodId = delivery.quote.methodId;

  const place = async () => {
    if (!shipTo || !methodId) return;
    delivery.refuse(null);
    setRefusedIndex(undefined);
    setPlacing(true);
    try {
      const { data } = await placeCheckout({
        variables: { input: { lines: cartLines, shipTo, shippingMethodId: methodId } },
      });
      if (!data) throw new Error("The shop did not answer. Please try again.");
      navigate(`/checkout/${data.placeCheckout.databaseId}`);
    } catch (error) {
      delivery.refuse(error);
      setRefusedIndex(refusedLine(error));
      setPlacing(false);
    }
  };

  return (
    <div className="container page checkout-page">
      <h1>Checkout</h1>
      <div className="checkout-grid">
        <section className="card checkout-summary" aria-labelledby="checkout-lines-heading">
          <h2 id="checkout-lines-heading">Your order</h2>
          <CheckoutLines
            lines={lines.map((line, index) => ({
              key: line.id,
              name: line.part.name,
              quantity: line.quantity,
              total: line.lineTotal,
              problem: line.warningMessage ?? (refusedIndex === index ? errors.other : null),
            }))}
          />
          <SaleTotals
            amounts={sale}
            subtotal={subtotal}
            testIdPrefix="checkout"
            pending={shipTo ? "Shipping and tax follow from the method." : "Shipping and tax follow from the address."}
          />
          <Link to="/cart" className="small">
            Change the cart
          </Link>
        </section>
        <section className="card form-card" aria-labelledby="checkout-delivery-heading">
          <h2 id="checkout-delivery-heading">Delivery</h2>
          <p className="small">Ordering as {user?.displayName ? `${user.displayName} (${user.email})` : user?.email}</p>
          <SaleDeliveryFields delivery={delivery} idPrefix="checkout" disabled={placing} />
          {!canCheckOut && (
            <p className="notice notice--warning" role="status">
              Some lines of your cart cannot be ordered as they are: <Link to="/cart">change them in the cart</Link>.
            </p>
          )}
          {errors.other && (
            <p className="form-error" role="alert" data-testid="checkout-error">
              {errors.other}
            </p>
          )}
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={!canCheckOut || !delivery.ready || placing}
            onClick={() => void place()}
          >
            {placing ? "Placing your order…" : sale ? `Place order (${formatPrice(sale.total)})` : "Place order"}
          </button>
          <p className="small">Your parts are held for you while you pay by card on the next step.</p>
        </section>
      </div>
    </div>
  );
}
