import { invalidRequest } from "../../errors";
import type { FormObject } from "../../form";

/** Applies Stripe's metadata rules: "" unsets everything, a key set to "" is removed. */
export function applyMetadata(
  current: Record<string, string>,
  value: FormObject | "" | undefined,
  param = "metadata",
): Record<string, string> {
  if (value === undefined) return current;
  if (value === "") return {};
  const next = { ...current };
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string") {
      throw invalidRequest(`Invalid value for ${param}[${key}]: metadata values must be strings.`, {
        param: `${param}[${key}]`,
      });
    }
    if (key.length > 40) {
      throw invalidRequest(`Metadata keys can have up to 40 characters; "${key}" has ${key.length}.`, {
        param: `${param}[${key}]`,
      });
    }
    if (item.length > 500) {
      throw invalidRequest(`Metadata values can have up to 500 characters; ${param}[${key}] has ${item.length}.`, {
        param: `${param}[${key}]`,
      });
    }
    if (item === "") delete next[key];
    else next[key] = item;
  }
  if (Object.keys(next).length > 50) {
    throw invalidRequest("You can have up to 50 metadata keys.", { param });
  }
  return next;
}
