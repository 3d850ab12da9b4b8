import { Link } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { SkeletonGrid } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { PartCard } from "@/features/catalogue/PartCard";

export const HOME_PAGE_SIZE = 6;

export const HomePartsDocument = graphql(`
  query HomeParts($first: Int, $after: String) {
    parts(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          ...PartCard_part
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export function PartsSection() {
  const { data, loading, error, refetch, fetchMore } = useQuery(HomePartsDocument, {
    variables: { first: HOME_PAGE_SIZE },
  });
  return (
    <section className="section container" id="parts" aria-labelledby="parts-heading">
      <header className="section__header">
        <p className="eyebrow">Manufacturer stock</p>
        <h2 id="parts-heading">Laptop parts</h2>
        <p>
          <Link to="/parts">Search all parts by laptop model, price and stock</Link>
        </p>
      </header>
      {!data && loading && <SkeletonGrid count={3} label="Loading parts…" />}
      {!data && error && (
        <ErrorState
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
          title="Could not load the parts"
        />
      )}
      {data && data.parts.edges.length === 0 && (
        <EmptyState>No parts are listed yet. Please check back soon.</EmptyState>
      )}
      {data && data.parts.edges.length > 0 && (
        <>
          <div className="card-grid">
            {data.parts.edges.map(({ node }) => (
              <PartCard key={node.id} part={node} />
            ))}
          </div>
          <LoadMoreButton
            pageInfo={data.parts.pageInfo}
            label="Load more parts"
            onLoadMore={(after) => fetchMore({ variables: { after } })}
          />
        </>
      )}
    </section>
  );
}
