import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { SkeletonGrid } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { usePageHead } from "@/lib/page/usePageHead";
import { CatalogueFilters, SearchFields } from "./CatalogueFilters";
import { PartResultCard } from "./PartResultCard";
import {
  activeFilterCount,
  hasFilters,
  partsVariables,
  readSearch,
  SORT_OPTIONS,
  writeSearch,
  type CatalogueSearch,
  type SortKey,
} from "@/features/catalogue/catalogueSearch";
import "./CataloguePage.css";

export const CATALOGUE_PAGE_SIZE = 12;

export const CataloguePartsDocument = graphql(`
  query CatalogueParts($search: String, $filter: PartFilter, $orderBy: PartOrder, $after: String) {
    parts(first: 12, search: $search, filter: $filter, orderBy: $orderBy, after: $after) {
      edges {
        cursor
        node {
          id
          ...PartResultCard_part
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/**
 * The public catalogue (/parts): every part, or what a search in the navigation bar found,
 * narrowed by filters and sorted. The address holds the whole search (see catalogueSearch.ts).
 */
export function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  // With no script, "Show more parts" is a link to the page after a cursor (?after=…).
  const after = params.get("after")?.slice(0, 200) || null;
  const variables = { ...partsVariables(search), ...(after ? { after } : {}) };
  const { data, loading, error, refetch, fetchMore } = useQuery(CataloguePartsDocument, { variables });
  const [filtersOpenFor, setFiltersOpenFor] = useState<string | null>(null);
  const filtersId = useId();

  const address = writeSearch(search).toString();
  usePageHead({
    title: search.q ? `Parts matching “${search.q}”` : "All parts",
    description: search.q
      ? `Laptop parts matching “${search.q}”: prices, stock and the laptop models they fit.`
      : "Every laptop part in the shop: prices, stock and the laptop models they fit.",
    path: address ? `/parts?${address}` : "/parts",
  });
  // The folded filters (phones) stay open while they are used, and fold on a new search.
  const filtersOpen = filtersOpenFor !== null && filtersOpenFor === search.q;
  const update = (changes: Partial<CatalogueSearch>) => setParams(writeSearch({ ...search, ...changes }));
  const clearFilters = () => update({ inStock: false, minPrice: "", maxPrice: "", brand: "", model: "" });
  const filterCount = activeFilterCount(search);
  const parts = data?.parts;

  return (
    <div className="container page catalogue">
      <header className="catalogue__header">
        <p className="eyebrow">Find the right part</p>
        <h1>{search.q ? `Results for “${search.q}”` : "All parts"}</h1>
        <p className="page__lead">Search by part, specification or laptop model; typos are forgiven.</p>
      </header>
      <div className="catalogue__layout">
        <aside className="catalogue__sidebar" aria-label="Filters">
          <button
            type="button"
            className="catalogue__filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpenFor(filtersOpen ? null : search.q)}
          >
            <span>Filters{filterCount > 0 ? ` (${filterCount})` : ""}</span>
            <svg className="catalogue__chevron" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
              <path
                d="M5 7.5l5 5 5-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <CatalogueFilters
            id={filtersId}
            className={filtersOpen ? "catalogue__filters is-open" : "catalogue__filters"}
            search={search}
            onChange={update}
            onClear={clearFilters}
          />
        </aside>
        <section className="catalogue__results" aria-labelledby="catalogue-results-heading">
          <div className="catalogue__toolbar">
            <h2 id="catalogue-results-heading" className="catalogue__count" aria-live="polite">
              {resultCount(parts)}
            </h2>
            <form method="get" action="/parts" className="catalogue__sort">
              <SearchFields search={search} leave={["sort"]} />
              <label htmlFor="catalogue-sort">Sort by</label>
              <select
                id="catalogue-sort"
                name="sort"
                value={search.sort}
                onChange={(event) => update({ sort: event.target.value as SortKey })}
              >
                {SORT_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <noscript>
                <button type="submit" className="btn btn--outline btn--small">
                  Sort
                </button>
              </noscript>
            </form>
          </div>
          {!data && loading && <SkeletonGrid count={3} label="Loading parts…" />}
          {!data && error && (
            <ErrorState
              error={error}
              onRetry={() => void refetch().catch(() => undefined)}
              title="Could not load the parts"
            />
          )}
          {parts && parts.edges.length === 0 && <NoResults search={search} onClearFilters={clearFilters} />}
          {parts && parts.edges.length > 0 && (
            <>
              <div className="card-grid catalogue__grid">
                {parts.edges.map(({ node }) => (
                  <PartResultCard key={node.id} part={node} laptop={search} />
                ))}
              </div>
              {/* Keyed by the search: a new search starts with its own button state. */}
              <LoadMoreButton
                key={address}
                pageInfo={parts.pageInfo}
                label="Show more parts"
                onLoadMore={(next) => fetchMore({ variables: { after: next } })}
                hrefAfter={(next) => `/parts?${new URLSearchParams([...writeSearch(search), ["after", next]])}`}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** "No parts found", "1 part", "12+ parts" (more to show). */
function resultCount(parts: { edges: readonly unknown[]; pageInfo: { hasNextPage: boolean } } | undefined): string {
  if (!parts) return "Parts";
  const count = parts.edges.length;
  if (count === 0) return "No parts found";
  if (parts.pageInfo.hasNextPage) return `${count}+ parts`;
  return count === 1 ? "1 part" : `${count} parts`;
}

function NoResults({ search, onClearFilters }: { search: CatalogueSearch; onClearFilters(): void }) {
  const filtered = hasFilters(search);
  return (
    <EmptyState>
      <p className="state__title">
        {search.q
          ? `No parts match “${search.q}”${filtered ? " with these filters" : ""}.`
          : "No parts match these filters."}
      </p>
      {filtered ? (
        <>
          <p>Try clearing the filters{search.q ? ", or check the spelling of your search" : ""}.</p>
          <form
            method="get"
            action="/parts"
            onSubmit={(event) => {
              event.preventDefault();
              onClearFilters();
            }}
          >
            <SearchFields search={{ ...search, inStock: false, minPrice: "", maxPrice: "", brand: "", model: "" }} />
            <button type="submit" className="btn btn--primary">
              Clear all filters
            </button>
          </form>
        </>
      ) : (
        <>
          <p>Check the spelling, or search for a part or laptop model in other words.</p>
          <Link to="/parts" className="btn btn--primary">
            See all parts
          </Link>
        </>
      )}
    </EmptyState>
  );
}
