import { useEffect, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useQuery } from "@apollo/client/react";
import type { AddressInput } from "@/lib/gql/graphql";
import { fieldErrors } from "@/lib/apollo/errors";
import { FormField, fieldAria } from "@/ui/FormField";
import { Spinner } from "@/ui/Spinner";
import { ErrorState } from "@/ui/QueryStates";
import { AddressCountriesDocument } from "./addressFields";
import "./addresses.css";

/** The form's values: every field as text (the optional ones empty when not given). */
export interface AddressValues {
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
}

const FIELDS: ReadonlyArray<keyof AddressValues> = [
  "name",
  "company",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
  "country",
  "phone",
];

export const EMPTY_ADDRESS: AddressValues = {
  name: "",
  company: "",
  line1: "",
  line2: "",
  city: "",
  region: "",
  postalCode: "",
  country: "",
  phone: "",
};

/** An address's fields as the form edits them (an address from the book, or nothing for a new one). */
export function addressValues(address?: Partial<Record<keyof AddressValues, string | null>> | null): AddressValues {
  const values = { ...EMPTY_ADDRESS };
  for (const field of FIELDS) values[field] = address?.[field] ?? "";
  return values;
}

/** The form's values as the API takes them: optional fields left empty are null. */
export function toAddressInput(values: AddressValues): AddressInput {
  const optional = (value: string) => value.trim() || null;
  return {
    name: values.name,
    company: optional(values.company),
    line1: values.line1,
    line2: optional(values.line2),
    city: values.city,
    region: optional(values.region),
    postalCode: values.postalCode,
    country: values.country,
    phone: values.phone,
  };
}

const required = (label: string) => (value: string) => value.trim().length > 0 || `${label} is required`;

interface Props {
  /** The ids' prefix, so two forms on a page do not share ids. */
  idPrefix: string;
  /** The address to edit; a new one when absent. */
  initial?: AddressValues;
  submitLabel: string;
  /** Saves the address; a rejection naming fields (extensions.fields) shows each message on its field. */
  onSubmit: (input: AddressInput) => Promise<unknown>;
  /** Called with a failure that names no field of the form (after the fields' own are shown). */
  onError?: (error: unknown) => void;
  onCancel?: () => void;
  /**
   * The server's messages on fields of this address, given after the form was sent on (the
   * checkout quotes and places with it): each lands on its field, as a rejected onSubmit's do.
   */
  serverErrors?: Partial<Record<keyof AddressValues, string>>;
}

/**
 * A postal address: the country from the shop's list, then the region as a list where the
 * country needs one (US states, Canadian provinces, Australian states). The server checks
 * every field again, and its messages land on their fields.
 */
export function AddressForm({ idPrefix, initial, submitLabel, onSubmit, onError, onCancel, serverErrors }: Props) {
  const countries = useQuery(AddressCountriesDocument);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AddressValues>({ defaultValues: initial ?? EMPTY_ADDRESS });
  const countryCode = useWatch({ control, name: "country" });
  const country = useMemo(
    () => countries.data?.countries.find((candidate) => candidate.code === countryCode) ?? null,
    [countries.data, countryCode],
  );

  useEffect(() => {
    for (const field of FIELDS) {
      const message = serverErrors?.[field];
      if (message) setError(field, { type: "server", message });
    }
  }, [serverErrors, setError]);

  // A region from another country's list means nothing in this one's.
  useEffect(() => {
    if (!country?.regionRequired) return;
    const region = getValues("region");
    if (region && !country.regions.some((listed) => listed.code === region)) setValue("region", "");
  }, [country, getValues, setValue]);

  if (!countries.data && countries.loading) return <Spinner label="Loading countries…" />;
  if (!countries.data)
    return (
      <ErrorState
        error={countries.error}
        onRetry={() => void countries.refetch().catch(() => undefined)}
        title="Could not load the countries"
      />
    );

  const submit = async (values: AddressValues) => {
    try {
      await onSubmit(toAddressInput(values));
    } catch (error) {
      const named = Object.entries(fieldErrors(error)).filter(([field]) =>
        FIELDS.includes(field as keyof AddressValues),
      );
      for (const [field, message] of named) setError(field as keyof AddressValues, { type: "server", message });
      if (named.length === 0) onError?.(error);
    }
  };

  const id = (field: keyof AddressValues) => `${idPrefix}-${field}`;
  const text = (field: keyof AddressValues, label: string, options: { required?: boolean; autoComplete: string }) => (
    <FormField id={id(field)} label={options.required ? label : `${label} (optional)`} error={errors[field]?.message}>
      <input
        id={id(field)}
        type="text"
        autoComplete={options.autoComplete}
        {...register(field, options.required ? { validate: required(label) } : {})}
        {...fieldAria(id(field), errors[field]?.message)}
      />
    </FormField>
  );

  return (
    <form className="card form-card address-form" onSubmit={handleSubmit(submit)} noValidate>
      <div className="form-grid">
        {text("name", "Name", { required: true, autoComplete: "name" })}
        {text("company", "Company", { autoComplete: "organization" })}
      </div>
      {text("line1", "Address line 1", { required: true, autoComplete: "address-line1" })}
      {text("line2", "Address line 2", { autoComplete: "address-line2" })}
      <div className="form-grid">
        {text("city", "City", { required: true, autoComplete: "address-level2" })}
        {text("postalCode", "Postal code", { required: true, autoComplete: "postal-code" })}
      </div>
      <div className="form-grid">
        <FormField id={id("country")} label="Country" error={errors.country?.message}>
          <select
            id={id("country")}
            autoComplete="country"
            {...register("country", { validate: required("Country") })}
            {...fieldAria(id("country"), errors.country?.message)}
          >
            <option value="">Choose a country…</option>
            {countries.data.countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </FormField>
        {country?.regionRequired ? (
          <FormField id={id("region")} label="State or province" error={errors.region?.message}>
            <select
              id={id("region")}
              autoComplete="address-level1"
              {...register("region", {
                validate: (value) => value.length > 0 || `Region is required for ${country.name}`,
              })}
              {...fieldAria(id("region"), errors.region?.message)}
            >
              <option value="">Choose…</option>
              {country.regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </select>
          </FormField>
        ) : (
          text("region", "Region", { autoComplete: "address-level1" })
        )}
      </div>
      <FormField id={id("phone")} label="Phone" error={errors.phone?.message}>
        <input
          id={id("phone")}
          type="tel"
          autoComplete="tel"
          {...register("phone", { validate: required("Phone") })}
          {...fieldAria(id("phone"), errors.phone?.message)}
        />
      </FormField>
      <div className="address-form__actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn--outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
