import { useCallback, useEffect, useRef, useState } from "react";
import type { PublicConfigValues } from "@/lib/config/PublicConfig";
import { ErrorState } from "@/ui/QueryStates";
import { Spinner } from "@/ui/Spinner";
import { CardPayment, preloadCardForm } from "./CardPayment";
import type { BillingDetails } from "./cardPayment";

/** A PaymentIntent being opened for the card form: what the shop answered, or why it could not. */
export type PaymentIntentState<T> =
  { state: "idle" } | { state: "creating" } | ({ state: "ready" } & T) | { state: "failed"; error: unknown };

/**
 * Opens the PaymentIntent of what is being paid (`subjectId`: an order or a checkout) once per
 * visit while `wanted` (the shop answers the same intent for the same subject anyway), and fetches
 * the sandbox's card form meanwhile. `open` asks the shop; `requestIntent` asks again after a failure.
 */
export function usePaymentIntent<T extends { clientSecret: string }>(
  config: Pick<PublicConfigValues, "paymentSandboxUrl"> | null | undefined,
  subjectId: string | undefined,
  wanted: boolean,
  open: () => Promise<T | undefined>,
) {
  const [intent, setIntent] = useState<PaymentIntentState<T>>({ state: "idle" });
  const requestedFor = useRef<string | null>(null);

  const requestIntent = useCallback(async () => {
    setIntent({ state: "creating" });
    try {
      const opened = await open();
      if (!opened) throw new Error("The payment could not be prepared.");
      setIntent({ state: "ready", ...opened });
    } catch (intentError) {
      setIntent({ state: "failed", error: intentError });
    }
  }, [open]);

  // Fetch the sandbox form while the payment is being prepared, not after.
  useEffect(() => preloadCardForm(config), [config]);

  useEffect(() => {
    if (!wanted || !subjectId || requestedFor.current === subjectId) return;
    requestedFor.current = subjectId;
    void requestIntent();
  }, [wanted, subjectId, requestIntent]);

  return { intent, requestIntent };
}

interface IntentCardPaymentProps<T extends { clientSecret: string }> {
  intent: PaymentIntentState<T>;
  onRetry: () => void;
  config: Pick<PublicConfigValues, "paymentSandboxUrl" | "stripePublishableKey">;
  billing: BillingDetails;
  amountLabel: string;
  onPaid: (transactionId: string) => Promise<void>;
}

/** The card form once the intent is open; a spinner while it opens, and a retry when it could not. */
export function IntentCardPayment<T extends { clientSecret: string }>({
  intent,
  onRetry,
  ...payment
}: IntentCardPaymentProps<T>) {
  if (intent.state === "failed")
    return <ErrorState error={intent.error} onRetry={onRetry} title="Could not prepare the payment" />;
  if (intent.state !== "ready") return <Spinner label="Preparing the payment…" />;
  return <CardPayment clientSecret={intent.clientSecret} {...payment} />;
}
