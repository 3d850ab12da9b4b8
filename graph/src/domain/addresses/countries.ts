import { allCountries } from "country-region-data";
import { countryName, REGION_REQUIRED, regionsOf } from "./address-rules";

/** A country as the address form lists it: the regions to choose from where one is required. */
export interface AddressCountry {
  code: string;
  name: string;
  regionRequired: boolean;
  regions: Array<{ code: string; name: string }>;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en");

/**
 * Every country the address rules know (ISO 3166, from the same list), in name order. Fixed for
 * the life of the process, so it is built once.
 */
export const ADDRESS_COUNTRIES: readonly AddressCountry[] = allCountries
  .map(([, code]) => {
    const regionRequired = REGION_REQUIRED.has(code);
    return {
      code,
      name: countryName(code) ?? code,
      regionRequired,
      regions: regionRequired
        ? regionsOf(code)
            .map(([name, regionCode]) => ({ code: regionCode, name }))
            .sort(byName)
        : [],
    };
  })
  .sort(byName);
