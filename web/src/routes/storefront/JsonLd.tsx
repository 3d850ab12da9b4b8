import type { Thing, WithContext } from "schema-dts";

/** JSON inside a script element: "<" written as \u003c so no text in it can close the element. */
const scriptSafe = (data: object) => JSON.stringify(data).replace(/</g, "\\u003c");

/** Structured data for search engines, in the page where they look for it. */
export function JsonLd({ data }: { data: WithContext<Thing> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafe(data) }} />;
}
