import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { graphql } from "@/lib/gql";
import { errorMessage } from "@/lib/apollo/errors";
import { useAuth } from "@/lib/auth/AuthContext";
import { CartDocument, useCart, type CartLineView } from "@/features/cart/useCart";
import { FormField } from "@/ui/FormField";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { Spinner } from "@/ui/Spinner";
import { formatPrice } from "@/ui/format";
import { DeliveryFields } from "@/features/checkout/DeliveryFields";
import { CheckoutLines } from "./CheckoutLines";
import "./CheckoutPage.css";

export const CheckoutProfileDocument = graphql(`
  query CheckoutProfile {
    viewer {
      id
      profile {
        address
        phone
      }
    }
  }
`);

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

interface CheckoutValues {
  address: string;
  phone: string;
}

/** The index of the line the server refused (extensions.line), if it named one. */
function refusedLine(error: unknown): number | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const line = error.errors.find((e) => typeof e.extensions?.line === "number")?.extensions?.line;
  return typeof line === "number" ? line : undefined;
}

/** Checkout: where to send the cart's parts (from the profile), then one click places every line. */
export function CheckoutPage() {
  const cart = useCart();
  const profile = useQuery(CheckoutProfileDocument);
  if (cart.loading || (!profile.data && profile.loading)) return <Spinner label="Loading your checkout…" />;
  if (cart.error) return <ErrorState error={cart.error} onRetry={cart.retry} title="Could not load your cart" />;
  const lines = cart.cart?.lines.edges.map((edge) => edge.node) ?? [];
  if (cart.empty || lines.length === 0 || !cart.cart) {
    return (
      <div className="container page checkout-page">
        <h1>Checkout</h1>
        <EmptyState>
          <p>Your cart is empty.</p>
          <Link to="/parts" className="btn btn--primary">
            Browse parts
          </Link>
        </EmptyState>
      </div>
    );
  }
  const saved = profile.data?.viewer?.profile;
  return (
    <CheckoutForm
      lines={lines}
      subtotal={cart.cart.subtotal}
      canCheckOut={cart.cart.canCheckOut}
      defaults={{ address: saved?.address ?? "", phone: saved?.phone ?? "" }}
    />
  );
}

interface FormProps {
  lines: CartLineView[];
  subtotal: number;
  canCheckOut: boolean;
  defaults: CheckoutValues;
}

function CheckoutForm({ lines, subtotal, canCheckOut, defaults }: FormProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<{ message: string; line?: number } | null>(null);
  const [placeCheckout] = useMutation(PlaceCheckoutDocument, { refetchQueries: [{ query: CartDocument }] });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutValues>({ defaultValues: defaults });

  const onSubmit = async (values: CheckoutValues) => {
    setRefusal(null);
    try {
      const { data } = await placeCheckout({
        variables: {
          input: {
            address: values.address.trim(),
            phone: values.phone.trim(),
            lines: lines.map((line) => ({ partId: line.part.id, quantity: line.quantity })),
          },
        },
      });
      if (!data) throw new Error("The shop did not answer. Please try again.");
      navigate(`/checkout/${data.placeCheckout.databaseId}`);
    } catch (error) {
      setRefusal({ message: errorMessage(error), line: refusedLine(error) });
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
              problem: line.warningMessage ?? (refusal?.line === index ? refusal.message : null),
            }))}
          />
          <p className="total">
            Total: <strong data-testid="checkout-total">{formatPrice(subtotal)}</strong>
          </p>
          <Link to="/cart" className="small">
            Change the cart
          </Link>
        </section>
        <form
          className="card form-card"
          onSubmit={handleSubmit(onSubmit)}
          noValidate
          aria-labelledby="checkout-delivery-heading"
        >
          <h2 id="checkout-delivery-heading">Delivery</h2>
          <div className="form-grid">
            <FormField id="checkout-name" label="Name">
              <input id="checkout-name" type="text" value={user?.displayName ?? ""} readOnly disabled />
            </FormField>
            <FormField id="checkout-email" label="Email">
              <input id="checkout-email" type="email" value={user?.email ?? ""} readOnly disabled />
            </FormField>
          </div>
          <DeliveryFields idPrefix="checkout" register={register} errors={errors} />
          {!canCheckOut && (
            <p className="notice notice--warning" role="status">
              Some lines of your cart cannot be ordered as they are: <Link to="/cart">change them in the cart</Link>.
            </p>
          )}
          {refusal && (
            <p className="form-error" role="alert" data-testid="checkout-error">
              {refusal.message}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--block" disabled={!canCheckOut || isSubmitting}>
            {isSubmitting ? "Placing your order…" : `Place order (${formatPrice(subtotal)})`}
          </button>
          <p className="small">Your parts are held for you while you pay by card on the next step.</p>
        </form>
      </div>
    </div>
  );
}
