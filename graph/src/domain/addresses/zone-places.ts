import { badInput } from "../errors";
import { countryName, regionsOf, REGION_REQUIRED } from "./address-rules";
import type { Place } from "./places";

/**
 * The places of a shipping or tax zone as an admin gives them: a country (ISO 3166), or one region
 * of it. A region is named by its code or its name and kept as its code, as an address keeps it.
 * Regions are taken only for the countries whose addresses name a listed region (the US, Canada,
 * Australia): elsewhere an address keeps its region as typed, and a zone of it would match by chance.
 */

/** A place as an admin types it. */
export interface PlaceInput {
  country: string;
  region?: string | null;
}

/** The most places one zone lists. */
export const MAX_ZONE_PLACES = 300;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** The zone's places, checked and normalised, or a refusal naming the place at fault (`places.2.region`). */
export function checkZonePlaces(places: readonly PlaceInput[]): Place[] {
  const refuse = (field: string, message: string) => badInput(message, { fields: { [field]: [message] } });
  if (places.length === 0) throw refuse("places", "A zone covers at least one country");
  if (places.length > MAX_ZONE_PLACES) throw refuse("places", `A zone lists at most ${MAX_ZONE_PLACES} places`);
  const seen = new Set<string>();
  return places.map((given, index) => {
    const country = text(given.country).toUpperCase();
    if (!/^[A-Z]{2}$/.test(country) || !countryName(country))
      throw refuse(
        `places.${index}.country`,
        `"${text(given.country)}" is not an ISO 3166 country code (US, DE, GB...)`,
      );
    const region = regionOf(country, text(given.region), (message) => refuse(`places.${index}.region`, message));
    const place = { country, region };
    const key = `${country}/${region ?? ""}`;
    if (seen.has(key)) throw refuse(`places.${index}`, `${placeName(place)} is listed twice`);
    seen.add(key);
    return place;
  });
}

function regionOf(country: string, region: string, refuse: (message: string) => Error): string | null {
  if (!region) return null;
  const name = countryName(country)!;
  if (!REGION_REQUIRED.has(country))
    throw refuse(`Zones name regions only in the United States, Canada and Australia; give ${name} as a whole`);
  const wanted = region.toLowerCase();
  const listed = regionsOf(country).find(
    ([full, code]) => code.toLowerCase() === wanted || full.toLowerCase() === wanted,
  );
  if (!listed) throw refuse(`"${region}" is not a state or province of ${name}`);
  return listed[1];
}

/** "Germany", or "New York, United States". */
export function placeName(place: Place): string {
  const country = countryName(place.country) ?? place.country;
  if (!place.region) return country;
  const region = regionsOf(place.country).find(([, code]) => code === place.region)?.[0] ?? place.region;
  return `${region}, ${country}`;
}

/** "US" or "US-NY": how the history lists a place. */
export const placeCode = (place: Place): string => (place.region ? `${place.country}-${place.region}` : place.country);
