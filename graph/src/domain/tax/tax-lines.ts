import { zoneFor, type Place, type Zoned } from "../addresses/places";

/**
 * Tax, as the shop's own tables compute it, behind the one seam a tax service would plug into.
 *
 * The rounding rule (docs/product.md, "Shipping and tax"): tax is rounded half up to a whole
 * cent once per tax line, and the order's tax is the sum of its rounded lines, never a rounded
 * sum. A tax line is each order line, and the shipping. In a zone that adds tax at checkout, a
 * line's tax is its rate on the line's amount after its discount. In a zone that shows prices
 * with tax included, the rate is applied to the unit, so every price shown is whole cents and a
 * line is exactly its unit price times its quantity.
 *
 * Rates are whole millionths (ppm): 20% is 200,000 and 8.875% is 88,750.
 */

/** The tax categories a part can be in. */
export const TAX_CATEGORIES = ["standard", "reduced", "zero"] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** One million: a rate of RATE_SCALE ppm is 100%. */
export const RATE_SCALE = 1_000_000;

/** A tax zone's rates and how it shows prices. */
export interface TaxZoneRates {
  id: string;
  name: string;
  /** Prices are shown with tax in them (EU VAT style) rather than tax added at checkout (US sales tax). */
  pricesIncludeTax: boolean;
  /** Shipping is taxed, at the standard rate. */
  taxesShipping: boolean;
  /** The rate of each category, in ppm. */
  ratesPpm: Record<TaxCategory, number>;
}

/** A line as tax sees it: its net unit price, quantity and the discount it carries, in cents. */
export interface TaxableLine {
  unitPriceCents: number;
  quantity: number;
  discountCents: number;
  category: TaxCategory;
}

/** What tax is asked: the lines and shipping of one order, to one address. */
export interface TaxQuery {
  lines: readonly TaxableLine[];
  shippingCents: number;
  shipTo: Place;
}

/** One rounded tax line. */
export interface TaxLine {
  ratePpm: number;
  taxCents: number;
}

/** What a provider answers: a tax line for each order line (in order), and the shipping's. */
export interface TaxResult {
  zone: { id: string; name: string; pricesIncludeTax: boolean } | null;
  lines: TaxLine[];
  shipping: TaxLine;
}

/**
 * The seam: whatever computes tax (the shop's own tables today; a service such as Stripe Tax or
 * Avalara tomorrow) answers a `TaxQuery` with one tax line per order line and one for shipping.
 * The price calculation only adds up what it is given.
 */
export interface TaxProvider {
  taxFor(query: TaxQuery): Promise<TaxResult>;
}

export class TaxError extends Error {}

/** `cents` × `ratePpm`, rounded half up to a whole cent: the only rounding of tax in the shop. */
export function taxOf(cents: number, ratePpm: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new TaxError(`An amount must be whole cents (got ${cents})`);
  checkRate(ratePpm);
  // BigInt keeps cents × rate exact; adding half the scale before dividing rounds half up.
  const scale = BigInt(RATE_SCALE);
  return Number((BigInt(cents) * BigInt(ratePpm) * 2n + scale) / (2n * scale));
}

/** A rate is whole ppm from 0 to 100%. */
export function checkRate(ratePpm: number): void {
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0 || ratePpm > RATE_SCALE)
    throw new TaxError(`A tax rate must be whole millionths from 0 to 100% (got ${ratePpm})`);
}

/** One line's tax in `zone` (the rule above). */
export function lineTax(zone: TaxZoneRates, line: TaxableLine): TaxLine {
  const ratePpm = zone.ratesPpm[line.category];
  const subtotal = line.unitPriceCents * line.quantity;
  if (line.discountCents > subtotal) throw new TaxError("A line's discount cannot be more than its subtotal");
  if (!zone.pricesIncludeTax) return { ratePpm, taxCents: taxOf(subtotal - line.discountCents, ratePpm) };
  const perUnit = taxOf(line.unitPriceCents, ratePpm) * line.quantity;
  return { ratePpm, taxCents: Math.max(0, perUnit - taxOf(line.discountCents, ratePpm)) };
}

/** The tax lines of an order in `zone`: one per line, and the shipping's at the standard rate where the zone taxes it. */
export function zoneTaxLines(zone: TaxZoneRates, lines: readonly TaxableLine[], shippingCents: number): TaxResult {
  const shippingRate = zone.taxesShipping ? zone.ratesPpm.standard : 0;
  return {
    zone: { id: zone.id, name: zone.name, pricesIncludeTax: zone.pricesIncludeTax },
    lines: lines.map((line) => lineTax(zone, line)),
    shipping: { ratePpm: shippingRate, taxCents: taxOf(shippingCents, shippingRate) },
  };
}

/** No tax: what an address outside every tax zone pays (an export, say). */
export function untaxed(lines: readonly TaxableLine[]): TaxResult {
  return { zone: null, lines: lines.map(() => ({ ratePpm: 0, taxCents: 0 })), shipping: { ratePpm: 0, taxCents: 0 } };
}

/** A unit's price as a zone shows it: with its tax in a tax-included zone, without it elsewhere. */
export function shownUnitPriceCents(zone: TaxZoneRates | null, unitPriceCents: number, category: TaxCategory): number {
  if (!zone?.pricesIncludeTax) return unitPriceCents;
  return unitPriceCents + taxOf(unitPriceCents, zone.ratesPpm[category]);
}

/** The shop's own tables as a `TaxProvider`: `zones` are read per query, so admins' changes apply at once. */
export function tableTaxProvider(zones: () => Promise<ReadonlyArray<TaxZoneRates & Zoned>>): TaxProvider {
  return {
    async taxFor(query) {
      const zone = zoneFor(await zones(), query.shipTo);
      return zone ? zoneTaxLines(zone, query.lines, query.shippingCents) : untaxed(query.lines);
    },
  };
}
