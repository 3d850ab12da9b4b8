import { deliveryEstimate, formatPrice } from "@/ui/format";
import type { ShippingOptionView } from "./saleQuote";
import "./checkout.css";

/** A delivery estimate in working days: "3–5 working days", "1 working day". */

/** An option's price as a shopper reads it: "Free", "$19.00", or nothing when it cannot ship. */
export function optionPrice(option: Pick<ShippingOptionView, "available" | "free" | "price">): string {
  if (!option.available) return "";
  return option.free || option.price === 0 ? "Free" : formatPrice(option.price);
}

interface Props {
  idPrefix: string;
  options: readonly ShippingOptionView[];
  /** The method chosen (one of the available options' methodId). */
  value: string | null;
  onChange: (methodId: string) => void;
  /** Why nothing can ship there (the quote's shippingRefusal). */
  refusal?: string | null;
  /** The server's message naming shippingMethodId. */
  error?: string;
  disabled?: boolean;
}

/**
 * The address's shipping methods as radio buttons: name, price (or "Free") and estimate; a method
 * that cannot ship this sale is shown disabled with its reason, and when none can, why.
 */
export function ShippingMethods({ idPrefix, options, value, onChange, refusal, error, disabled }: Props) {
  const errorId = `${idPrefix}-method-error`;
  const message = error ?? refusal ?? undefined;
  return (
    <fieldset
      className="sale-choice"
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? errorId : undefined}
    >
      <legend className="field__label">Shipping method</legend>
      <ul className="sale-choice__list">
        {options.map((option) => {
          const id = `${idPrefix}-method-${option.methodId}`;
          const reasonId = `${id}-reason`;
          return (
            <li key={option.methodId} className={option.available ? "sale-option" : "sale-option sale-option--refused"}>
              <input
                id={id}
                type="radio"
                name={`${idPrefix}-method`}
                value={option.methodId}
                checked={option.available && value === option.methodId}
                disabled={disabled || !option.available}
                onChange={() => onChange(option.methodId)}
                aria-describedby={option.available ? undefined : reasonId}
              />
              <label htmlFor={id} className="sale-option__label">
                <span className="sale-option__name">{option.name}</span>
                {option.available && <span className="sale-option__price">{optionPrice(option)}</span>}
                <span className="sale-option__detail">{deliveryEstimate(option.minDays, option.maxDays)}</span>
              </label>
              {!option.available && (
                <p className="sale-option__reason" id={reasonId}>
                  {option.unavailableReason ?? "Cannot ship this order"}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {message && (
        <p className="form-error" id={errorId} role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}
