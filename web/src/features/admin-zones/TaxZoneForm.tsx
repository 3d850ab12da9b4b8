import "./adminZones.css";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import type { CreateTaxZoneInput } from "@/lib/gql/graphql";
import { FormField, fieldAria } from "@/ui/FormField";
import { EMPTY_PLACE, PlacesFields, placesInput, placeValues, type KnownPlace, type PlaceValues } from "./PlacesFields";
import { placeFieldName, placeServerErrors } from "./serverFieldErrors";

export interface TaxZoneFormValues {
  name: string;
  places: PlaceValues[];
  /** "included": prices show tax (VAT); "added": tax is added at checkout (sales tax). */
  prices: "included" | "added";
  taxesShipping: boolean;
  standardRate: string;
  reducedRate: string;
  zeroRate: string;
}

/** A tax zone as the API answers it. */
export interface TaxZoneShown {
  name: string;
  places: readonly KnownPlace[];
  pricesIncludeTax: boolean;
  taxesShipping: boolean;
  standardRate: number;
  reducedRate: number;
  zeroRate: number;
}

const RATES = ["standardRate", "reducedRate", "zeroRate"] as const;
const SETTINGS = new Set<string>(["name", "taxesShipping", ...RATES]);

/** The server's field as the form names it (`pricesIncludeTax` is the prices choice). */
function taxFieldName(field: string): string | null {
  if (field === "pricesIncludeTax") return "prices";
  return SETTINGS.has(field) ? field : placeFieldName(field);
}

/** A percentage as typed: up to 4 decimals, as the server keeps rates (whole millionths). */
const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;
const rateRule = (category: string) => (value: string) =>
  (PERCENT.test(value.trim()) && Number(value) <= 100) ||
  `The ${category} rate must be a percentage from 0 to 100 with at most 4 decimals (8.875)`;

export const taxZoneValues = (zone: TaxZoneShown | null): TaxZoneFormValues =>
  zone
    ? {
        name: zone.name,
        places: zone.places.map(placeValues),
        prices: zone.pricesIncludeTax ? "included" : "added",
        taxesShipping: zone.taxesShipping,
        standardRate: String(zone.standardRate),
        reducedRate: String(zone.reducedRate),
        zeroRate: String(zone.zeroRate),
      }
    : {
        name: "",
        places: [{ ...EMPTY_PLACE }],
        prices: "added",
        taxesShipping: true,
        standardRate: "",
        reducedRate: "",
        zeroRate: "0",
      };

/** The form's values as the API takes them: rates as percentages (the server keeps millionths). */
export const taxZoneInput = (values: TaxZoneFormValues): CreateTaxZoneInput => ({
  name: values.name.trim(),
  places: placesInput(values.places),
  pricesIncludeTax: values.prices === "included",
  taxesShipping: values.taxesShipping,
  standardRate: Number(values.standardRate.trim()),
  reducedRate: Number(values.reducedRate.trim()),
  zeroRate: Number(values.zeroRate.trim()),
});

interface Props {
  idPrefix: string;
  zone: TaxZoneShown | null;
  known: readonly KnownPlace[];
  submitLabel: string;
  onSubmit: (input: CreateTaxZoneInput) => Promise<void>;
  onCancel: () => void;
}

/** A tax zone: its places, whether prices include tax, whether shipping is taxed, and its three rates. */
export function TaxZoneForm({ idPrefix, zone, known, submitLabel, onSubmit, onCancel }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TaxZoneFormValues>({ defaultValues: taxZoneValues(zone) });
  const id = (field: string) => `${idPrefix}-${field}`;

  const submit = async (values: TaxZoneFormValues) => {
    setFormError(null);
    try {
      await onSubmit(taxZoneInput(values));
    } catch (error) {
      setFormError(
        placeServerErrors(
          error,
          (name, message) => setError(name as Path<TaxZoneFormValues>, { type: "server", message }),
          taxFieldName,
        ),
      );
    }
  };

  const rateField = (field: (typeof RATES)[number], label: string, category: string) => (
    <FormField id={id(field)} label={label} error={errors[field]?.message}>
      <input
        id={id(field)}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        {...register(field, { validate: rateRule(category) })}
        {...fieldAria(id(field), errors[field]?.message)}
      />
    </FormField>
  );

  return (
    <form className="card form-card zone-form" onSubmit={handleSubmit(submit)} noValidate>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField id={id("name")} label="Zone name" error={errors.name?.message}>
        <input
          id={id("name")}
          type="text"
          maxLength={80}
          {...register("name", { validate: (value) => value.trim().length > 0 || "Name is required" })}
          {...fieldAria(id("name"), errors.name?.message)}
        />
      </FormField>
      <PlacesFields idPrefix={idPrefix} control={control} register={register} errors={errors} known={known} />
      <fieldset className="zone-form__choice">
        <legend className="field__label">Prices there</legend>
        <label className="checkbox">
          <input type="radio" value="added" {...register("prices")} />
          Tax is added at checkout (sales tax)
        </label>
        <label className="checkbox">
          <input type="radio" value="included" {...register("prices")} />
          Prices include tax (VAT)
        </label>
        {errors.prices?.message && (
          <p className="field-error" role="alert">
            {errors.prices.message}
          </p>
        )}
      </fieldset>
      <label className="checkbox">
        <input type="checkbox" {...register("taxesShipping")} />
        Shipping is taxed (at the standard rate)
      </label>
      {errors.taxesShipping?.message && (
        <p className="field-error" role="alert">
          {errors.taxesShipping.message}
        </p>
      )}
      <div className="zone-form__rates">
        {rateField("standardRate", "Standard rate (%)", "standard")}
        {rateField("reducedRate", "Reduced rate (%)", "reduced")}
        {rateField("zeroRate", "Zero rate (%)", "zero")}
      </div>
      <div className="row-actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : submitLabel}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
