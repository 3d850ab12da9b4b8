import { useState } from "react";
import "./LoadMoreButton.css";

interface Props {
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  /** Fetches the page after the cursor; the cache's relay policy appends it. */
  onLoadMore: (after: string) => Promise<unknown>;
  label?: string;
  /** With no script, a link to the next page at this address (given the cursor) stands in for the button. */
  hrefAfter?: (after: string) => string;
}

export function LoadMoreButton({ pageInfo, onLoadMore, label = "Load more", hrefAfter }: Props) {
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!pageInfo.hasNextPage || !pageInfo.endCursor) return null;
  const endCursor = pageInfo.endCursor;
  const load = async () => {
    setLoading(true);
    setFailed(false);
    try {
      await onLoadMore(endCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="load-more">
      <button type="button" className="btn btn--outline needs-script" onClick={load} disabled={loading}>
        {loading ? "Loading…" : label}
      </button>
      {hrefAfter && (
        <noscript>
          <a className="btn btn--outline" href={hrefAfter(endCursor)}>
            {label}
          </a>
        </noscript>
      )}
      {failed && (
        <p className="field-error" role="alert">
          Could not load more. Please try again.
        </p>
      )}
    </div>
  );
}
