import type { BreadcrumbList, ItemAvailability, Organization, Product, Review, WithContext } from "schema-dts";
import { SHOP_NAME } from "@/lib/page/pageHead";

// schema.org's types (schema-dts) check every object here at compile time: a misspelt property or
// a value of the wrong type is a type error, not a rich result that silently never shows.

const absolute = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, origin).href;

export interface ProductFacts {
  name: string;
  description: string;
  path: string;
  image: string | null;
  /** The shop's id of it: its SKU. */
  sku: string;
  /** In dollars; null when not priced yet. */
  price: number | null;
  availability: "InStock" | "OutOfStock" | "Discontinued";
  /** The average of its reviews' stars; null without reviews. */
  rating: number | null;
  reviewCount: number;
  reviews: ReadonlyArray<{ name: string; ratings: number; description: string; createdAt: string }>;
}

const AVAILABILITY: Record<ProductFacts["availability"], ItemAvailability> = {
  InStock: "https://schema.org/InStock",
  OutOfStock: "https://schema.org/OutOfStock",
  Discontinued: "https://schema.org/Discontinued",
};

/** A part or new arrival as a schema.org Product: its offer (price, currency, stock) and its reviews. */
export function productJsonLd(origin: string, facts: ProductFacts): WithContext<Product> {
  const url = absolute(origin, facts.path);
  const reviews: Review[] = facts.reviews.map((review) => ({
    "@type": "Review",
    author: { "@type": "Person", name: review.name },
    datePublished: review.createdAt.slice(0, 10),
    reviewBody: review.description,
    reviewRating: { "@type": "Rating", ratingValue: review.ratings, bestRating: 5, worstRating: 1 },
  }));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: facts.name,
    description: facts.description,
    url,
    sku: facts.sku,
    ...(facts.image ? { image: absolute(origin, facts.image) } : {}),
    brand: { "@type": "Brand", name: SHOP_NAME },
    ...(facts.price != null
      ? {
          offers: {
            "@type": "Offer",
            url,
            price: facts.price.toFixed(2),
            priceCurrency: "USD",
            availability: AVAILABILITY[facts.availability],
          },
        }
      : {}),
    ...(facts.reviewCount > 0 && facts.rating != null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: facts.rating,
            reviewCount: facts.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length > 0 ? { review: reviews } : {}),
  };
}

/** The trail from the home page to this one, as schema.org's BreadcrumbList. */
export function breadcrumbJsonLd(
  origin: string,
  trail: ReadonlyArray<{ name: string; path: string }>,
): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: absolute(origin, step.path),
    })),
  };
}

/** The shop itself, for the home page. */
export function organizationJsonLd(origin: string): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SHOP_NAME,
    url: absolute(origin, "/"),
    logo: absolute(origin, "/favicon.svg"),
  };
}
