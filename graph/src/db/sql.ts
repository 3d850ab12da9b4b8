/**
 * TypeORM's query() answers UPDATE/DELETE ... RETURNING with [rows, affectedCount] and other
 * statements with rows: this gives the rows either way.
 */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === "number") {
    return result[0] as T[];
  }
  return result as T[];
}
