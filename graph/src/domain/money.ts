/** Money is stored as integer cents; the API shows dollars. */
export const centsToDollars = (cents: number): number => cents / 100;

/** Dollars with at most two decimals become cents; anything else is not a price. */
export function dollarsToCents(dollars: number): number | null {
  if (typeof dollars !== "number" || !Number.isFinite(dollars) || dollars < 0) return null;
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6 || !Number.isSafeInteger(cents)) return null;
  return cents;
}
