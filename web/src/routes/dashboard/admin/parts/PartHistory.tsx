import { Link } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { formatDateTime } from "@/ui/formatFigures";
import { ACTION_LABELS, describeChange } from "../history/auditLabels";

export const PartHistoryDocument = graphql(`
  query PartHistory($id: ID!) {
    auditLog(first: 5, entityType: PART, entityId: $id) {
      edges {
        node {
          databaseId
          at
          actorEmail
          action
          changes {
            field
            kind
            before
            after
            beforeItems
            afterItems
          }
        }
      }
      pageInfo {
        hasNextPage
      }
    }
  }
`);

/** The part's last changes, with a link to all of them. */
export function PartHistory({ partId }: { partId: string }) {
  const { data, error } = useQuery(PartHistoryDocument, {
    variables: { id: partId },
    fetchPolicy: "cache-and-network",
  });
  const entries = data?.auditLog.edges.map((edge) => edge.node) ?? [];
  return (
    <section className="card edit-part__card" aria-labelledby="part-history-heading">
      <h2 id="part-history-heading">Recent changes</h2>
      {error && !data && <p className="small">Could not load the history.</p>}
      {data && entries.length === 0 && <p className="small">No changes recorded (added before the history began).</p>}
      <ol className="part-history">
        {entries.map((entry) => (
          <li key={entry.databaseId}>
            <p>
              <strong>{ACTION_LABELS[entry.action]}</strong> <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              <br />
              <span className="small">by {entry.actorEmail}</span>
            </p>
            {entry.action !== "PART_CREATED" && entry.changes.length > 0 && (
              <p className="small">{entry.changes.map(describeChange).join("; ")}</p>
            )}
          </li>
        ))}
      </ol>
      <Link to={`/dashboard/history?type=PART&id=${partId}`}>All changes to this part</Link>
    </section>
  );
}
