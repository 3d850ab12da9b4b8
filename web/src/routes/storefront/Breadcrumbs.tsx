import { Link } from "react-router-dom";
import { JsonLd } from "@/features/catalogue/JsonLd";
import { breadcrumbJsonLd } from "@/features/catalogue/structuredData";
import { useOrigin } from "@/lib/page/origin";

/** The way from the home page to this one: links for people, a BreadcrumbList for search engines. The last step is the page itself. */
export function Breadcrumbs({ trail }: { trail: ReadonlyArray<{ name: string; path: string }> }) {
  const here = trail[trail.length - 1];
  const origin = useOrigin();
  return (
    <>
      <JsonLd data={breadcrumbJsonLd(origin, trail)} />
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          {trail.slice(0, -1).map((step) => (
            <li key={step.path}>
              <Link to={step.path}>{step.name}</Link>
            </li>
          ))}
          <li aria-current="page">{here.name}</li>
        </ol>
      </nav>
    </>
  );
}
