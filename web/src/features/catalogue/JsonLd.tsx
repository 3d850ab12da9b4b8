import type { Thing, WithContext } from "schema-dts";
import { scriptSafeJson } from "@/lib/page/serverPage";

/** Structured data for search engines, in the page where they look for it. */
export function JsonLd({ data }: { data: WithContext<Thing> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />;
}
