import { Link, useLocation, useParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { HttpStatus } from "@/lib/page/PageResponse";
import { PartSummary } from "@/features/catalogue/PartSummary";
import { PartCard } from "@/features/catalogue/PartCard";
import { PartActions } from "./PartActions";
import { recordFallback } from "./RecordFallback";
import { PartReviews } from "./PartReviews";
import { idOfSlug, partPath } from "@/features/catalogue/paths";
import { JsonLd } from "@/features/catalogue/JsonLd";
import { useOrigin } from "@/lib/page/origin";
import { productJsonLd } from "@/features/catalogue/structuredData";
import { Breadcrumbs } from "./Breadcrumbs";
import { usePageHead } from "@/lib/page/usePageHead";
import "./PartPage.css";

export const REVIEWS_PAGE_SIZE = 10;

/** The part's main image fills the page's wider column (2fr of 1180 px less paddings from 900 px), else the container. */
const MAIN_IMAGE_SIZES = "(min-width: 1180px) 739px, (min-width: 900px) calc(66.7vw - 48px), calc(100vw - 32px)";

export const PartPageDocument = graphql(`
  query PartPage($id: ID!, $reviewsAfter: String) {
    part(id: $id) {
      id
      databaseId
      slug
      name
      img
      price
      shortDesc
      rating
      reviewCount
      retired
      available
      minOrderQuantity
      ...PartSummary_part
      reviews(first: 10, after: $reviewsAfter) {
        edges {
          cursor
          node {
            id
            name
            ratings
            description
            createdAt
            ...PartReview_review
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      relatedParts(first: 3) {
        id
        ...PartCard_part
      }
    }
  }
`);

/**
 * A part's public page (/p/{slug}): what it is, its price and stock, the laptops it fits, its
 * reviews and parts for the same laptops, and the way to reserve it. Anyone may read it; an
 * unknown part is the 404 page, a retired one says it is no longer sold (410 from the server).
 */
export function PartPage() {
  const { partSlug: slug = "" } = useParams();
  const { search, hash } = useLocation();
  const id = idOfSlug(slug);
  const origin = useOrigin();
  const { data, loading, error, refetch, fetchMore } = useQuery(PartPageDocument, {
    variables: { id: id ?? "" },
    skip: !id,
  });
  const shown = data?.part && data.part.slug === slug ? data.part : null;
  usePageHead(
    shown && {
      title: shown.name,
      description: `${shown.name}: ${shown.shortDesc}`,
      path: partPath(shown.slug),
      image: shown.img,
      type: "product",
    },
  );
  const fallback = recordFallback({
    id,
    slug,
    found: data?.part,
    loading,
    error,
    retry: () => void refetch().catch(() => undefined),
    what: "part",
    pathOf: partPath,
    search,
    hash,
  });
  const part = data?.part;
  if (fallback || !part) return fallback;
  const orderable = part.available >= part.minOrderQuantity;
  const trail = [
    { name: "Home", path: "/" },
    { name: "Parts", path: "/parts" },
    { name: part.name, path: partPath(part.slug) },
  ];
  return (
    <div className="container page part-page">
      <JsonLd
        data={productJsonLd(origin, {
          name: part.name,
          description: part.shortDesc,
          path: partPath(part.slug),
          image: part.img,
          sku: part.databaseId,
          price: part.price,
          availability: part.retired ? "Discontinued" : orderable ? "InStock" : "OutOfStock",
          rating: part.rating,
          reviewCount: part.reviewCount,
          reviews: part.reviews.edges.map(({ node }) => node),
        })}
      />
      <Breadcrumbs trail={trail} />
      <div className="part-page__main">
        <PartSummary part={part} imageSizes={MAIN_IMAGE_SIZES} />
        <aside className="card part-page__buy" aria-label="Buy">
          {part.retired ? (
            <div role="status">
              <HttpStatus code={410} />
              <h2>No longer sold</h2>
              <p>{part.name} has been retired and can no longer be reserved. Orders already placed for it are kept.</p>
              <Link to="/parts" className="btn btn--primary btn--block">
                Browse parts
              </Link>
            </div>
          ) : (
            <>
              <p className={orderable ? "badge badge--success" : "badge badge--warning"}>
                {orderable ? "In stock" : "Out of stock"}
              </p>
              <PartActions part={part} orderable={orderable} />
            </>
          )}
        </aside>
      </div>
      <PartReviews reviews={part.reviews} onLoadMore={(after) => fetchMore({ variables: { reviewsAfter: after } })} />
      {part.relatedParts.length > 0 && (
        <section className="part-page__section" aria-labelledby="related-parts-heading">
          <h2 id="related-parts-heading">Parts for the same laptops</h2>
          <div className="card-grid">
            {part.relatedParts.map((related) => (
              <PartCard key={related.id} part={related} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
