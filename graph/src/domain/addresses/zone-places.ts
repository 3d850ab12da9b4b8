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

/** Where a problem of a zone's places is told: by default, thrown as the refusal naming its field. */
export type ReportPlaceProblem = (field: string, message: string) => void;

const refuseAtOnce: ReportPlaceProblem = (field, message) => {
  throw badInput(message, { fields: { [field]: [message] } });
};

/**
 * The zone's places, checked and normalised. Each problem is reported naming the place at fault
 * (`places.2.region`); a `report` that does not throw hears every bad place, not only the first,
 * and the places returned are then the good ones.
 */
export function checkZonePlaces(places: readonly PlaceInput[], report: ReportPlaceProblem = refuseAtOnce): Place[] {
  if (places.length === 0) report("places", "A zone covers at least one country");
  if (places.length > MAX_ZONE_PLACES) report("places", `A zone lists at most ${MAX_ZONE_PLACES} places`);
  const seen = new Set<string>();
  const checked: Place[] = [];
  for (const [index, given] of places.slice(0, MAX_ZONE_PLACES).entries()) {
    const country = text(given.country).toUpperCase();
    if (!/^[A-Z]{2}$/.test(country) || !countryName(country)) {
      report(`places.${index}.country`, `"${text(given.country)}" is not an ISO 3166 country code (US, DE, GB...)`);
      continue;
    }
    const region = regionOf(country, text(given.region));
    if ("problem" in region) {
      report(`places.${index}.region`, region.problem);
      continue;
    }
    const place = { country, region: region.code };
    const key = `${country}/${region.code ?? ""}`;
    if (seen.has(key)) {
      report(`places.${index}`, `${placeName(place)} is listed twice`);
      continue;
    }
    seen.add(key);
    checked.push(place);
  }
  return checked;
}

function regionOf(country: string, region: string): { code: string | null } | { problem: string } {
  if (!region) return { code: null };
  const name = countryName(country)!;
  if (!REGION_REQUIRED.has(country))
    return { problem: `Zones name regions only in the United States, Canada and Australia; give ${name} as a whole` };
  const wanted = region.toLowerCase();
  const listed = regionsOf(country).find(
    ([full, code]) => code.toLowerCase() === wanted || full.toLowerCase() === wanted,
  );
  return listed ? { code: listed[1] } : { problem: `"${region}" is not a state or province of ${name}` };
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
