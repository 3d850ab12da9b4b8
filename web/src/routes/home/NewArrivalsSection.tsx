import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { SkeletonGrid } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { ProductCard } from "@/features/catalogue/ProductCard";
import { HOME_PAGE_SIZE } from "./PartsSection";

export const HomeProductsDocument = graphql(`
  query HomeProducts($first: Int, $after: String) {
    products(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          ...ProductCard_product
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export function NewArrivalsSection() {
  const { data, loading, error, refetch, fetchMore } = useQuery(HomeProductsDocument, {
    variables: { first: HOME_PAGE_SIZE },
  });
  return (
    <section className="section section--tinted" id="new-arrivals" aria-labelledby="new-arrivals-heading">
      <div className="container">
        <header className="section__header">
          <p className="eyebrow">Just landed</p>
          <h2 id="new-arrivals-heading">New arrivals</h2>
        </header>
        {!data && loading && <SkeletonGrid count={3} label="Loading new arrivals…" />}
        {!data && error && (
          <ErrorState
            error={error}
            onRetry={() => void refetch().catch(() => undefined)}
            title="Could not load new arrivals"
          />
        )}
        {data && data.products.edges.length === 0 && <EmptyState>No new arrivals right now.</EmptyState>}
        {data && data.products.edges.length > 0 && (
          <>
            <div className="card-grid">
              {data.products.edges.map(({ node }) => (
                <ProductCard key={node.id} product={node} />
              ))}
            </div>
            <LoadMoreButton
              pageInfo={data.products.pageInfo}
              label="Load more products"
              onLoadMore={(after) => fetchMore({ variables: { after } })}
            />
          </>
        )}
      </div>
    </section>
  );
}
