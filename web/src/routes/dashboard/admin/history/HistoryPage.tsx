import { Link, useSearchParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import type { AuditEntityType } from "@/lib/gql/graphql";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { DataTable } from "@/ui/DataTable";
import { AuditEntryRow } from "./AuditEntryRow";
import { ENTITY_LABELS } from "./auditLabels";
import "../adminLists.css";
import "@/ui/ListFilters.css";
import "./HistoryPage.css";

export const HISTORY_PAGE_SIZE = 25;

export const AuditLogDocument = graphql(`
  query AuditLog(
    $first: Int
    $after: String
    $entityType: AuditEntityType
    $entityId: ID
    $importId: ID
    $actorId: ID
    $from: DateTimeISO
    $to: DateTimeISO
  ) {
    auditLog(
      first: $first
      after: $after
      entityType: $entityType
      entityId: $entityId
      importId: $importId
      actorId: $actorId
      from: $from
      to: $to
    ) {
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

export const HistoryAdminsDocument = graphql(`
  query HistoryAdmins {
    users(first: 100, role: ADMIN) {
      edges {
        node {
          id
          databaseId
          email
        }
      }
    }
  }
`);

/** The id the history gives the changes the shop and Stripe made on their own. */
export const AUTOMATIC_ACTOR = "00000000-0000-0000-0000-000000000000";

const TYPES = Object.keys(ENTITY_LABELS) as AuditEntityType[];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The moment a local day (YYYY-MM-DD) begins, `plusDays` later, as ISO 8601; undefined for anything else. */
function startOfDay(day: string | null, plusDays = 0): string | undefined {
  if (!day || !DAY.test(day)) return undefined;
  const [year, month, date] = day.split("-").map(Number);
  const moment = new Date(year, month - 1, date + plusDays);
  return Number.isNaN(moment.getTime()) ? undefined : moment.toISOString();
}

/**
 * Every admin change, newest first. The filters live in the address: ?type= a kind of record
 * (&id= one record), ?import= an import's lines, ?admin= whose changes, ?from=&to= the days.
 */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const typeParam = params.get("type")?.toUpperCase();
  const entityType = TYPES.find((type) => type === typeParam);
  const entityId = params.get("id") ?? undefined;
  const importId = params.get("import") ?? undefined;
  const actorId = params.get("admin") ?? undefined;
  const fromDay = params.get("from") ?? "";
  const toDay = params.get("to") ?? "";
  const from = startOfDay(fromDay);
  // Through the end of the last day: before the next one begins.
  const to = startOfDay(toDay, 1);
  const variables = {
    first: HISTORY_PAGE_SIZE,
    ...(entityType ? { entityType } : {}),
    ...(entityId ? { entityId } : {}),
    ...(importId ? { importId } : {}),
    ...(actorId ? { actorId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const { data, loading, error, refetch, fetchMore } = useQuery(AuditLogDocument, {
    variables,
    fetchPolicy: "cache-and-network",
  });
  const admins = useQuery(HistoryAdminsDocument).data?.users.edges.map((edge) => edge.node) ?? [];
  const edges = data?.auditLog.edges ?? [];
  const recordName = entityId ? edges.find((edge) => edge.node.entityName)?.node.entityName : undefined;
  const backwards = Boolean(from && to && from >= to);

  /** Changes one filter; choosing a kind of record leaves the one record shown. */
  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name === "type") next.delete("id");
    setParams(next, { replace: true });
  };
  const filtered = Boolean(entityType || entityId || importId || actorId || fromDay || toDay);

  return (
    <div className="dashboard-page">
      <div className="page-heading">
        <h1>History</h1>
      </div>
      <p className="page-intro">
        Every change admins made to parts, products, roles, orders, and shipping and tax zones: who, when, and each
        field before and after.
      </p>
      <div className="card filters history-filters">
        <div className="filters__field">
          <label htmlFor="history-type" className="field__label">
            Show changes to
          </label>
          <select
            id="history-type"
            value={entityType ?? ""}
            onChange={(event) => setFilter("type", event.target.value)}
          >
            <option value="">Everything</option>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {ENTITY_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__field">
          <label htmlFor="history-admin" className="field__label">
            Made by
          </label>
          <select id="history-admin" value={actorId ?? ""} onChange={(event) => setFilter("admin", event.target.value)}>
            <option value="">Anyone</option>
            {admins.map((admin) => (
              <option key={admin.id} value={admin.databaseId}>
                {admin.email}
              </option>
            ))}
            <option value={AUTOMATIC_ACTOR}>Partshop or Stripe (automatically)</option>
          </select>
        </div>
        <div className="filters__field">
          <label htmlFor="history-from" className="field__label">
            From
          </label>
          <input
            id="history-from"
            type="date"
            value={fromDay}
            onChange={(event) => setFilter("from", event.target.value)}
          />
        </div>
        <div className="filters__field">
          <label htmlFor="history-to" className="field__label">
            To
          </label>
          <input id="history-to" type="date" value={toDay} onChange={(event) => setFilter("to", event.target.value)} />
        </div>
        {(entityId || importId) && (
          <p className="filters__note">
            {importId
              ? "Showing the parts one import created or changed."
              : `Showing one record${recordName ? `: ${recordName}` : ""}.`}{" "}
            <Link to={entityType ? `/dashboard/history?type=${entityType}` : "/dashboard/history"}>Show all</Link>
          </p>
        )}
      </div>
      {backwards ? (
        <EmptyState>The range ends before it starts: choose a “To” day on or after the “From” day.</EmptyState>
      ) : !data && loading ? (
        <Spinner label="Loading the history…" />
      ) : !data && error ? (
        <ErrorState
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
          title="Could not load the history"
        />
      ) : edges.length === 0 ? (
        <EmptyState>{filtered ? "No change matches these filters." : "No changes recorded yet."}</EmptyState>
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
