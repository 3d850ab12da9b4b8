import { zoneFor, type Place, type Zoned } from "../addresses/places";

/**
 * What shipping a cart can have to an address, and what each choice costs: the shipping stage of
 * the price calculation (docs/product.md, "Shipping and tax"). Pure: the zones, methods and rates
 * are read by the service and given here.
 *
 * The address picks one zone (a region's own zone beats its country's). Each of that zone's
 * methods is offered unless a rule refuses it, and each refusal says why, so a cart that nothing
 * can ship is refused with its reasons.
 */

export const METHOD_KINDS = ["standard", "express", "collection"] as const;
export type MethodKind = (typeof METHOD_KINDS)[number];

/** A price for parcels up to a weight. */
export interface WeightBand {
  upToGrams: number;
  priceCents: number;
}

export interface ShippingMethod {
  id: string;
  name: string;
  kind: MethodKind;
  /** Ascending by weight; a parcel heavier than the last band cannot go by this method. */
  bands: readonly WeightBand[];
  /** Free when the goods come to at least this much (after discounts, before tax); null: never free. */
  freeOverCents: number | null;
  minDays: number;
  maxDays: number;
  /** Whether the method may carry dangerous goods (air express may not carry large lithium batteries). */
  carriesDangerousGoods: boolean;
}

export interface ShippingZone extends Zoned {
  id: string;
  name: string;
  methods: readonly ShippingMethod[];
}

/** A cart line as shipping sees it. */
export interface ShippableLine {
  name: string;
  quantity: number;
  weightGrams: number;
  dangerousGoods: boolean;
}

export type ShippingOption =
  | { method: ShippingMethod; available: true; priceCents: number; free: boolean }
  | { method: ShippingMethod; available: false; reason: string };

export interface ShippingChoices {
  zone: { id: string; name: string } | null;
  weightGrams: number;
  options: ShippingOption[];
  /** Why nothing can ship, when no option is available (otherwise null). */
  refusal: string | null;
}

/** The parcel's weight: every unit of every line. */
export const parcelWeightGrams = (lines: readonly ShippableLine[]): number =>
  lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);

/** "1.25 kg" or "800 g", as a reason names a weight. */
export function formatWeight(grams: number): string {
  return grams >= 1000 ? `${Number((grams / 1000).toFixed(3))} kg` : `${grams} g`;
}

/** What `method` costs for this parcel, or why it cannot take it. */
export function priceMethod(
  method: ShippingMethod,
  lines: readonly ShippableLine[],
  goodsCents: number,
): ShippingOption {
  const dangerous = lines.find((line) => line.dangerousGoods);
  if (dangerous && !method.carriesDangerousGoods)
    return { method, available: false, reason: `${method.name} cannot carry dangerous goods (${dangerous.name})` };
  const weight = parcelWeightGrams(lines);
  const band = method.bands.find((candidate) => weight <= candidate.upToGrams);
  if (!band) {
    const heaviest = method.bands.at(-1)?.upToGrams ?? 0;
    return {
      method,
      available: false,
      reason: `${method.name} takes parcels up to ${formatWeight(heaviest)}; this one weighs ${formatWeight(weight)}`,
    };
  }
  const free = method.freeOverCents !== null && goodsCents >= method.freeOverCents;
  return { method, available: true, priceCents: free ? 0 : band.priceCents, free };
}

/** Every method the address's zone has, priced or refused, cheapest available first. */
export function shippingChoices(
  zones: readonly ShippingZone[],
  shipTo: Place & { countryName: string },
  lines: readonly ShippableLine[],
  goodsCents: number,
): ShippingChoices {
  const weightGrams = parcelWeightGrams(lines);
  const zone = zoneFor(zones, shipTo);
  if (!zone) return { zone: null, weightGrams, options: [], refusal: `We do not ship to ${shipTo.countryName} yet` };
  const options = zone.methods.map((method) => priceMethod(method, lines, goodsCents)).sort(cheapestAvailableFirst);
  const available = options.some((option) => option.available);
  const reasons = options.flatMap((option) => (option.available ? [] : [option.reason]));
  const refusal = available
    ? null
    : reasons.length
      ? `No shipping method can take this cart: ${reasons.join("; ")}`
      : `No shipping method serves ${zone.name} yet`;
  return { zone: { id: zone.id, name: zone.name }, weightGrams, options, refusal };
}

function cheapestAvailableFirst(a: ShippingOption, b: ShippingOption): number {
  if (a.available !== b.available) return a.available ? -1 : 1;
  if (a.available && b.available && a.priceCents !== b.priceCents) return a.priceCents - b.priceCents;
  return a.method.minDays - b.method.minDays || a.method.name.localeCompare(b.method.name);
}

/** The option the customer chose, if the cart can go by it; why not otherwise. */
export function chosenOption(choices: ShippingChoices, methodId: string): ShippingOption & { available: true } {
  const option = choices.options.find((candidate) => candidate.method.id === methodId);
  if (!option) throw new ShippingError("shippingMethod", "That shipping method does not serve this address");
  if (!option.available) throw new ShippingError("shippingMethod", option.reason);
  return option;
}

/** Why shipping cannot be had, naming the input at fault. */
export class ShippingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
