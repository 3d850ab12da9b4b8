const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * "March 4, 2026": the day in UTC, so the server and every browser write the same words (a page
 * rendered on the server must hydrate to them). Written out by hand, as Intl's en-US long date
 * writes it: Chromium builds its first date formatter slowly, on the main thread (docs/performance.md).
 */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
