import { useState, type FormEvent } from "react";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
// The pure entry does not inject Stripe.js on import: only this page, in online mode, loads it.
import { loadStripe } from "@stripe/stripe-js/pure";
import type { Stripe } from "@stripe/stripe-js";
import type { BillingDetails } from "./cardPayment";
import "./StripeCardForm.css";

interface Props {
  publishableKey: string;
  clientSecret: string;
  billing: BillingDetails;
  amountLabel: string;
  onPaid: (transactionId: string) => Promise<void>;
}

const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, promise);
  }
  return promise;
}

export function StripeCardForm(props: Props) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ clientSecret, billing, amountLabel, onPaid }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    setError(null);
    setBusy(true);
    try {
      const { error: stripeError, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (stripeError) {
        setError(stripeError.message ?? "Your card could not be charged.");
      } else if (paymentIntent?.status === "succeeded") {
        await onPaid(paymentIntent.id);
      } else {
        setError(`The payment was not completed (status: ${paymentIntent?.status ?? "unknown"}).`);
      }
    } catch (paymentError) {
      setError(paymentError instanceof Error ? paymentError.message : String(paymentError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card-form" onSubmit={onSubmit} aria-label="Card payment">
      <div className="field">
        <span className="field__label" id="card-element-label">
          Card details
        </span>
        <div className="stripe-card" aria-labelledby="card-element-label">
          <CardElement
            options={{
              style: {
                base: { fontSize: "16px", color: "#0f172a", "::placeholder": { color: "#94a3b8" } },
                invalid: { color: "#b91c1c" },
              },
            }}
          />
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={!stripe || busy}>
        {busy ? "Processing…" : `Pay ${amountLabel}`}
      </button>
    </form>
  );
}
