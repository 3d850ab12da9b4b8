import type { EntityManager } from "typeorm";
import type { Order } from "../orders/order.entity";

/** What a reconciliation pass found and did. */
export interface ReconcileReport {
  intents: number;
  markedPaid: number;
  refunded: number;
  canceled: number;
}

/** What a settled payment did: marked lines paid, gave (some of) the money back, or nothing. */
export type SettleOutcome = "paid" | "refunded" | "unchanged";

/**
 * What payments announce, inside the transaction that records them (the mail outbox writes its
 * emails there: a receipt is never written for a payment that was rolled back, nor lost for one
 * that was committed).
 */
export interface PaymentEffects {
  /** `orders` (lines of one order) were just marked paid by the PaymentIntent `intentId`. */
  paid(tx: EntityManager, orders: readonly Order[], intentId: string): Promise<void>;
  /** `order` was refunded in full (by an admin, or at Stripe). */
  refunded(tx: EntityManager, order: Order): Promise<void>;
  /** Part of what `order` cost was refunded at Stripe: `refundedCents` of it so far, in all (the order stays paid). */
  partlyRefunded(tx: EntityManager, order: Order, refundedCents: number): Promise<void>;
  /** The shop gave back `cents` of the PaymentIntent `intentId`, which paid for `orders` that could not keep it. */
  givenBack(tx: EntityManager, orders: readonly Order[], intentId: string, cents: number): Promise<void>;
}

export const NO_PAYMENT_EFFECTS: PaymentEffects = {
  paid: async () => undefined,
  refunded: async () => undefined,
  partlyRefunded: async () => undefined,
  givenBack: async () => undefined,
};

/** Effects run one after the other, in the given order, in the same transaction (invoicing before the outbox names its invoice). */
export function inTurn(...effects: readonly PaymentEffects[]): PaymentEffects {
  return {
    async paid(tx, orders, intentId) {
      for (const effect of effects) await effect.paid(tx, orders, intentId);
    },
    async refunded(tx, order) {
      for (const effect of effects) await effect.refunded(tx, order);
    },
    async partlyRefunded(tx, order, refundedCents) {
      for (const effect of effects) await effect.partlyRefunded(tx, order, refundedCents);
    },
    async givenBack(tx, orders, intentId, cents) {
      for (const effect of effects) await effect.givenBack(tx, orders, intentId, cents);
    },
  };
}
