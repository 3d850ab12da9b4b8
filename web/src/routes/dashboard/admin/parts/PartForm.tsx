import { useEffect, useState, type ReactNode } from "react";
import { useForm, useWatch, type UseFormSetError } from "react-hook-form";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { apiUrl } from "@/lib/apiUrl";
import { errorMessage } from "@/lib/apollo/errors";
import { FormField, fieldAria } from "@/ui/FormField";
import type { TaxCategory as TaxCategoryValue } from "@/lib/gql/graphql";
import {
  alternativeNumbersProblem,
  batteryProblem,
  BATTERY_MESSAGE,
  compatibleModelsProblem,
  DANGEROUS_BATTERY_WH,
  dimensionMessage,
  dimensionProblem,
  DIMENSION_FIELDS,
  DIMENSIONS_TOGETHER_MESSAGE,
  type DimensionField,
  shippingFactsProblems,
  WEIGHT_MESSAGE,
  weightProblem,
  IMAGE_URL,
  partFieldProblem,
  PRICE_AMOUNT_MESSAGE,
  priceProblem,
  requiredMessage,
  TEXT_LIMITS,
  wholeNumberMessage,
  wholeNumberProblem,
} from "@part-rules";
import { PhotoUpload } from "../PhotoUpload";
import "./PartForm.css";

/** The form's values, as typed (numbers too). */
export interface PartFormValues {
  name: string;
  partNumber: string;
  /** One number per line (or separated by commas). */
  alternativeNumbers: string;
  shortDesc: string;
  price: string;
  available: string;
  minOrderQuantity: string;
  lowStockThreshold: string;
  img: string;
  /** One "Brand Model" per line. */
  compatibleModels: string;
  /** Grams; blank is 0 (not weighed yet). */
  weightGrams: string;
  /** Millimetres: all three, or all blank. */
  lengthMm: string;
  widthMm: string;
  heightMm: string;
  dangerousGoods: boolean;
  /** Watt-hours; blank: no battery. */
  batteryWh: string;
  taxCategory: TaxCategoryValue;
}

/** The values once checked, as the API takes them. */
export interface PartValues {
  name: string;
  /** Left out when blank: a new part then gets the shop's own number. */
  partNumber?: string;
  alternativeNumbers: string[];
  shortDesc: string;
  price: number;
  available: number;
  minOrderQuantity: number;
  lowStockThreshold: number;
  img: string;
  compatibleModels: string[];
  weightGrams: number;
  /** Null: its size is not known (on an edit, all three null remove it). */
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  dangerousGoods: boolean;
  batteryWh: number | null;
  taxCategory: TaxCategoryValue;
}

/** The tax categories, as the select offers them. */
export const TAX_CATEGORY_OPTIONS: ReadonlyArray<{ value: TaxCategoryValue; label: string }> = [
  { value: "STANDARD", label: "Standard rate" },
  { value: "REDUCED", label: "Reduced rate" },
  { value: "ZERO", label: "Zero rate" },
];

export const EMPTY_PART: PartFormValues = {
  name: "",
  partNumber: "",
  alternativeNumbers: "",
  shortDesc: "",
  price: "",
  available: "0",
  minOrderQuantity: "1",
  lowStockThreshold: "10",
  img: "",
  compatibleModels: "",
  weightGrams: "0",
  lengthMm: "",
  widthMm: "",
  heightMm: "",
  dangerousGoods: false,
  batteryWh: "",
  taxCategory: "STANDARD",
};

const FIELDS = Object.keys(EMPTY_PART) as Array<keyof PartFormValues>;
const DIMENSION_LABELS: Record<DimensionField, string> = {
  lengthMm: "Length (mm)",
  widthMm: "Width (mm)",
  heightMm: "Height (mm)",
};
/** A number as typed: digits, a point and a sign; what the number may be is the part rules' to say. */
const DECIMAL = /^-?\d+(\.\d+)?$/;
const WHOLE = /^-?\d+$/;

const pass = (problem: string | null) => problem ?? true;

/** A typed price: its rule's words for a blank, for text that is no number and for a number that is no price. */
function priceRule(value: string): string | true {
  const typed = value.trim();
  if (!typed) return requiredMessage("price");
  return DECIMAL.test(typed) ? pass(priceProblem(Number(typed), true)) : PRICE_AMOUNT_MESSAGE;
}

/** A typed whole number (stock, minimum order quantity, threshold), by its rule. */
const wholeRule = (field: "available" | "minOrderQuantity" | "lowStockThreshold") => (value: string) =>
  WHOLE.test(value.trim()) ? pass(wholeNumberProblem(field, Number(value.trim()), true)) : wholeNumberMessage(field);

/** A typed weight in grams; blank is 0 (not weighed yet). */
const weightRule = (value: string) => {
  const typed = value.trim();
  if (!typed) return true;
  return WHOLE.test(typed) ? pass(weightProblem(Number(typed))) : WEIGHT_MESSAGE;
};

/** A typed dimension: blank with the other two, or whole millimetres within bounds with them. */
const dimensionRule = (field: DimensionField) => (value: string, values: PartFormValues) => {
  const typed = value.trim();
  if (typed && !WHOLE.test(typed)) return dimensionMessage(field);
  if (typed) {
    const problem = dimensionProblem(field, Number(typed));
    if (problem) return problem;
  }
  const given = DIMENSION_FIELDS.map((other) => Boolean(values[other].trim()));
  return given.every(Boolean) || !given.some(Boolean) ? true : typed ? true : DIMENSIONS_TOGETHER_MESSAGE;
};

/** A typed battery in watt-hours; blank is none. */
const batteryRule = (value: string) => {
  const typed = value.trim();
  if (!typed) return true;
  return DECIMAL.test(typed) ? pass(batteryProblem(Number(typed))) : BATTERY_MESSAGE;
};

/** A battery over the limit must be marked as dangerous goods (the message is the server's). */
const dangerousGoodsRule = (checked: boolean, values: PartFormValues) => {
  const battery = values.batteryWh.trim();
  if (!battery || !DECIMAL.test(battery)) return true;
  const [problem] = shippingFactsProblems({ batteryWh: Number(battery), dangerousGoods: checked });
  return problem ? problem.message : true;
};

/**
 * The fields' checks: the server's own rules of a part (graph's part-rules.ts, imported as it is),
 * so most mistakes never leave the page and those that do read the same.
 */
const rules = {
  name: (value: string) => pass(partFieldProblem("name", value, true)),
  partNumber: (value: string) => (value.trim() ? pass(partFieldProblem("partNumber", value)) : true),
  alternativeNumbers: (value: string) => pass(alternativeNumbersProblem(numberLines(value))),
  shortDesc: (value: string) => pass(partFieldProblem("shortDesc", value, true)),
  price: priceRule,
  available: wholeRule("available"),
  minOrderQuantity: wholeRule("minOrderQuantity"),
  lowStockThreshold: wholeRule("lowStockThreshold"),
  img: (value: string) => pass(partFieldProblem("img", value, true)),
  compatibleModels: (value: string) => pass(compatibleModelsProblem(modelLines(value))),
  weightGrams: weightRule,
  lengthMm: dimensionRule("lengthMm"),
  widthMm: dimensionRule("widthMm"),
  heightMm: dimensionRule("heightMm"),
  dangerousGoods: dangerousGoodsRule,
  batteryWh: batteryRule,
  taxCategory: () => true,
} satisfies { [F in keyof PartFormValues]: (value: PartFormValues[F], values: PartFormValues) => string | true };

/** A typed number, or null when blank. */
const numberOrNull = (value: string) => (value.trim() ? Number(value.trim()) : null);

/** The numbers of the alternative numbers field: one a line, or separated by commas. */
const numberLines = (value: string) =>
  value
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The lines of the models field that name something. */
const modelLines = (value: string) =>
  value
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

export function parsePartValues(values: PartFormValues): PartValues {
  return {
    name: values.name.trim(),
    ...(values.partNumber.trim() ? { partNumber: values.partNumber.trim() } : {}),
    alternativeNumbers: numberLines(values.alternativeNumbers),
    shortDesc: values.shortDesc.trim(),
    price: Number(values.price.trim()),
    available: Number(values.available.trim()),
    minOrderQuantity: Number(values.minOrderQuantity.trim()),
    lowStockThreshold: Number(values.lowStockThreshold.trim()),
    img: values.img.trim(),
    compatibleModels: modelLines(values.compatibleModels),
    weightGrams: numberOrNull(values.weightGrams) ?? 0,
    lengthMm: numberOrNull(values.lengthMm),
    widthMm: numberOrNull(values.widthMm),
    heightMm: numberOrNull(values.heightMm),
    dangerousGoods: values.dangerousGoods,
    batteryWh: numberOrNull(values.batteryWh),
    taxCategory: values.taxCategory,
  };
}

/**
 * Puts the server's per-field messages (extensions.fields) under their fields; true when it did.
 * expectedAvailable is the stock field's business.
 */
export function showServerFieldErrors(error: unknown, setError: UseFormSetError<PartFormValues>): boolean {
  if (!CombinedGraphQLErrors.is(error)) return false;
  const fields = error.errors[0]?.extensions?.fields as Record<string, string[]> | undefined;
  let shown = false;
  for (const [field, messages] of Object.entries(fields ?? {})) {
    const name = (field === "expectedAvailable" ? "available" : field) as keyof PartFormValues;
    if (!FIELDS.includes(name)) continue;
    setError(name, { type: "server", message: messages[messages.length - 1] });
    shown = true;
  }
  return shown;
}

interface Props {
  idPrefix: string;
  initial: PartFormValues;
  submitLabel: string;
  busyLabel: string;
  /** Under the stock field (the edit page says what the figure means there). */
  stockHint?: ReactNode;
  /**
   * The part's stock as the shop has it now (edit page): shown in the stock field while the admin
   * has not typed in it, and reported with `onStockShown` (it becomes the figure the admin saw).
   */
  stock?: number;
  onStockShown?: (stock: number) => void;
  /**
   * Whether the form has the image field (a new part's first image). The edit page leaves it out:
   * its Images section manages the part's images (and img, the first, is not saved from here).
   */
  imageField?: boolean;
  /** Saves; a thrown error is shown (per field when the server names them). */
  onSubmit: (
    values: PartValues,
    form: { setError: UseFormSetError<PartFormValues>; reset: (values: PartFormValues) => void },
  ) => Promise<void>;
}

/** The fields of a part, for adding one and for editing one. */
export function PartForm({
  idPrefix,
  initial,
  submitLabel,
  busyLabel,
  stockHint,
  stock,
  onStockShown,
  imageField = true,
  onSubmit,
}: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    reset,
    resetField,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<PartFormValues>({ defaultValues: initial });
  const id = (field: string) => `${idPrefix}-${field}`;
  const img = useWatch({ control, name: "img" });
  const stockTyped = Boolean(dirtyFields.available);

  useEffect(() => {
    if (stock === undefined || stockTyped) return;
    resetField("available", { defaultValue: String(stock) });
    onStockShown?.(stock);
  }, [stock, stockTyped, resetField, onStockShown]);

  const submit = async (values: PartFormValues) => {
    setFormError(null);
    try {
      await onSubmit(parsePartValues(values), { setError, reset });
    } catch (error) {
      if (!showServerFieldErrors(error, setError)) setFormError(errorMessage(error));
    }
  };

  const field = (name: keyof PartFormValues) => ({
    ...register(name, { validate: rules[name] as (value: unknown, values: PartFormValues) => string | true }),
    ...fieldAria(id(name), errors[name]?.message),
  });

  return (
    <form className="card form-card part-form" onSubmit={handleSubmit(submit)} noValidate>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField id={id("name")} label="Name" error={errors.name?.message}>
        <input id={id("name")} type="text" {...field("name")} />
      </FormField>
      <div className="form-grid">
        <FormField
          id={id("partNumber")}
          label="Part number"
          error={errors.partNumber?.message}
          hint="As printed on the part, like 5B10W13930; left empty, the shop gives it its own"
        >
          <input
            id={id("partNumber")}
            type="text"
            autoCapitalize="characters"
            spellCheck={false}
            {...field("partNumber")}
          />
        </FormField>
        <FormField
          id={id("alternativeNumbers")}
          label="Alternative numbers"
          error={errors.alternativeNumbers?.message}
          hint="Numbers it replaces or is also sold as (FRU, OEM), one per line"
        >
          <textarea id={id("alternativeNumbers")} rows={2} spellCheck={false} {...field("alternativeNumbers")} />
        </FormField>
      </div>
      <FormField
        id={id("shortDesc")}
        label="Description"
        error={errors.shortDesc?.message}
        hint={`Up to ${TEXT_LIMITS.shortDesc} characters`}
      >
        <textarea id={id("shortDesc")} rows={3} {...field("shortDesc")} />
      </FormField>
      <div className="form-grid">
        <FormField id={id("price")} label="Price ($)" error={errors.price?.message}>
          <input id={id("price")} type="number" inputMode="decimal" min={0} step="0.01" {...field("price")} />
        </FormField>
        <FormField id={id("available")} label="Stock" error={errors.available?.message}>
          <input id={id("available")} type="number" inputMode="numeric" min={0} step="1" {...field("available")} />
        </FormField>
        <FormField id={id("minOrderQuantity")} label="Minimum order quantity" error={errors.minOrderQuantity?.message}>
          <input
            id={id("minOrderQuantity")}
            type="number"
            inputMode="numeric"
            min={1}
            step="1"
            {...field("minOrderQuantity")}
          />
        </FormField>
        <FormField
          id={id("lowStockThreshold")}
          label="Low-stock threshold"
          error={errors.lowStockThreshold?.message}
          hint="Listed as low on stock at or below this"
        >
          <input
            id={id("lowStockThreshold")}
            type="number"
            inputMode="numeric"
            min={0}
            step="1"
            {...field("lowStockThreshold")}
          />
        </FormField>
      </div>
      {stockHint && <div className="part-form__stock-hint">{stockHint}</div>}
      <FormField
        id={id("compatibleModels")}
        label="Compatible laptop models"
        error={errors.compatibleModels?.message}
        hint='One per line, the brand first: "Lenovo ThinkPad T14 Gen 2"'
      >
        <textarea id={id("compatibleModels")} rows={4} {...field("compatibleModels")} />
      </FormField>
      <fieldset className="part-form__group">
        <legend>Shipping and tax</legend>
        <div className="form-grid">
          <FormField
            id={id("weightGrams")}
            label="Weight (g)"
            error={errors.weightGrams?.message}
            hint="Packed as it ships; 0 until it is weighed"
          >
            <input
              id={id("weightGrams")}
              type="number"
              inputMode="numeric"
              min={0}
              step="1"
              {...field("weightGrams")}
            />
          </FormField>
          <FormField id={id("taxCategory")} label="Tax category" error={errors.taxCategory?.message}>
            <select id={id("taxCategory")} {...field("taxCategory")}>
              {TAX_CATEGORY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <div className="part-form__dimensions" role="group" aria-label="Dimensions in millimetres, where known">
          {DIMENSION_FIELDS.map((name) => (
            <FormField key={name} id={id(name)} label={DIMENSION_LABELS[name]} error={errors[name]?.message}>
              <input id={id(name)} type="number" inputMode="numeric" min={1} step="1" {...field(name)} />
            </FormField>
          ))}
        </div>
        <p className="field__hint part-form__group-hint">Dimensions where known: all three, or leave them empty.</p>
        <div className="form-grid">
          <div className={errors.dangerousGoods ? "field field--invalid" : "field"}>
            <label className="checkbox part-form__check" htmlFor={id("dangerousGoods")}>
              <input id={id("dangerousGoods")} type="checkbox" {...field("dangerousGoods")} />
              Dangerous goods
            </label>
            {errors.dangerousGoods?.message ? (
              <p className="field-error" id={`${id("dangerousGoods")}-error`} role="alert">
                {errors.dangerousGoods.message}
              </p>
            ) : (
              <p className="field__hint">{`Required of a battery over ${DANGEROUS_BATTERY_WH} Wh; some shipping methods cannot carry it`}</p>
            )}
          </div>
          <FormField
            id={id("batteryWh")}
            label="Battery (Wh)"
            error={errors.batteryWh?.message}
            hint="The watt-hours of the battery it is or holds; empty when none"
          >
            <input id={id("batteryWh")} type="number" inputMode="decimal" min={0} step="0.01" {...field("batteryWh")} />
          </FormField>
        </div>
      </fieldset>
      {imageField && (
        <div className="part-form__image">
          {img && IMAGE_URL.test(img.trim()) && (
            <img src={apiUrl(img.trim())} alt="" width="96" height="96" className="part-form__preview" />
          )}
          <div className="part-form__image-fields">
            <FormField
              id={id("img")}
              label="Image URL"
              error={errors.img?.message}
              hint="An http(s) URL or a path on this shop, or upload a photo"
            >
              <input id={id("img")} type="text" inputMode="url" {...field("img")} />
            </FormField>
            <PhotoUpload
              id={id("upload")}
              onUploaded={(url) => setValue("img", url, { shouldDirty: true, shouldValidate: true })}
              onError={(message) => setError("img", { type: "upload", message })}
              onBusyChange={setUploading}
            />
          </div>
        </div>
      )}
      <button type="submit" className="btn btn--primary" disabled={isSubmitting || uploading}>
        {isSubmitting ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
