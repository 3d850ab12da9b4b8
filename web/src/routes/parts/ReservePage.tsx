import { Link, useParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { errorCode } from "@/lib/apollo/errors";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { PartSummary } from "@/features/catalogue/PartSummary";
import { ReservationForm } from "./ReservationForm";
import "./ReservePage.css";

export const ReservationPartDocument = graphql(`
  query ReservationPart($id: ID!) {
    part(id: $id) {
      id
      name
      retired
      ...PartSummary_part
      ...ReservationForm_part
    }
  }
`);

/** The part's image fills one of the page's two columns from 900 px (ReservePage.css), else the container. */
const IMAGE_SIZES = "(min-width: 1180px) 554px, (min-width: 900px) calc(50vw - 36px), calc(100vw - 32px)";

export function ReservePage() {
  const { partsId = "" } = useParams();
  const { data, loading, error, refetch } = useQuery(ReservationPartDocument, { variables: { id: partsId } });
  if (!data && loading) return <Spinner label="Loading the part…" />;
  // part(id:) answers NOT_FOUND (or BAD_USER_INPUT for a malformed id) rather than null.
  const missing = !data?.part && (errorCode(error) === "NOT_FOUND" || errorCode(error) === "BAD_USER_INPUT");
  if (!data && error && !missing)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load this part"
      />
    );
  if (!data?.part) {
    return (
      <div className="container page">
        <EmptyState>
          <p>This part does not exist or is no longer sold.</p>
          <Link to="/" className="btn btn--primary">
            Browse parts
          </Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="container page reserve-page">
      <PartSummary part={data.part} imageSizes={IMAGE_SIZES} />
      {data.part.retired ? (
        <div className="card form-card" role="status">
          <h2>No longer sold</h2>
          <p>{data.part.name} has been retired and can no longer be reserved. Orders already placed for it are kept.</p>
          <Link to="/" className="btn btn--primary">
            Browse parts
          </Link>
        </div>
      ) : (
        <ReservationForm part={data.part} />
      )}
    </div>
  );
}
