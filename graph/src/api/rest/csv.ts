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
