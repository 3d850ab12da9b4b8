/* Dates and counts for the dashboard pages (kept out of the home page's bundle). */
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** A moment as people read it, in their own time zone: Jan 5, 2026, 3:04 PM. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : dateTime.format(date);
}

const count = new Intl.NumberFormat("en-US");

/** A whole number with thousands separators: 12,345 */
export function formatCount(value: number): string {
  return count.format(value);
}
