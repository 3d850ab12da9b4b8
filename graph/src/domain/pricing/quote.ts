/**
 * The one price calculation: every amount an order, a cart or a payment shows or charges comes
 * from `quote`. It is pure and works in integer cents only.
 *
 * The stages, in order: unit prices × quantities (the lines' subtotals), then the order-level
 * amounts (a discount, shipping, the shipping's tax) and each line's own tax, then the totals.
 * Every order-level amount is spread over the lines by `spread`, so each line knows its share and
 * any set of its units has a known refundable amount (`refundableCents`). `sale.ts` runs the
 * stages that need the shop's zones and rates, and hands their amounts here.
 */

/** A line as the calculation takes it: a unit price (cents) and how many units. */
export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

/** The order-level amounts of a quote, each in cents (absent: zero). */
export interface OrderAmounts {
  /** Taken off the subtotal; at most the subtotal. */
  discountCents?: number;
  shippingCents?: number;
  /** Tax of the order as a whole (the shipping's), spread over the lines like shipping. */
  taxCents?: number;
  /** Each line's own tax, rounded (tax/tax-lines.ts), in the order of the lines. */
  lineTaxCents?: readonly number[];
}

/** One line's figures, its shares of the order-level amounts included. */
export interface LineAmounts extends PricedLine {
  /** unitPriceCents × quantity. */
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  /** subtotal − discount + shipping + tax. */
  totalCents: number;
}

/** A whole order's figures: its lines in the order given, and the sums. */
export interface Quote<L extends PricedLine = PricedLine> {
  lines: Array<L & LineAmounts>;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** Why a quote cannot be made: the inputs are not whole, non-negative cents and units. */
export class PricingError extends Error {}

const isCents = (value: number) => Number.isSafeInteger(value) && value >= 0;

function checkedCents(value: number | undefined, what: string): number {
  const cents = value ?? 0;
  if (!isCents(cents)) throw new PricingError(`${what} must be a whole, non-negative number of cents (got ${value})`);
  return cents;
}

/** What `quantity` units at `unitPriceCents` come to: the only multiplication of a price in the shop. */
export function lineSubtotalCents(line: PricedLine): number {
  if (!isCents(line.unitPriceCents))
    throw new PricingError(`A unit price must be whole cents (got ${line.unitPriceCents})`);
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
    throw new PricingError(`A quantity must be a whole number of at least 1 (got ${line.quantity})`);
  const subtotal = line.unitPriceCents * line.quantity;
  if (!Number.isSafeInteger(subtotal)) throw new PricingError("A line's subtotal is too large");
  return subtotal;
}

/**
 * Spreads `amount` cents over lines weighted by `weights` (their subtotals), the one rule for
 * every order-level amount: each line gets floor(amount × weight / Σ weights); the cents left
 * over go to the largest line (the first of equals), but never past its cap, the rest then to the
 * next largest. With no weight at all, everything goes to the first line that can take it. The
 * shares add up to `amount` exactly when the caps allow it (Σ caps ≥ amount).
 */
export function spread(amount: number, weights: readonly number[], caps?: readonly number[]): number[] {
  if (weights.length === 0) {
    if (amount !== 0) throw new PricingError("An amount cannot be spread over no lines");
    return [];
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const capOf = (index: number) => caps?.[index] ?? Infinity;
  // BigInt keeps amount × weight exact however large the two are.
  const shares = weights.map((weight, index) =>
    total === 0 ? 0 : Math.min(capOf(index), Number((BigInt(amount) * BigInt(weight)) / BigInt(total))),
  );
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const largestFirst = weights.map((_, index) => index).sort((a, b) => weights[b] - weights[a] || a - b);
  for (const index of largestFirst) {
    if (left === 0) break;
    const room = capOf(index) - shares[index];
    const given = Math.min(room, left);
    shares[index] += given;
    left -= given;
  }
  if (left !== 0) throw new PricingError("The amount is more than the lines can take");
  return shares;
}

/** The order's figures for `lines` and its order-level amounts. */
export function quote<L extends PricedLine>(lines: readonly L[], amounts: OrderAmounts = {}): Quote<L> {
  const subtotals = lines.map(lineSubtotalCents);
  const subtotalCents = subtotals.reduce((sum, cents) => sum + cents, 0);
  const discountCents = checkedCents(amounts.discountCents, "A discount");
  const shippingCents = checkedCents(amounts.shippingCents, "Shipping");
  const orderTaxCents = checkedCents(amounts.taxCents, "Tax");
  const ownTaxes = lines.map((_, index) => checkedCents(amounts.lineTaxCents?.[index], "A line's tax"));
  if (amounts.lineTaxCents && amounts.lineTaxCents.length !== lines.length)
    throw new PricingError("Each line needs its own tax");
  const taxCents = orderTaxCents + ownTaxes.reduce((sum, cents) => sum + cents, 0);
  if (discountCents > subtotalCents) throw new PricingError("A discount cannot be more than the subtotal");
  if (lines.length === 0 && shippingCents + orderTaxCents > 0)
    throw new PricingError("An order without lines has nothing to ship or tax");
  const discounts = spread(discountCents, subtotals, subtotals);
  const shipping = spread(shippingCents, subtotals);
  const taxes = spread(orderTaxCents, subtotals).map((share, index) => share + ownTaxes[index]);
  const priced = lines.map((line, index) => ({
    ...line,
    subtotalCents: subtotals[index],
    discountCents: discounts[index],
    shippingCents: shipping[index],
    taxCents: taxes[index],
    totalCents: subtotals[index] - discounts[index] + shipping[index] + taxes[index],
  }));
  return {
    lines: priced,
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    totalCents: subtotalCents - discountCents + shippingCents + taxCents,
  };
}

/** The sum of what `items` come to (each a line total, or anything with `totalCents`). */
export const sumOfTotals = (items: ReadonlyArray<{ totalCents: number }>): number =>
  items.reduce((sum, item) => sum + item.totalCents, 0);

/**
 * What `units` more units of a line are worth when `alreadyUnits` of it were refunded before:
 * its total spread over its units so that refunds in any pieces add up to the line's total, never
 * more. (floor(total × units so far / quantity), less what the earlier units took.)
 */
export function refundableCents(
  line: Pick<LineAmounts, "totalCents" | "quantity">,
  alreadyUnits: number,
  units: number,
): number {
  if (!Number.isSafeInteger(alreadyUnits) || !Number.isSafeInteger(units) || alreadyUnits < 0 || units < 0)
    throw new PricingError("Units must be whole and non-negative");
  if (alreadyUnits + units > line.quantity) throw new PricingError("More units than the line has");
  const upTo = (count: number) => Number((BigInt(line.totalCents) * BigInt(count)) / BigInt(line.quantity));
  return upTo(alreadyUnits + units) - upTo(alreadyUnits);
}

/**
 * An order priced again over the lines it keeps (after others were cancelled): its order-level
 * amounts spread over them anew (a discount cut to what is left of the subtotal; shipping and the
 * shipping's own tax), each line keeping its own tax as it was priced; shipping and its tax are
 * dropped when no line is left. Each priced line carries the `line` it came from.
 */
export function requote<L extends PricedLine & { totalCents: number; ownTaxCents: number }>(
  order: { discountCents: number; shippingCents: number; shippingTaxCents: number },
  lines: readonly L[],
): Quote<PricedLine & { line: L }> {
  const kept = lines.map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: line.quantity, line }));
  const subtotal = kept.reduce((sum, line) => sum + lineSubtotalCents(line), 0);
  return quote(kept, {
    discountCents: Math.min(order.discountCents, subtotal),
    shippingCents: kept.length ? order.shippingCents : 0,
    taxCents: kept.length ? order.shippingTaxCents : 0,
    lineTaxCents: lines.map((line) => line.ownTaxCents),
  });
}
