const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Prices are shown in dollars (spec): $1,234.50 */
export function formatPrice(value: number | null | undefined): string {
  return value == null ? "—" : dollars.format(value);
}
