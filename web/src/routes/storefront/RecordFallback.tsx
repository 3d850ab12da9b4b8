import type { ReactElement } from "react";
import { errorCode } from "@/lib/apollo/errors";
import { Spinner } from "@/ui/Spinner";
import { ErrorState } from "@/ui/QueryStates";
import { HttpStatus, MovedTo } from "@/lib/page/PageResponse";
import { NotFound } from "@/ui/NotFound";

interface Lookup {
  /** The id the address names (null: it names none). */
  id: string | null;
  /** The address's slug, and the record's own once it is read. */
  slug: string;
  found: { slug: string } | null | undefined;
  loading: boolean;
  error: unknown;
  retry: () => void;
  /** "part", "product": for the spinner and the error. */
  what: string;
  /** The record's own page for a slug. */
  pathOf: (slug: string) => string;
  /** The address's query and fragment, kept on a move. */
  search: string;
  hash: string;
}

/**
 * What a public record page shows instead of the record: the 404 page for an address naming no
 * record or an unknown one, a spinner while it loads, an error with Retry, or a move to the
 * record's own address when the words in this one are not its name's. Null: show the record.
 */
export function recordFallback({
  id,
  slug,
  found,
  loading,
  error,
  retry,
  what,
  pathOf,
  search,
  hash,
}: Lookup): ReactElement | null {
  if (!id) return <NotFound />;
  if (!found && loading) return <Spinner label={`Loading the ${what}…`} />;
  if (!found) {
    if (errorCode(error) === "NOT_FOUND" || errorCode(error) === "BAD_USER_INPUT") return <NotFound />;
    return (
      <div className="container page">
        <HttpStatus code={503} />
        <ErrorState error={error} onRetry={retry} title={`Could not load this ${what}`} />
      </div>
    );
  }
  // An address with other words (the record was renamed) moves to the record's own.
  if (slug !== found.slug) return <MovedTo to={`${pathOf(found.slug)}${search}${hash}`} />;
  return null;
}
