import { lazy, Suspense } from "react";
import type { PublicConfigValues } from "@/lib/config/PublicConfig";
import { Spinner } from "@/ui/Spinner";
import type { BillingDetails } from "./cardPayment";
import { StripeCardForm } from "./StripeCardForm";

// The payment sandbox's card form is a development stand-in: its own chunk, fetched only when the
// server's configuration names a sandbox, so a production shop never downloads it.
const loadSandboxCardForm = () => import("./SandboxCardForm");
const SandboxCardForm = lazy(async () => ({ default: (await loadSandboxCardForm()).SandboxCardForm }));

/** Fetches the sandbox's card form ahead (while the payment is being prepared), when there is a sandbox. */
export function preloadCardForm(config: Pick<PublicConfigValues, "paymentSandboxUrl"> | null | undefined): void {
  if (config?.paymentSandboxUrl) void loadSandboxCardForm().catch(() => undefined);
}

interface Props {
  config: Pick<PublicConfigValues, "paymentSandboxUrl" | "stripePublishableKey">;
  clientSecret: string;
  billing: BillingDetails;
  amountLabel: string;
  onPaid: (transactionId: string) => Promise<void>;
}

/** The card form for a PaymentIntent: Stripe Elements, or the local sandbox's stand-in when the shop runs on it. */
export function CardPayment({ config, clientSecret, billing, amountLabel, onPaid }: Props) {
  if (config.paymentSandboxUrl) {
    return (
      <Suspense fallback={<Spinner label="Loading the card form…" />}>
        <SandboxCardForm
          sandboxUrl={config.paymentSandboxUrl}
          publishableKey={config.stripePublishableKey}
          clientSecret={clientSecret}
          billing={billing}
          amountLabel={amountLabel}
          onPaid={onPaid}
        />
      </Suspense>
    );
  }
  return (
    <StripeCardForm
      publishableKey={config.stripePublishableKey}
      clientSecret={clientSecret}
      billing={billing}
      amountLabel={amountLabel}
      onPaid={onPaid}
    />
  );
}
