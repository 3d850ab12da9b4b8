import { Link, useSearchParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/gql";
import type { AuditEntityType } from "@/gql/graphql";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { DataTable } from "@/ui/DataTable";
import { AuditEntryRow } from "./AuditEntryRow";
import { ENTITY_LABELS } from "./auditLabels";
import "../adminLists.css";
import "./HistoryPage.css";

export const HISTORY_PAGE_SIZE = 25;

export const AuditLogDocument = graphql(`
  query AuditLog($first: Int, $after: String, $entityType: AuditEntityType, $entityId: ID) {
    auditLog(first: $first, after: $after, entityType: $entityType, entityId: $entityId) {
      edges {
        cursor
        node {
          databaseId
          entityName
          ...AuditEntryRow_entry
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const TYPES = Object.keys(ENTITY_LABELS) as AuditEntityType[];

/** Every admin change, newest first; ?type=PART narrows to a kind of record, &id= to one record. */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const typeParam = params.get("type")?.toUpperCase();
  const entityType = TYPES.find((type) => type === typeParam);
  const entityId = params.get("id") ?? undefined;
  const variables = {
    first: HISTORY_PAGE_SIZE,
    ...(entityType ? { entityType } : {}),
    ...(entityId ? { entityId } : {}),
  };
  const { data, loading, error, refetch, fetchMore } = useQuery(AuditLogDocument, {
    variables,
    fetchPolicy: "cache-and-network",
  });
  const edges = data?.auditLog.edges ?? [];
  const recordName = entityId ? edges.find((edge) => edge.node.entityName)?.node.entityName : undefined;

  const chooseType = (value: string) => {
    const next = new URLSearchParams();
    if (value) next.set("type", value);
    setParams(next, { replace: true });
  };

  return (
    <div className="dashboard-page">
      <div className="page-heading">
        <h1>History</h1>
      </div>
      <p className="page-intro">
        Every change admins made to parts, products, roles and orders: who, when, and each field before and after.
      </p>
      <div className="card filters filters--single">
        <div className="filters__field">
          <label htmlFor="history-type" className="field__label">
            Show changes to
          </label>
          <select id="history-type" value={entityType ?? ""} onChange={(event) => chooseType(event.target.value)}>
            <option value="">Everything</option>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {ENTITY_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        {entityId && (
          <p className="filters__note">
            Showing one record{recordName ? `: ${recordName}` : ""}.{" "}
            <Link to={entityType ? `/dashboard/history?type=${entityType}` : "/dashboard/history"}>Show all</Link>
          </p>
        )}
      </div>
      {!data && loading ? (
        <Spinner label="Loading the history…" />
      ) : !data && error ? (
        <ErrorState
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
          title="Could not load the history"
        />
      ) : edges.length === 0 ? (
        <EmptyState>No changes recorded yet.</EmptyState>
      ) : (
        <>
          <DataTable caption="Admin changes, newest first" columns={["When", "Who", "What", "Changes"]}>
            {edges.map((edge) => (
              <AuditEntryRow key={edge.node.databaseId} entry={edge.node} />
            ))}
          </DataTable>
          {data && (
            <LoadMoreButton
              pageInfo={data.auditLog.pageInfo}
              label="Load more changes"
              onLoadMore={(after) => fetchMore({ variables: { after } })}
            />
          )}
        </>
      )}
    </div>
  );
}
