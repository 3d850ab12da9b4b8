import { useMemo } from "react";
import { useQuery } from "@apollo/client/react";
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { FormField, fieldAria } from "@/ui/FormField";
import { AddressCountriesDocument } from "@/features/addresses";

/** A place as the form holds it: a country's code, and a region's code or name (US, CA, AU only). */
export interface PlaceValues {
  country: string;
  region: string;
}

export interface ZonePlacesValues {
  places: PlaceValues[];
}

/** A place as the API answers it. */
export interface KnownPlace {
  country: string;
  countryName: string;
  region?: string | null;
  regionName?: string | null;
}

/** The countries whose zones may name a state or province (the server's rule: addresses there name one). */
export const REGION_COUNTRIES: ReadonlySet<string> = new Set(["US", "CA", "AU"]);

export const EMPTY_PLACE: PlaceValues = { country: "", region: "" };

/** The places as the API takes them: codes upper case, a region only where the country has them. */
export function placesInput(places: readonly PlaceValues[]): Array<{ country: string; region?: string }> {
  return places.map(({ country, region }) => {
    const code = country.trim().toUpperCase();
    return REGION_COUNTRIES.has(code) && region.trim() ? { country: code, region: region.trim() } : { country: code };
  });
}

/** A zone's place as the form starts it. */
export const placeValues = (place: KnownPlace): PlaceValues => ({ country: place.country, region: place.region ?? "" });

const countryRule = (value: string) =>
  /^[A-Za-z]{2}$/.test(value.trim()) || "Give the country's 2-letter ISO code (US, DE, GB)";

interface Props<T extends ZonePlacesValues> {
  idPrefix: string;
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Places the shop's zones already name: suggested first as the admin types (any ISO code is taken). */
  known: readonly KnownPlace[];
}

/**
 * A zone's places, one row each: a country's ISO code (every country the address book knows is
 * suggested with its name) and, in the US, Canada and Australia, an optional state or province
 * (left empty: the whole country). The server checks the codes and names the row at fault.
 */
export function PlacesFields<T extends ZonePlacesValues>({ idPrefix, control, register, errors, known }: Props<T>) {
  // The form's values include the places; react-hook-form's types cannot see that through T.
  const placesControl = control as unknown as Control<ZonePlacesValues>;
  const registerPlace = register as unknown as UseFormRegister<ZonePlacesValues>;
  const placeErrors = (errors as FieldErrors<ZonePlacesValues>).places;
  const { fields, append, remove } = useFieldArray({ control: placesControl, name: "places" });
  const typed = useWatch({ control: placesControl, name: "places" });
  const listed = useQuery(AddressCountriesDocument).data?.countries;
  const { countries, regions } = useMemo(() => suggestions(known, listed ?? []), [known, listed]);
  const listError = placeErrors?.root?.message ?? placeErrors?.message;

  return (
    <fieldset className="zone-places" aria-describedby={listError ? `${idPrefix}-places-error` : undefined}>
      <legend className="field__label">Places</legend>
      <p className="field__hint">
        A country&rsquo;s 2-letter code; in the United States, Canada and Australia a state or province too, or none for
        the whole country.
      </p>
      <datalist id={`${idPrefix}-countries`}>
        {countries.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </datalist>
      {fields.map((field, index) => {
        const countryId = `${idPrefix}-places-${index}-country`;
        const regionId = `${idPrefix}-places-${index}-region`;
        const country = (typed?.[index]?.country ?? "").trim().toUpperCase();
        const countryError = placeErrors?.[index]?.country?.message;
        const regionError = placeErrors?.[index]?.region?.message;
        return (
          <div className="zone-places__row" key={field.id}>
            <FormField id={countryId} label={`Place ${index + 1}: country`} error={countryError}>
              <input
                id={countryId}
                type="text"
                list={`${idPrefix}-countries`}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={2}
                {...registerPlace(`places.${index}.country`, { validate: countryRule })}
                {...fieldAria(countryId, countryError)}
              />
            </FormField>
            {REGION_COUNTRIES.has(country) ? (
              <FormField id={regionId} label={`Place ${index + 1}: state or province (optional)`} error={regionError}>
                <input
                  id={regionId}
                  type="text"
                  list={regions.has(country) ? `${idPrefix}-regions-${country}` : undefined}
                  autoComplete="off"
                  {...registerPlace(`places.${index}.region`)}
                  {...fieldAria(regionId, regionError)}
                />
              </FormField>
            ) : (
              <p className="zone-places__whole small">{country.length === 2 ? "The whole country" : ""}</p>
            )}
            <button
              type="button"
              className="btn btn--small btn--outline zone-places__remove"
              disabled={fields.length === 1}
              onClick={() => remove(index)}
              aria-label={`Remove place ${index + 1}`}
            >
              Remove
            </button>
          </div>
        );
      })}
      {[...regions].map(([country, names]) => (
        <datalist key={country} id={`${idPrefix}-regions-${country}`}>
          {names.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </datalist>
      ))}
      {listError && (
        <p className="field-error" id={`${idPrefix}-places-error`} role="alert">
          {listError}
        </p>
      )}
      <button type="button" className="btn btn--small btn--outline" onClick={() => append({ ...EMPTY_PLACE })}>
        Add a place
      </button>
    </fieldset>
  );
}

/** A country as the address book lists it, with its states or provinces where addresses need one. */
interface ListedCountry {
  code: string;
  name: string;
  regions: ReadonlyArray<{ code: string; name: string }>;
}

/** The countries and regions the fields suggest, by code: the address book's list, and whatever the zones already name. */
function suggestions(known: readonly KnownPlace[], listed: readonly ListedCountry[]) {
  const countries = new Map<string, string>();
  const regions = new Map<string, Map<string, string>>();
  for (const country of listed) {
    countries.set(country.code, country.name);
    if (country.regions.length > 0) regions.set(country.code, new Map(country.regions.map((r) => [r.code, r.name])));
  }
  for (const place of known) {
    countries.set(place.country, place.countryName);
    if (!place.region) continue;
    const ofCountry = regions.get(place.country) ?? new Map<string, string>();
    ofCountry.set(place.region, place.regionName ?? place.region);
    regions.set(place.country, ofCountry);
  }
  const sorted = (entries: Map<string, string>) => [...entries].sort((a, b) => a[1].localeCompare(b[1]));
  return {
    countries: sorted(countries),
    regions: new Map([...regions].map(([country, names]) => [country, sorted(names)])),
  };
}
