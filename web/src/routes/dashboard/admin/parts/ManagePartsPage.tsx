import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import type { PartStatusFilter } from "@/lib/gql/graphql";
import { errorMessage } from "@/lib/apollo/errors";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { DataTable } from "@/ui/DataTable";
import { FilterSelect, ListFilters } from "@/ui/ListFilters";
import { useToast } from "@/ui/toast";
import { PartAdminRow } from "./PartAdminRow";
import { downloadCsv } from "../csvFiles";
import { RestorePartDocument, RetirePartDocument, retireQuestion } from "./partMutations";
import "../adminLists.css";

export const ADMIN_PARTS_PAGE_SIZE = 20;

export const AdminPartsDocument = graphql(`
  query AdminParts($first: Int, $after: String, $search: String, $status: PartStatusFilter, $lowStock: Boolean) {
    adminParts(first: $first, after: $after, search: $search, status: $status, lowStock: $lowStock) {
      edges {
        cursor
        node {
          id
          ...PartAdminRow_part
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const STATUSES: Record<string, PartStatusFilter> = { all: "ALL", on_sale: "ON_SALE", retired: "RETIRED" };
const STATUS_OPTIONS = [
  { value: "all", label: "All parts" },
  { value: "on_sale", label: "On sale" },
  { value: "retired", label: "Retired" },
];

/** The filters live in the address (?search=&status=&low=1), so a view can be shared or come back to. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "all";
  return {
    search: params.get("search") ?? "",
    status: status in STATUSES ? status : "all",
    lowStock: params.get("low") === "1",
    set(next: { search?: string; status?: string; lowStock?: boolean }) {
      const merged = { search: params.get("search") ?? "", status, lowStock: params.get("low") === "1", ...next };
      const query = new URLSearchParams();
      if (merged.search.trim()) query.set("search", merged.search.trim());
      if (merged.status !== "all") query.set("status", merged.status);
      if (merged.lowStock) query.set("low", "1");
      setParams(query, { replace: true });
    },
  };
}

export function ManagePartsPage() {
  const toast = useToast();
  const filters = useFilters();
  const [busyId, setBusyId] = useState<string | null>(null);
  const variables = {
    first: ADMIN_PARTS_PAGE_SIZE,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.status !== "all" ? { status: STATUSES[filters.status] } : {}),
    ...(filters.lowStock ? { lowStock: true } : {}),
  };
  const { data, loading, error, refetch, fetchMore } = useQuery(AdminPartsDocument, {
    variables,
    fetchPolicy: "cache-and-network",
  });
  const [retirePart] = useMutation(RetirePartDocument);
  const [restorePart] = useMutation(RestorePartDocument);

  const change = async (part: { id: string; name: string }, retire: boolean) => {
    if (retire && !window.confirm(retireQuestion(part.name))) return;
    setBusyId(part.id);
    try {
      if (retire) await retirePart({ variables: { id: part.id } });
      else await restorePart({ variables: { id: part.id } });
      toast.success(retire ? `${part.name} is retired` : `${part.name} is back on sale`);
      // A filtered list may no longer hold it.
      if (filters.status !== "all" || filters.lowStock) await refetch();
    } catch (changeError) {
      toast.error(errorMessage(changeError));
    } finally {
      setBusyId(null);
    }
  };

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv("/admin/parts.csv", "partshop-parts.csv");
    } catch (exportError) {
      toast.error(errorMessage(exportError));
    } finally {
      setExporting(false);
    }
  };

  const edges = data?.adminParts.edges ?? [];
  const filtered = Boolean(filters.search || filters.status !== "all" || filters.lowStock);
  return (
    <div className="dashboard-page">
      <div className="page-heading">
        <h1>Manage Parts</h1>
        <div className="row-actions">
          <button type="button" className="btn btn--outline" disabled={exporting} onClick={() => void exportCsv()}>
            {exporting ? "Exporting…" : "Export CSV"}
          </button>
          <Link to="/dashboard/manage_parts/import" className="btn btn--outline">
            Import CSV
          </Link>
          <Link to="/dashboard/manage_parts/new" className="btn btn--primary">
            Add a part
          </Link>
        </div>
      </div>
      <ListFilters
        name="Parts list"
        searchId="parts-search"
        searchLabel="Search by name, words or part number"
        placeholder="battery, 5B10W13930…"
        search={filters.search}
        onSearch={(text) => filters.set({ search: text })}
      >
        <FilterSelect
          id="parts-status"
          label="Show"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => filters.set({ status })}
        />
        <label className="checkbox filters__check">
          <input
            type="checkbox"
            checked={filters.lowStock}
            onChange={(event) => filters.set({ lowStock: event.target.checked })}
          />
          Low stock only
        </label>
      </ListFilters>
      {!data && loading ? (
        <Spinner label="Loading parts…" />
      ) : !data && error ? (
        <ErrorState
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
          title="Could not load the parts"
        />
      ) : edges.length === 0 ? (
        <EmptyState>
          {filtered ? "No part matches these filters." : "No parts yet. Add one with “Add a part”."}
        </EmptyState>
      ) : (
        <>
          <DataTable
            caption="Parts"
            columns={["#", "Photo", "Name", "Price", "Stock", "Min. order", "Status", "Actions"]}
          >
            {edges.map((edge, index) => (
              <PartAdminRow
                key={edge.node.id}
                part={edge.node}
                index={index}
                busy={busyId === edge.node.id}
                onRetire={(part) => void change(part, true)}
                onRestore={(part) => void change(part, false)}
              />
            ))}
          </DataTable>
          {data && (
            <LoadMoreButton
              pageInfo={data.adminParts.pageInfo}
              label="Load more parts"
              onLoadMore={(after) => fetchMore({ variables: { after } })}
            />
          )}
        </>
      )}
    </div>
  );
}
