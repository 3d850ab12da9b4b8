/** What a card form reports: the succeeded PaymentIntent's id, or throws with the provider's message. */
export type ConfirmCard = () => Promise<string>;

export interface BillingDetails {
  name: string;
  email: string;
}

/** A PaymentIntent id is the part of its client secret before "_secret_" (Stripe's format). */
export function paymentIntentIdFrom(clientSecret: string): string {
  const index = clientSecret.indexOf("_secret_");
  return index > 0 ? clientSecret.slice(0, index) : clientSecret;
}

export interface SandboxCard {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

/**
 * Confirms a PaymentIntent against the local Stripe-compatible sandbox exactly as Stripe.js
 * would: POST /v1/payment_intents/{id}/confirm, form-encoded, with the publishable key.
 */
export async function confirmWithSandbox(options: {
  sandboxUrl: string;
  publishableKey: string;
  clientSecret: string;
  card: SandboxCard;
  billing: BillingDetails;
}): Promise<string> {
  const { sandboxUrl, publishableKey, clientSecret, card, billing } = options;
  const intentId = paymentIntentIdFrom(clientSecret);
  const body = new URLSearchParams({
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": card.number,
    "payment_method_data[card][exp_month]": card.expMonth,
    "payment_method_data[card][exp_year]": card.expYear,
    "payment_method_data[card][cvc]": card.cvc,
    "payment_method_data[billing_details][name]": billing.name,
    "payment_method_data[billing_details][email]": billing.email,
  });
  let response: Response;
  try {
    response = await fetch(
      `${sandboxUrl.replace(/\/+$/, "")}/v1/payment_intents/${encodeURIComponent(intentId)}/confirm`,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Bearer ${publishableKey}` },
        body,
      },
    );
  } catch {
    throw new Error("Could not reach the payment service. Please try again.");
  }
  const json = (await response.json().catch(() => null)) as {
    id?: string;
    status?: string;
    error?: { message?: string };
  } | null;
  if (!response.ok) throw new Error(json?.error?.message ?? `The payment failed (HTTP ${response.status}).`);
  if (json?.status !== "succeeded" || !json.id) {
    throw new Error(`The payment was not completed (status: ${json?.status ?? "unknown"}).`);
  }
  return json.id;
}
