import { useEffect, useState, type ReactNode } from "react";
import { useForm, useWatch, type UseFormSetError } from "react-hook-form";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { apiUrl } from "@/lib/apiUrl";
import { errorMessage } from "@/lib/apollo/errors";
import { FormField, fieldAria } from "@/ui/FormField";
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
}

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
};

const FIELDS = Object.keys(EMPTY_PART) as Array<keyof PartFormValues>;
const IMAGE = /^(https?:\/\/\S+|\/\S*)$/i;
const PRICE = /^\d+(\.\d{1,2})?$/;
const WHOLE = /^\d+$/;
/** As the server checks a part number: letters and digits in groups joined by single dashes. */
const PART_NUMBER = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;
const PART_NUMBER_RULE =
  "letters and digits, in groups joined by single dashes (like 5B10W13930 or L32656-005), at most 40 characters";

function numberProblem(value: string, label: string): string | null {
  return value.length > 40 || !PART_NUMBER.test(value) ? `${label} must be ${PART_NUMBER_RULE}` : null;
}

/** Checks of the fields, with the server's limits and messages, so most mistakes never leave the page. */
const rules = {
  name: (value: string) =>
    !value.trim() ? "Name is required" : [...value.trim()].length > 80 ? "Name must be at most 80 characters" : true,
  partNumber: (value: string) => (!value.trim() ? true : (numberProblem(value.trim(), "Part number") ?? true)),
  alternativeNumbers: (value: string) => {
    const numbers = numberLines(value);
    if (numbers.length > 20) return "A part can list at most 20 alternative numbers";
    for (const number of numbers) {
      const problem = numberProblem(number, "Each alternative number");
      if (problem) return `${problem} ("${number}")`;
    }
    return true;
  },
  shortDesc: (value: string) =>
    !value.trim()
      ? "Description is required"
      : [...value.trim()].length > 500
        ? "Description must be at most 500 characters"
        : true,
  price: (value: string) =>
    !value.trim()
      ? "Price is required"
      : !PRICE.test(value.trim())
        ? "Price must be an amount in dollars with at most two decimals"
        : Number(value) > 1_000_000
          ? "Price must be at most 1,000,000 dollars"
          : true,
  available: (value: string) => whole(value, "Stock", 0, 10_000_000),
  minOrderQuantity: (value: string) => whole(value, "Minimum order quantity", 1, 1_000_000),
  lowStockThreshold: (value: string) => whole(value, "Low-stock threshold", 0, 10_000_000),
  img: (value: string) =>
    !value.trim()
      ? "Image is required"
      : !IMAGE.test(value.trim())
        ? "Image must be an http(s) URL or a path on this shop"
        : true,
  compatibleModels: (value: string) => {
    const names = modelLines(value);
    if (names.length > 200) return "A part can list at most 200 laptop models";
    const single = names.find((name) => !/\s/.test(name));
    return single
      ? `"${single}" needs a model after its brand: a brand and a model, like "Lenovo ThinkPad T14 Gen 2"`
      : true;
  },
};

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

function whole(value: string, label: string, min: number, max: number): string | true {
  const number = Number(value.trim());
  return WHOLE.test(value.trim()) && number >= min && number <= max
    ? true
    : `${label} must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`;
}

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
    ...register(name, { validate: rules[name] }),
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
      <FormField id={id("shortDesc")} label="Description" error={errors.shortDesc?.message} hint="Up to 500 characters">
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
      {imageField && (
        <div className="part-form__image">
          {img && IMAGE.test(img.trim()) && (
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
