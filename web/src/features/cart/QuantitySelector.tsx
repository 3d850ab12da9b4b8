import "./QuantitySelector.css";

export { quantityError } from "./quantity";

interface Props {
  id: string;
  value: string;
  min: number;
  max: number;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  error?: string;
  /** The part's name, where a page has several selectors (the cart): it names the input and its buttons. */
  name?: string;
}

export function QuantitySelector({ id, value, min, max, onChange, onBlur, disabled, error, name }: Props) {
  const of = name ? ` of ${name}` : "";
  const current = Number(value);
  const known = value.trim() !== "" && Number.isFinite(current);
  const canDecrease = !disabled && known && current > min;
  const canIncrease = !disabled && known && current < max;
  const step = (delta: number) => {
    const next = Math.min(max, Math.max(min, Math.round(current) + delta));
    onChange(String(next));
  };
  return (
    <div className="quantity">
      <div className="quantity__controls">
        <button
          type="button"
          className="quantity__button"
          onClick={() => step(-1)}
          disabled={!canDecrease}
          aria-label={`Decrease quantity${of}`}
          aria-controls={id}
        >
          −
        </button>
        <input
          id={id}
          className="quantity__input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-label={name ? `Quantity${of}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        <button
          type="button"
          className="quantity__button"
          onClick={() => step(1)}
          disabled={!canIncrease}
          aria-label={`Increase quantity${of}`}
          aria-controls={id}
        >
          +
        </button>
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        <p className="field__hint" id={`${id}-hint`}>
          Between {min} and {max}
        </p>
      )}
    </div>
  );
}
