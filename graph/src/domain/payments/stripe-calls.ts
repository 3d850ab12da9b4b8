import Stripe from "stripe";
import { badInput, ShopError } from "../errors";

/** The currency of every payment of the shop. */
export const CURRENCY = "usd";

/** A signed payload is Stripe's, but the shape is checked before it is read. */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
export const isEvent = (value: unknown): value is Stripe.Event =>
  isObject(value) && typeof value.type === "string" && isObject(value.data);
export const isPaymentIntent = (value: unknown): value is Stripe.PaymentIntent =>
  isObject(value) &&
  value.object === "payment_intent" &&
  typeof value.id === "string" &&
  typeof value.amount === "number";
export const isCharge = (value: unknown): value is Stripe.Charge =>
  isObject(value) && value.object === "charge" && typeof value.id === "string" && typeof value.amount === "number";
export const isDispute = (value: unknown): value is Stripe.Dispute =>
  isObject(value) && value.object === "dispute" && typeof value.id === "string";

/** Stripe refuses to refund a charge the customer disputed (a chargeback). */
export const isDisputedRefusal = (error: unknown) =>
  error instanceof ShopError && error.details.stripeCode === "charge_disputed";
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);
/** A PaymentIntent in these states can still be paid, or called off. */
export const STILL_OPEN: ReadonlySet<string> = new Set([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
]);
/** A PaymentIntent in these states can still have its amount changed (Stripe refuses once it is processing). */
export const AMOUNT_CHANGEABLE: ReadonlySet<string> = new Set([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
]);

/** Refunds that are money given back or on its way (not failed, not cancelled). */
export const effectiveRefunds = (refunds: readonly Stripe.Refund[]): Stripe.Refund[] =>
  refunds.filter((refund) => refund.status !== "failed" && refund.status !== "canceled");

/** The shop's calls to Stripe: provider failures become clear, typed errors instead of 500s. */
export class StripeCalls {
  constructor(readonly stripe: Stripe) {}

  async call<T>(operation: () => Promise<T>, missingMessage = "Payment not found"): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing")
        throw badInput(missingMessage);
      if (error instanceof Stripe.errors.StripeError) {
        if (
          error.type === "StripeConnectionError" ||
          error.type === "StripeAPIError" ||
          error.type === "StripeAuthenticationError"
        ) {
          throw new ShopError("SERVICE_UNAVAILABLE", "The payment service is unavailable right now; please try again");
        }
        throw badInput(error.message, { stripeCode: error.code });
      }
      throw error;
    }
  }

  /** Every refund of a PaymentIntent that gives money back or is about to. */
  async refundsOf(intentId: string): Promise<Stripe.Refund[]> {
    const refunds = await this.call(() => this.stripe.refunds.list({ payment_intent: intentId, limit: 100 }));
    return effectiveRefunds(refunds.data);
  }

  /** How much of a PaymentIntent's money Stripe has given back or is giving back. */
  async refundedCents(intentId: string): Promise<number> {
    return (await this.refundsOf(intentId)).reduce((sum, refund) => sum + refund.amount, 0);
  }

  /** A refund of a PaymentIntent (in full unless `params.amount`); null when Stripe says it was refunded already. */
  async refundIntent(
    intentId: string,
    params: Omit<Stripe.RefundCreateParams, "payment_intent">,
    idempotencyKey: string,
  ): Promise<Stripe.Refund | null> {
    try {
      return await this.call(() =>
        this.stripe.refunds.create({ payment_intent: intentId, ...params }, { idempotencyKey }),
      );
    } catch (error) {
      if (
        error instanceof ShopError &&
        (error.details.stripeCode === "charge_already_refunded" || /already been refunded/i.test(error.message))
      )
        return null;
      throw error;
    }
  }

  /** Calls off an open PaymentIntent, once whoever asks. */
  cancelIntent(intentId: string): Promise<Stripe.PaymentIntent> {
    return this.call(() =>
      this.stripe.paymentIntents.cancel(
        intentId,
        { cancellation_reason: "abandoned" },
        { idempotencyKey: `release-${intentId}` },
      ),
    );
  }
}
