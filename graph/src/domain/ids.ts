const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Records are keyed by uuid; anything else names no record (and must not reach SQL as one). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The database id of a record, or null when `id` cannot be one. */
export const databaseIdOf = (id: string): string | null => (isUuid(id) ? id.toLowerCase() : null);
