import "./adminZones.css";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import type { ShippingMethodInput, ShippingMethodKind } from "@/lib/gql/graphql";
import { FormField, fieldAria } from "@/ui/FormField";
import { BandsEditor, bandsInput, EMPTY_BAND, type BandValues } from "./BandsEditor";
import { carriesDangerousGoodsByDefault, KIND_LABELS } from "./zoneFormat";
import { placeServerErrors } from "./serverFieldErrors";

export interface MethodFormValues {
  name: string;
  kind: ShippingMethodKind;
  bands: BandValues[];
  /** Dollars; empty: never free. */
  freeOver: string;
  minDays: string;
  maxDays: string;
  carriesDangerousGoods: boolean;
}

/** A method as the API answers it: what the form starts from when editing one. */
export interface MethodShown {
  name: string;
  kind: ShippingMethodKind;
  bands: ReadonlyArray<{ upToGrams: number; price: number }>;
  freeOver?: number | null;
  minDays: number;
  maxDays: number;
  carriesDangerousGoods: boolean;
}

const NEW_METHOD: MethodFormValues = {
  name: "",
  kind: "STANDARD",
  bands: [{ ...EMPTY_BAND }],
  freeOver: "",
  minDays: "",
  maxDays: "",
  carriesDangerousGoods: true,
};

export const methodValues = (method: MethodShown | null): MethodFormValues =>
  method
    ? {
        name: method.name,
        kind: method.kind,
        bands: method.bands.map((band) => ({ upToGrams: String(band.upToGrams), price: band.price.toFixed(2) })),
        freeOver: method.freeOver == null ? "" : method.freeOver.toFixed(2),
        minDays: String(method.minDays),
        maxDays: String(method.maxDays),
        carriesDangerousGoods: method.carriesDangerousGoods,
      }
    : NEW_METHOD;

/** The form's values as the API takes them (the server checks each and names the field at fault). */
export const methodInput = (values: MethodFormValues): ShippingMethodInput => ({
  name: values.name.trim(),
  kind: values.kind,
  bands: bandsInput(values.bands),
  freeOver: values.freeOver.trim() ? Number(values.freeOver.trim()) : null,
  minDays: Number(values.minDays.trim()),
  maxDays: Number(values.maxDays.trim()),
  carriesDangerousGoods: values.carriesDangerousGoods,
});

const METHOD_FIELDS = new Set(["name", "kind", "freeOver", "minDays", "maxDays", "carriesDangerousGoods"]);

/** The server's field (`bands.1.upToGrams`, `bands`, `maxDays`) as the form names it. */
function methodFieldName(field: string): string | null {
  if (field === "bands") return "bands.root";
  if (/^bands\.\d+\.(upToGrams|price)$/.test(field) || METHOD_FIELDS.has(field)) return field;
  return null;
}

const DAYS = /^\d+$/;
const daysRule = (which: string) => (value: string) =>
  DAYS.test(value.trim()) || `The ${which} delivery must be a whole number of working days from 0 to 365`;

interface Props {
  idPrefix: string;
  /** The method edited, or null for a new one. */
  method: MethodShown | null;
  submitLabel: string;
  /** Saves; a refusal is shown on the fields it names, the rest above the form. */
  onSubmit: (input: ShippingMethodInput) => Promise<void>;
  onCancel: () => void;
}

/** A shipping method's settings: name, kind, weight bands, free threshold, delivery estimate, dangerous goods. */
export function ShippingMethodForm({ idPrefix, method, submitLabel, onSubmit, onCancel }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<MethodFormValues>({ defaultValues: methodValues(method) });
  const id = (field: string) => `${idPrefix}-${field}`;

  const submit = async (values: MethodFormValues) => {
    setFormError(null);
    try {
      await onSubmit(methodInput(values));
    } catch (error) {
      setFormError(
        placeServerErrors(
          error,
          (name, message) => setError(name as Path<MethodFormValues>, { type: "server", message }),
          methodFieldName,
        ),
      );
    }
  };

  const kindField = register("kind", {
    // A new kind brings its own default for dangerous goods, unless the admin chose already.
    onChange: (event: { target: { value: ShippingMethodKind } }) => {
      if (!getFieldState("carriesDangerousGoods").isDirty)
        setValue("carriesDangerousGoods", carriesDangerousGoodsByDefault(event.target.value));
    },
  });

  return (
    <form className="card form-card zone-form" onSubmit={handleSubmit(submit)} noValidate>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-grid">
        <FormField id={id("name")} label="Method name" error={errors.name?.message}>
          <input
            id={id("name")}
            type="text"
            maxLength={80}
            {...register("name", { validate: (value) => value.trim().length > 0 || "Name is required" })}
            {...fieldAria(id("name"), errors.name?.message)}
          />
        </FormField>
        <FormField id={id("kind")} label="Kind" error={errors.kind?.message}>
          <select id={id("kind")} {...kindField} {...fieldAria(id("kind"), errors.kind?.message)}>
            {(Object.keys(KIND_LABELS) as ShippingMethodKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <BandsEditor idPrefix={idPrefix} control={control} register={register} errors={errors} />
      <div className="form-grid zone-form__after-bands">
        <FormField
          id={id("freeOver")}
          label="Free over ($)"
          error={errors.freeOver?.message}
          hint="Free when the goods come to at least this; empty: never free"
        >
          <input
            id={id("freeOver")}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...register("freeOver", {
              validate: (value) =>
                !value.trim() ||
                /^\d+(\.\d{1,2})?$/.test(value.trim()) ||
                "Free over must be an amount in dollars (two decimals at most) up to $1,000,000",
            })}
            {...fieldAria(id("freeOver"), errors.freeOver?.message)}
          />
        </FormField>
        <div className="form-grid zone-form__days">
          <FormField id={id("minDays")} label="Soonest (working days)" error={errors.minDays?.message}>
            <input
              id={id("minDays")}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              {...register("minDays", { validate: daysRule("soonest") })}
              {...fieldAria(id("minDays"), errors.minDays?.message)}
            />
          </FormField>
          <FormField id={id("maxDays")} label="Latest (working days)" error={errors.maxDays?.message}>
            <input
              id={id("maxDays")}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              {...register("maxDays", { validate: daysRule("latest") })}
              {...fieldAria(id("maxDays"), errors.maxDays?.message)}
            />
          </FormField>
        </div>
      </div>
      <label className="checkbox">
        <input type="checkbox" {...register("carriesDangerousGoods")} />
        May carry dangerous goods (large lithium batteries); air express usually may not
      </label>
      {errors.carriesDangerousGoods?.message && (
        <p className="field-error" role="alert">
          {errors.carriesDangerousGoods.message}
        </p>
      )}
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
