/**
 * Prices are shown in dollars (spec): $1,234.50. Written out by hand, as Intl's "en-US" currency
 * format writes them: Chromium builds its first currency formatter slowly, on the main thread of
 * every page that shows a price (docs/performance.md).
 */
export function formatPrice(value: number | null | undefined): string {
  if (value == null) return "—";
  const [whole, cents] = Math.abs(value).toFixed(2).split(".");
  return `${value < 0 ? "-" : ""}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
}

/** A delivery estimate in working days: "3–5 working days", "1 working day"; null without one. */
export function deliveryEstimate(
  minDays: number | null | undefined,
  maxDays: number | null | undefined,
): string | null {
  if (minDays == null || maxDays == null) return null;
  const days = minDays === maxDays ? `${maxDays}` : `${minDays}–${maxDays}`;
  return `${days} working ${maxDays === 1 ? "day" : "days"}`;
}
