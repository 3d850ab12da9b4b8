import { useEffect, useMemo, useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { errorMessage } from "@/lib/apollo/errors";
import {
  CreateTaxZoneDocument,
  DeleteTaxZoneDocument,
  KnownPlacesDocument,
  TAX_ZONE_COLUMNS,
  TaxZoneForm,
  TaxZoneRow,
  TaxZonesDocument,
  taxZoneOf,
  UpdateTaxZoneDocument,
  useScrollToHash,
  type KnownPlace,
} from "@/features/admin-zones";
import { DataTable } from "@/ui/DataTable";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { useToast } from "@/ui/toast";
import "../adminLists.css";

const REFETCH = { refetchQueries: [TaxZonesDocument, KnownPlacesDocument], awaitRefetchQueries: true };

/**
 * docs/product.md, "Beyond the spec": Tax. Every tax zone with its places and rates; added and
 * edited in a form above the list, deleted after a confirmation; every change is in History.
 */
export function TaxPage() {
  const toast = useToast();
  /** "new", a zone's id, or null. */
  const [editing, setEditing] = useState<string | null>(null);
  const [busyZone, setBusyZone] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(TaxZonesDocument, { fetchPolicy: "cache-and-network" });
  const knownPlaces = useQuery(KnownPlacesDocument).data;
  useScrollToHash(Boolean(data));
  const known = useMemo<KnownPlace[]>(
    () => [...(knownPlaces?.shippingZones ?? []), ...(knownPlaces?.taxZones ?? [])].flatMap((zone) => zone.places),
    [knownPlaces],
  );
  const [createZone] = useMutation(CreateTaxZoneDocument, REFETCH);
  const [updateZone] = useMutation(UpdateTaxZoneDocument);
  const [deleteZone] = useMutation(DeleteTaxZoneDocument, REFETCH);
  const zones = (data?.taxZones ?? []).map(taxZoneOf);
  const edited = editing && editing !== "new" ? zones.find((zone) => zone.id === editing) : undefined;

  // The form sits above the list: a zone edited from far down the list brings it into view.
  useEffect(() => {
    if (editing) document.getElementById("tax-zone-form-heading")?.scrollIntoView?.({ block: "start" });
  }, [editing]);

  const remove = async (zone: (typeof zones)[number]) => {
    if (!window.confirm(deleteTaxZoneQuestion(zone.name))) return;
    setBusyZone(zone.id);
    try {
      await deleteZone({ variables: { id: zone.id } });
      toast.success(`Deleted the tax zone ${zone.name}`);
      if (editing === zone.id) setEditing(null);
    } catch (deleteError) {
      toast.error(errorMessage(deleteError));
    } finally {
      setBusyZone(null);
    }
  };

  return (
    <div className="dashboard-page">
      <div className="page-heading">
        <h1>Tax</h1>
        <button type="button" className="btn btn--primary" onClick={() => setEditing("new")}>
          Add a tax zone
        </button>
      </div>
      <p className="page-intro">
        Where the shop charges tax, and how much: an address outside every tax zone pays none.
      </p>
      {(editing === "new" || edited) && (
        <section aria-labelledby="tax-zone-form-heading">
          <h2 id="tax-zone-form-heading">{edited ? `Edit ${edited.name}` : "A new tax zone"}</h2>
          <TaxZoneForm
            key={editing}
            idPrefix={edited ? `tax-zone-${edited.databaseId}` : "new-tax-zone"}
            zone={edited ?? null}
            known={known}
            submitLabel={edited ? "Save tax zone" : "Add tax zone"}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              if (edited) await updateZone({ variables: { id: edited.id, input } });
              else await createZone({ variables: { input } });
              toast.success(edited ? `Saved the tax zone ${input.name}` : `Added the tax zone ${input.name}`);
              setEditing(null);
            }}
          />
        </section>
      )}
      {!data && loading ? (
        <Spinner label="Loading the tax zones…" />
      ) : !data && error ? (
        <ErrorState
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
          title="Could not load the tax zones"
        />
      ) : zones.length === 0 ? (
        <EmptyState>No tax zones yet: no order pays tax. Add one with “Add a tax zone”.</EmptyState>
      ) : (
        <DataTable caption="Tax zones" columns={TAX_ZONE_COLUMNS}>
          {zones.map((zone) => (
            <TaxZoneRow
              key={zone.id}
              zone={zone}
              busy={busyZone === zone.id}
              onEdit={() => setEditing(zone.id)}
              onDelete={() => void remove(zone)}
            />
          ))}
        </DataTable>
      )}
    </div>
  );
}

/** The confirmation asked before deleting a tax zone. */
export const deleteTaxZoneQuestion = (name: string) =>
  `Delete the tax zone ${name}? Its places then pay no tax until another zone covers them; orders keep what they were charged.`;
