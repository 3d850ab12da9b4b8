/**
 * Invoices' and credit notes' numbers (docs/product.md, "Invoices and credit notes"): a series, the
 * year of the payment or refund in UTC, and the document's place in that year's series, six digits
 * at least: "INV-2026-000123", "CN-2026-000045". Each year's series starts at 1 and has no gap.
 */
export type DocumentSeries = "INV" | "CN";

/** The fewest digits a number's place is written with. */
const DIGITS = 6;

/** The number of the `place`-th document of `series` in `year`. */
export function documentNumber(series: DocumentSeries, year: number, place: number): string {
  return `${series}-${year}-${String(place).padStart(DIGITS, "0")}`;
}

/** The year (UTC) a document issued at `at` is numbered in. */
export const documentYear = (at: Date): number => at.getUTCFullYear();

/** A number of `series` as written ("INV-2026-000123"), or null when `text` is not one. */
export function parseDocumentNumber(
  series: DocumentSeries,
  text: string,
): { year: number; place: number; number: string } | null {
  const match = new RegExp(`^${series}-(\\d{4})-(\\d{${DIGITS},9})$`).exec(text.trim().toUpperCase());
  if (!match) return null;
  const year = Number(match[1]);
  const place = Number(match[2]);
  if (year < 2000 || place < 1) return null;
  return { year, place, number: documentNumber(series, year, place) };
}

/** The file an email attaches a document as. */
export const attachmentFilename = (number: string): string => `Partshop-${number}.pdf`;

/** The file a download names a document. */
export const downloadFilename = (number: string): string => `${number}.pdf`;
