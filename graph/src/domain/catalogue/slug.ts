/** How many characters of a name an address keeps: enough to read, short enough to share. */
const MAX_WORDS_LENGTH = 60;

/**
 * A name as the words of an address: `15.6" FHD IPS Panel, 30-pin eDP` → `15-6-fhd-ips-panel-30-pin-edp`
 * (lowercase ASCII letters and digits, accents dropped, everything else a hyphen).
 */
export function slugWords(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_WORDS_LENGTH)
    .replace(/^-+|-+$/g, "");
}

/**
 * The readable end of a record's public address: its name's words, then its id, which alone
 * identifies it (a renamed part keeps its id, so an old address still finds it and is sent on).
 */
export const slugOf = (name: string, databaseId: string): string => {
  const words = slugWords(name);
  return words ? `${words}-${databaseId}` : databaseId;
};

const TRAILING_ID = /(?:^|-)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The record id a slug ends with, or null when it names none. */
export function idOfSlug(slug: string): string | null {
  return TRAILING_ID.exec(slug)?.[1].toLowerCase() ?? null;
}
