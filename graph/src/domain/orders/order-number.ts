/**
 * An order's number: what a customer quotes to the shop ("order 100042") and what emails, the
 * order lists and the export show. It is the order's insertion sequence plus 100,000: short,
 * digits only (read out over a phone without spelling), never reused, and the first order of a
 * new shop is not "order 1". It is derived, never stored: the sequence is the orders' own key.
 */
const FIRST_NUMBER = 100_000;
/** A number as people write it: digits, with or without a leading "#" (as the shop shows it: "#100042"). */
const WRITTEN_NUMBER = /^#?\s*(\d{6,15})$/;

export const orderNumberOf = (seq: string | number): string => String(Number(seq) + FIRST_NUMBER);

/** The sequence of the order `text` names by its number, or null when it is not an order number. */
export function seqOfOrderNumber(text: string): string | null {
  const match = WRITTEN_NUMBER.exec(text.trim());
  if (!match) return null;
  const seq = Number(match[1]) - FIRST_NUMBER;
  return seq >= 1 && Number.isSafeInteger(seq) ? String(seq) : null;
}
