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
