import { allCountries } from "country-region-data";
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { MAX } from "../limits";

/*
 * The rules of a postal address: what each field may be, and what a customer who gives another
 * is told, naming the field. Countries are ISO 3166 alpha-2 codes; postal codes are checked by
 * the country's format (postcode-validator) and regions against the country's list
 * (country-region-data) where a parcel or a tax needs them: US states, Canadian provinces and
 * Australian states. Pure: the address book, checkout and the reservation's payment page ask it.
 */

export const ADDRESS_FIELDS = [
  "name",
  "company",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
  "country",
  "phone",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** An address as a customer types it. */
export interface AddressInput {
  name: string;
  company?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postalCode: string;
  country: string;
  phone: string;
}

/** An address as the shop keeps it: trimmed, the country upper case, a listed region as its code. */
export interface PostalAddress {
  name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  country: string;
  phone: string;
}

export interface AddressProblem {
  field: AddressField;
  message: string;
}

/** The longest text of each field. */
export const ADDRESS_LIMITS: Record<AddressField, number> = {
  name: MAX.name,
  company: MAX.name,
  line1: 120,
  line2: 120,
  city: 80,
  region: 80,
  postalCode: 16,
  country: 2,
  phone: 32,
};

/** Digits, optionally after a +: how the shop stores a phone number. */
export const PHONE = /^\+?[0-9]{4,20}$/;

/** Countries whose region is required and must be one of the country's own. */
export const REGION_REQUIRED: ReadonlySet<string> = new Set(["US", "CA", "AU"]);

const COUNTRIES = new Map(allCountries.map(([name, code, regions]) => [code as string, { name, regions }]));

/** The country's English name, or null for a code that is not ISO 3166. */
export const countryName = (code: string): string | null => COUNTRIES.get(code.toUpperCase())?.name ?? null;

/** A country's regions as [name, code], for the address form's list. */
export const regionsOf = (code: string): ReadonlyArray<readonly [string, string]> =>
  COUNTRIES.get(code.toUpperCase())?.regions.map(([name, regionCode]) => [name, regionCode] as const) ?? [];

const LABELS: Record<AddressField, string> = {
  name: "Name",
  company: "Company",
  line1: "Address line 1",
  line2: "Address line 2",
  city: "City",
  region: "Region",
  postalCode: "Postal code",
  country: "Country",
  phone: "Phone",
};

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const optional = (value: unknown): string | null => text(value) || null;

/** Separators people type in phone numbers, dropped before the digits are checked. */
const PHONE_SEPARATORS = /[\s().-]/g;

/** The address kept as the shop keeps it, or every problem with it, each naming its field. */
export function checkAddress(input: AddressInput): { address: PostalAddress } | { problems: AddressProblem[] } {
  const problems: AddressProblem[] = [];
  const problem = (field: AddressField, message: string) => problems.push({ field, message });
  const country = text(input.country).toUpperCase();
  const address: PostalAddress = {
    name: text(input.name),
    company: optional(input.company),
    line1: text(input.line1),
    line2: optional(input.line2),
    city: text(input.city),
    region: optional(input.region),
    postalCode: text(input.postalCode).toUpperCase(),
    country,
    phone: text(input.phone).replace(PHONE_SEPARATORS, ""),
  };
  for (const field of ["name", "line1", "city", "postalCode", "country", "phone"] as const)
    if (!address[field]) problem(field, `${LABELS[field]} is required`);
  for (const field of ADDRESS_FIELDS) {
    const value = field === "phone" ? text(input.phone) : address[field];
    if (value && value.length > ADDRESS_LIMITS[field])
      problem(field, `${LABELS[field]} must be at most ${ADDRESS_LIMITS[field]} characters`);
  }
  if (address.phone && !PHONE.test(address.phone))
    problem("phone", "Phone must be 4 to 20 digits, optionally after a +");
  const known = COUNTRIES.get(country);
  if (country && !known) problem("country", "Country must be a two-letter ISO 3166 code, like US, GB or DE");
  if (known) {
    address.region = regionOf(country, address.region, problem);
    if (address.postalCode && !postalCodeFits(country, address.postalCode))
      problem("postalCode", `"${address.postalCode}" is not a postal code of ${known.name}`);
  }
  return problems.length ? { problems: dropRepeats(problems) } : { address };
}

/** The region as its code when the country lists it; required for the countries that need one. */
function regionOf(
  country: string,
  region: string | null,
  problem: (field: AddressField, message: string) => void,
): string | null {
  if (!REGION_REQUIRED.has(country)) return region;
  const name = COUNTRIES.get(country)!.name;
  if (!region) {
    problem("region", `Region is required for ${name}`);
    return null;
  }
  const wanted = region.toLowerCase();
  const listed = regionsOf(country).find(
    ([full, code]) => code.toLowerCase() === wanted || full.toLowerCase() === wanted,
  );
  if (!listed) problem("region", `"${region}" is not a state or province of ${name}`);
  return listed ? listed[1] : region;
}

/** Whether the postal code has the country's format (any text where no format is known). */
function postalCodeFits(country: string, postalCode: string): boolean {
  return !postcodeValidatorExistsForCountry(country) || postcodeValidator(postalCode, country);
}

/** One problem per field: the first said is the one that matters (required before its format). */
function dropRepeats(problems: AddressProblem[]): AddressProblem[] {
  const seen = new Set<AddressField>();
  return problems.filter((problem) => !seen.has(problem.field) && seen.add(problem.field));
}

/** An address on one line, as a list or an email shows it. */
export function addressOneLine(address: PostalAddress): string {
  const place = [address.city, address.region, address.postalCode].filter(Boolean).join(" ");
  return [address.company, address.line1, address.line2, place, countryName(address.country) ?? address.country]
    .filter(Boolean)
    .join(", ");
}
