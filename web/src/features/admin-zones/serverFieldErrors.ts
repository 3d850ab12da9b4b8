import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { errorMessage } from "@/lib/apollo/errors";

/** The server's per-field messages of a refusal (`extensions.fields`: `bands.1.upToGrams` → messages). */
export function serverFieldErrors(error: unknown): Record<string, string[]> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const fields = error.errors[0]?.extensions?.fields;
  return fields && typeof fields === "object" ? (fields as Record<string, string[]>) : {};
}

/**
 * Puts each of the server's messages on the form field it names (`fieldName` maps the server's key
 * to the form's, or null when the form has no such field); answers what is left to show above the
 * form, or null when every message found its field.
 */
export function placeServerErrors(
  error: unknown,
  setFieldError: (name: string, message: string) => void,
  fieldName: (serverField: string) => string | null,
): string | null {
  const fields = Object.entries(serverFieldErrors(error));
  let unplaced = fields.length === 0;
  for (const [field, messages] of fields) {
    const name = fieldName(field);
    const message = messages[messages.length - 1];
    if (name && message) setFieldError(name, message);
    else unplaced = true;
  }
  return unplaced ? errorMessage(error) : null;
}

/**
 * A zone's places as the form names them: `places` (the list as a whole) on the list, and a place
 * named without its part (`places.2`, listed twice) on its country.
 */
export function placeFieldName(field: string): string | null {
  if (field === "places") return "places.root";
  const match = /^places\.(\d+)(?:\.(country|region))?$/.exec(field);
  return match ? `places.${match[1]}.${match[2] ?? "country"}` : null;
}
