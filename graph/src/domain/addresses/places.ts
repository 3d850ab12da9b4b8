/** Where something goes: an ISO 3166 country, and a region (a state or province) where it matters. */
export interface Place {
  country: string;
  region: string | null;
}

/** A zone of shipping or tax: the places it covers, each a whole country or one region of it. */
export interface Zoned {
  places: readonly Place[];
}

/**
 * The zone `place` falls in: one naming its region beats one naming its whole country, so a
 * state's own tax or an island's own rates override the country's. Null when no zone covers it.
 */
export function zoneFor<Z extends Zoned>(zones: readonly Z[], place: Place): Z | null {
  const covers = (zone: Z, region: string | null) =>
    zone.places.some((covered) => covered.country === place.country && covered.region === region);
  return (
    (place.region !== null ? zones.find((zone) => covers(zone, place.region)) : undefined) ??
    zones.find((zone) => covers(zone, null)) ??
    null
  );
}
