/**
 * What the shop counts of its own business, for operators. Services call these as things happen
 * in this process; the edge plugs in an implementation (Prometheus metrics), tests and tools use
 * the silent one. Counting never fails a request.
 */
export interface ShopCounters {
  ordersPlaced(count: number): void;
  ordersPaid(count: number): void;
  ordersExpired(count: number): void;
  ordersRefunded(count: number): void;
  /** A payment that needed a correction: paid for an order no longer payable, an amount mismatch, a dispute... */
  paymentAnomaly(kind: string): void;
  /** A Stripe webhook the shop could not take (bad signature, failure while handling it). */
  webhookFailure(reason: string): void;
  /** A request refused by a rate limit, by the limit's name. */
  rateLimitRefused(limit: string): void;
  /** An attempt to send an email of the outbox: sent, failed and to be retried, or failed for the last time. */
  emailDelivery(outcome: "sent" | "retried" | "gave_up"): void;
}

const ignore = () => undefined;

export const SILENT_COUNTERS: ShopCounters = {
  ordersPlaced: ignore,
  ordersPaid: ignore,
  ordersExpired: ignore,
  ordersRefunded: ignore,
  paymentAnomaly: ignore,
  webhookFailure: ignore,
  rateLimitRefused: ignore,
  emailDelivery: ignore,
};
