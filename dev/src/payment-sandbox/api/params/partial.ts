import { stringParam, type FormObject } from "../../form";

/**
 * Helpers for operations that change only what a request sends (update, confirm): a field left out
 * reads as undefined and is left alone by assignDefined.
 */

/** Reads `key` with `read` only when it was sent, since `read` turns an absent value into null ("unset"). */
export function ifSent<T>(params: FormObject, key: string, read: (params: FormObject) => T): T | undefined {
  return params[key] === undefined ? undefined : read(params);
}

/** A text field; sent as "" it unsets the field (null), as with Stripe. */
export function optionalText(params: FormObject, key: string): string | null | undefined {
  const value = stringParam(params, key);
  return value === undefined ? undefined : value || null;
}

/** Copies the fields that have a value (null included) onto `target`. */
export function assignDefined<T extends object>(target: T, changes: Partial<T>): void {
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined) (target as Record<string, unknown>)[key] = value;
  }
}
