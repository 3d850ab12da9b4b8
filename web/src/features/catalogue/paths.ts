/**
 * The public addresses of parts and products: /p/{slug} and /products/{slug}, where the slug is
 * the name's words then the record's id (the API's `slug` field). Only the id finds the record:
 * an address with old or missing words still opens the page, which then moves to its own address.
 */
export const partPath = (slug: string) => `/p/${slug}`;
export const productPath = (slug: string) => `/products/${slug}`;

const TRAILING_ID = /(?:^|-)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The record id at the end of a slug, or null when the address names none. */
export function idOfSlug(slug: string): string | null {
  return TRAILING_ID.exec(slug)?.[1].toLowerCase() ?? null;
}
