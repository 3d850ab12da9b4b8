import { useState, type FormEvent } from "react";
import { confirmWithSandbox, type BillingDetails } from "./cardPayment";

interface Props {
  sandboxUrl: string;
  publishableKey: string;
  clientSecret: string;
  billing: BillingDetails;
  amountLabel: string;
  onPaid: (transactionId: string) => Promise<void>;
}

const digits = (value: string) => value.replace(/\D/g, "");

/** Groups the card number in fours while typing, like a real card field. */
function formatCardNumber(value: string): string {
  return digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

function formatExpiry(value: string): string {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** Offline card entry: the same checks and answers as Stripe Elements, against the local sandbox. */
export function SandboxCardForm({ sandboxUrl, publishableKey, clientSecret, billing, amountLabel, onPaid }: Props) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const cardNumber = digits(number);
    const expiryMatch = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
    if (cardNumber.length < 12) return setError("Your card number is incomplete.");
    if (!expiryMatch || Number(expiryMatch[1]) < 1 || Number(expiryMatch[1]) > 12)
      return setError("Your card's expiration date is incomplete.");
    if (!/^\d{3,4}$/.test(cvc.trim())) return setError("Your card's security code is incomplete.");
    setBusy(true);
    try {
      const transactionId = await confirmWithSandbox({
        sandboxUrl,
        publishableKey,
        clientSecret,
        billing,
        card: { number: cardNumber, expMonth: expiryMatch[1], expYear: `20${expiryMatch[2]}`, cvc: cvc.trim() },
      });
      await onPaid(transactionId);
    } catch (paymentError) {
      setError(paymentError instanceof Error ? paymentError.message : String(paymentError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card-form" onSubmit={onSubmit} noValidate aria-label="Card payment">
      <p className="notice notice--info">Test mode: use card 4242 4242 4242 4242, any future date and any CVC.</p>
      <div className="field">
        <label htmlFor="card-number" className="field__label">
          Card number
        </label>
        <input
          id="card-number"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(event) => setNumber(formatCardNumber(event.target.value))}
        />
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="card-expiry" className="field__label">
            Expiry (MM/YY)
          </label>
          <input
            id="card-expiry"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.target.value))}
          />
        </div>
        <div className="field">
          <label htmlFor="card-cvc" className="field__label">
            CVC
          </label>
          <input
            id="card-cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={cvc}
            onChange={(event) => setCvc(digits(event.target.value))}
          />
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? "Processing…" : `Pay ${amountLabel}`}
      </button>
    </form>
  );
}
