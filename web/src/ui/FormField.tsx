import type { ReactNode } from "react";

interface Props {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}

/** A label, the control (given by the caller, with the same id) and its validation message. */
export function FormField({ id, label, error, hint, children }: Props) {
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes linking a control to its FormField message. */
export function fieldAria(id: string, error?: string) {
  return { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
}
