import type { Readable } from "node:stream";
import type { Reply } from "./route";
import type { Answer } from "./route-doc";

/**
 * CSV as RFC 4180 writes it: comma-separated, CRLF line ends, a field quoted (its quotes doubled)
 * when it holds a comma, a quote or a line break. A text field a spreadsheet would run as a
 * formula (starting with =, +, -, @, a tab or a carriage return, and not a plain number) is
 * prefixed with an apostrophe, as OWASP recommends against CSV injection: customers write
 * addresses and names.
 */
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export type CsvValue = string | number | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvField).join(",")}\r\n`;

/** The OpenAPI answer of a CSV download named partshop-<name>-YYYY-MM-DD.csv. */
export const csvDownloadAnswer = (name: string): Answer => ({
  description: "The CSV file (Content-Disposition: attachment)",
  content: { "text/csv": { schema: { type: "string", description: "RFC 4180 CSV, UTF-8" } } },
  headers: {
    "content-disposition": { type: "string", description: `attachment; filename="partshop-${name}-YYYY-MM-DD.csv"` },
  },
});

/** A CSV download, streamed as `body` produces it, named for today, never kept by a cache. */
export function csvDownload(name: string, body: Readable): Reply {
  const day = new Date().toISOString().slice(0, 10);
  return {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="partshop-${name}-${day}.csv"`,
      "cache-control": "no-store",
    },
    body,
  };
}
