// The same text on the server and in every browser (a fixed locale and time zone): a page
// rendered on the server must hydrate to the same words.
const day = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "March 4, 2026" */
export const formatDay = (iso: string) => day.format(new Date(iso));
