import type { FulfilmentStatus } from "@/lib/gql/graphql";
import "./fulfilment.css";

/** How a paid order's parcels stand, in the shop's words. */
export const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
  TO_SHIP: "To ship",
  PARTLY_SHIPPED: "Partly shipped",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
};

const BADGE_CLASS: Record<FulfilmentStatus, string> = {
  TO_SHIP: "badge badge--warning",
  PARTLY_SHIPPED: "badge badge--info",
  SHIPPED: "badge badge--info",
  DELIVERED: "badge badge--success",
};

/**
 * An order's fulfilment state, shown beside its status (which keeps the spec's words: a paid
 * order is "Shipped" to its customer whatever left the warehouse). Nothing for an order that has
 * none (unpaid, cancelled, refunded before shipping).
 */
export function FulfilmentBadge({
  fulfilment,
  labelled = true,
}: {
  fulfilment: FulfilmentStatus | null | undefined;
  /** Says "Fulfilment:" before the state (a list's status cell); not where a label already says it. */
  labelled?: boolean;
}) {
  if (!fulfilment) return null;
  const badge = <span className={BADGE_CLASS[fulfilment]}>{FULFILMENT_LABELS[fulfilment]}</span>;
  if (!labelled) return badge;
  return (
    <span className="fulfilment-state" data-testid="fulfilment-state">
      <span className="fulfilment-state__label">Fulfilment:</span> {badge}
    </span>
  );
}
