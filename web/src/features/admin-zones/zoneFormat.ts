import { formatPrice } from "@/ui/format";
import type { ShippingMethodKind } from "@/lib/gql/graphql";

/** A weight as the server writes it in its messages and the history: "500 g", "2 kg", "2.5 kg". */
export function formatWeight(grams: number): string {
  return grams >= 1000 ? `${Number((grams / 1000).toFixed(3))} kg` : `${grams} g`;
}

/** A weight band as a line of a method's rates: "up to 2 kg: $6.95" ("free" when it costs nothing). */
export const bandLabel = (band: { upToGrams: number; price: number }): string =>
  `up to ${formatWeight(band.upToGrams)}: ${band.price === 0 ? "free" : formatPrice(band.price)}`;

/** A rate as the API gives it (a percentage, 8.875) as people read it: "8.875%". */
export const formatPercent = (percent: number): string => `${Number(percent.toFixed(4))}%`;

/** "New York, United States", or "Germany" for a whole country. */
export const placeLabel = (place: { countryName: string; regionName?: string | null; region?: string | null }) =>
  place.region ? `${place.regionName ?? place.region}, ${place.countryName}` : place.countryName;

/** "3–5 working days", "1 working day", "same day". */
export function daysLabel(minDays: number, maxDays: number): string {
  if (maxDays === 0) return "Same day";
  const unit = maxDays === 1 ? "working day" : "working days";
  return minDays === maxDays ? `${maxDays} ${unit}` : `${minDays}–${maxDays} ${unit}`;
}

export const KIND_LABELS: Record<ShippingMethodKind, string> = {
  STANDARD: "Standard",
  EXPRESS: "Express",
  COLLECTION: "Collection from the warehouse",
};

/** What the server assumes when a method does not say: air express may not carry dangerous goods. */
export const carriesDangerousGoodsByDefault = (kind: ShippingMethodKind): boolean => kind !== "EXPRESS";
