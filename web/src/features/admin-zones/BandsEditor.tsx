import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { FormField, fieldAria } from "@/ui/FormField";

/** A weight band as typed: up to a weight in grams, a price in dollars. */
export interface BandValues {
  upToGrams: string;
  price: string;
}

export interface BandsFormValues {
  bands: BandValues[];
}

export const EMPTY_BAND: BandValues = { upToGrams: "", price: "" };

const WHOLE = /^\d+$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

const gramsRule = (value: string) =>
  (WHOLE.test(value.trim()) && Number(value) >= 1) || "A band's weight must be whole grams from 1 to 100,000,000";
const priceRule = (value: string) =>
  AMOUNT.test(value.trim()) || "A band's price must be an amount in dollars (two decimals at most) up to $1,000,000";

/** The bands as the API takes them. */
export const bandsInput = (bands: readonly BandValues[]) =>
  bands.map((band) => ({ upToGrams: Number(band.upToGrams.trim()), price: Number(band.price.trim()) }));

interface Props<T extends BandsFormValues> {
  idPrefix: string;
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}

/**
 * A method's weight bands, lightest first: each "up to" a weight in grams, at a price in dollars.
 * Rows are added and removed here (at least one stays); the order and the limits are the server's
 * to check, and its messages land on the row they name (`bands.1.upToGrams`).
 */
export function BandsEditor<T extends BandsFormValues>({ idPrefix, control, register, errors }: Props<T>) {
  // The form's values include the bands; react-hook-form's types cannot see that through T.
  const bandsControl = control as unknown as Control<BandsFormValues>;
  const registerBand = register as unknown as UseFormRegister<BandsFormValues>;
  const bandErrors = (errors as FieldErrors<BandsFormValues>).bands;
  const { fields, append, remove } = useFieldArray({ control: bandsControl, name: "bands" });
  const listError = bandErrors?.root?.message ?? bandErrors?.message;
  return (
    <fieldset className="bands-editor" aria-describedby={listError ? `${idPrefix}-bands-error` : undefined}>
      <legend className="field__label">Weight bands</legend>
      <p className="field__hint">Lightest first: a parcel pays the first band its weight fits in.</p>
      <ol className="bands-editor__rows">
        {fields.map((field, index) => {
          const gramsId = `${idPrefix}-bands-${index}-upToGrams`;
          const priceId = `${idPrefix}-bands-${index}-price`;
          const gramsError = bandErrors?.[index]?.upToGrams?.message;
          const priceError = bandErrors?.[index]?.price?.message;
          return (
            <li className="bands-editor__row" key={field.id}>
              <FormField id={gramsId} label={`Band ${index + 1}: up to (grams)`} error={gramsError}>
                <input
                  id={gramsId}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  {...registerBand(`bands.${index}.upToGrams`, { validate: gramsRule })}
                  {...fieldAria(gramsId, gramsError)}
                />
              </FormField>
              <FormField id={priceId} label={`Band ${index + 1}: price ($)`} error={priceError}>
                <input
                  id={priceId}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  {...registerBand(`bands.${index}.price`, { validate: priceRule })}
                  {...fieldAria(priceId, priceError)}
                />
              </FormField>
              <button
                type="button"
                className="btn btn--small btn--outline bands-editor__remove"
                disabled={fields.length === 1}
                onClick={() => remove(index)}
                aria-label={`Remove band ${index + 1}`}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      {listError && (
        <p className="field-error" id={`${idPrefix}-bands-error`} role="alert">
          {listError}
        </p>
      )}
      <button type="button" className="btn btn--small btn--outline" onClick={() => append({ ...EMPTY_BAND })}>
        Add a band
      </button>
    </fieldset>
  );
}
