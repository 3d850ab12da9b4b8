import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { SkeletonGrid } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { ReviewCard } from "./ReviewCard";
import { HOME_PAGE_SIZE } from "./PartsSection";

export const HomeReviewsDocument = graphql(`
  query HomeReviews($first: Int, $after: String) {
    reviews(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          ...ReviewCard_review
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export function ReviewsSection() {
  const { data, loading, error, refetch, fetchMore } = useQuery(HomeReviewsDocument, {
    variables: { first: HOME_PAGE_SIZE },
  });
  return (
    <section className="section container" id="reviews" aria-labelledby="reviews-heading">
      <header className="section__header">
        <p className="eyebrow">Testimonials</p>
        <h2 id="reviews-heading">What our customers say</h2>
      </header>
      {!data && loading && <SkeletonGrid count={3} label="Loading reviews…" />}
      {!data && error && (
        <ErrorState
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
          title="Could not load the reviews"
        />
      )}
      {data && data.reviews.edges.length === 0 && <EmptyState>No reviews yet. Be the first to write one!</EmptyState>}
      {data && data.reviews.edges.length > 0 && (
        <>
          <div className="card-grid">
            {data.reviews.edges.map(({ node }) => (
              <ReviewCard key={node.id} review={node} />
            ))}
          </div>
          <LoadMoreButton
            pageInfo={data.reviews.pageInfo}
            label="Load more reviews"
            onLoadMore={(after) => fetchMore({ variables: { after } })}
          />
        </>
      )}
    </section>
  );
}
