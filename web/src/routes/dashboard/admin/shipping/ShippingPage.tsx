import { useMemo, useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { errorMessage } from "@/lib/apollo/errors";
import type { ShippingMethodInput } from "@/lib/gql/graphql";
import {
  AddShippingMethodDocument,
  CreateShippingZoneDocument,
  DeleteShippingZoneDocument,
  KnownPlacesDocument,
  RemoveShippingMethodDocument,
  ShippingMethodForm,
  ShippingZoneForm,
  ShippingZoneSection,
  ShippingZonesDocument,
  shippingZoneOf,
  UpdateShippingMethodDocument,
  UpdateShippingZoneDocument,
  useScrollToHash,
  type KnownPlace,
  type ShippingMethodShown,
  type ShippingZoneSettings,
} from "@/features/admin-zones";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { useToast } from "@/ui/toast";
import "../adminLists.css";

/** What is being edited: a new zone, a zone, a new method of a zone, or one of its methods. */
type Editing =
  | { what: "newZone" }
  | { what: "zone"; zoneId: string }
  | { what: "newMethod"; zoneId: string }
  | { what: "method"; zoneId: string; methodId: string }
  | null;

const REFETCH = { refetchQueries: [ShippingZonesDocument, KnownPlacesDocument], awaitRefetchQueries: true };

/**
 * docs/product.md, "Beyond the spec": Shipping. Every zone with its places and methods; zones and
 * methods are added and edited in place, deleted after a confirmation, and every change is in History.
 */
export function ShippingPage() {
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  const [busyZone, setBusyZone] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(ShippingZonesDocument, { fetchPolicy: "cache-and-network" });
  const knownPlaces = useQuery(KnownPlacesDocument).data;
  useScrollToHash(Boolean(data));
  const known = useMemo<KnownPlace[]>(
    () => [...(knownPlaces?.shippingZones ?? []), ...(knownPlaces?.taxZones ?? [])].flatMap((zone) => zone.places),
    [knownPlaces],
  );
  const [createZone] = useMutation(CreateShippingZoneDocument, REFETCH);
  const [updateZone] = useMutation(UpdateShippingZoneDocument);
  const [deleteZone] = useMutation(DeleteShippingZoneDocument, REFETCH);
  const [addMethod] = useMutation(AddShippingMethodDocument);
  const [updateMethod] = useMutation(UpdateShippingMethodDocument);
  const [removeMethod] = useMutation(RemoveShippingMethodDocument);
  const zones = (data?.shippingZones ?? []).map(shippingZoneOf);

  const close = () => setEditing(null);

  const saveNewZone = async (settings: ShippingZoneSettings) => {
    await createZone({ variables: { input: settings } });
    toast.success(`Added the shipping zone ${settings.name}`);
    close();
  };

  /** Runs a change of one zone after the admin confirms it, the zone's buttons disabled meanwhile. */
  const confirmed = async (zoneId: string, question: string, change: () => Promise<string>) => {
    if (!window.confirm(question)) return;
    setBusyZone(zoneId);
    try {
      toast.success(await change());
      close();
    } catch (changeError) {
      toast.error(errorMessage(changeError));
    } finally {
      setBusyZone(null);
    }
  };

  const editorOf = (zone: (typeof zones)[number]) => {
    if (!editing || editing.what === "newZone" || editing.zoneId !== zone.id) return undefined;
    if (editing.what === "zone")
      return (
        <ShippingZoneForm
          idPrefix={`zone-${zone.databaseId}`}
          zone={zone}
          known={known}
          submitLabel="Save zone"
          onCancel={close}
          onSubmit={async (settings) => {
            await updateZone({ variables: { id: zone.id, input: settings } });
            toast.success(`Saved the shipping zone ${settings.name}`);
            close();
          }}
        />
      );
    const method = editing.what === "method" ? zone.methods.find((one) => one.id === editing.methodId) : undefined;
    if (editing.what === "method" && !method) return undefined;
    const save = async (input: ShippingMethodInput) => {
      if (method) await updateMethod({ variables: { id: method.id, input } });
      else await addMethod({ variables: { zoneId: zone.id, input } });
      toast.success(method ? `Saved ${input.name} in ${zone.name}` : `Added ${input.name} to ${zone.name}`);
      close();
    };
    return (
      <>
        <h3 className="zone-card__form-title">{method ? `Edit ${method.name}` : `A new method for ${zone.name}`}</h3>
        <ShippingMethodForm
          idPrefix={method ? `method-${method.databaseId}` : `new-method-${zone.databaseId}`}
          method={method ?? null}
          submitLabel={method ? "Save method" : "Add method"}
          onCancel={close}
          onSubmit={save}
        />
      </>
    );
  };

  return (
    <div className="dashboard-page">
      <div className="page-heading">
        <h1>Shipping</h1>
        <button type="button" className="btn btn--primary" onClick={() => setEditing({ what: "newZone" })}>
          Add a zone
        </button>
      </div>
      <p className="page-intro">
        Where the shop ships, and how: each zone covers countries (or states and provinces) and offers its methods,
        priced by parcel weight.
      </p>
      {editing?.what === "newZone" && (
        <section aria-labelledby="new-zone-heading">
          <h2 id="new-zone-heading">A new shipping zone</h2>
          <ShippingZoneForm
            idPrefix="new-zone"
            zone={null}
            known={known}
            submitLabel="Add zone"
            onCancel={close}
            onSubmit={saveNewZone}
          />
        </section>
      )}
      {!data && loading ? (
        <Spinner label="Loading the shipping zones…" />
      ) : !data && error ? (
        <ErrorState
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
          title="Could not load the shipping zones"
        />
      ) : zones.length === 0 ? (
        <EmptyState>No shipping zones yet: nothing can be shipped. Add one with “Add a zone”.</EmptyState>
      ) : (
        <div className="zone-list">
          {zones.map((zone) => (
            <ShippingZoneSection
              key={zone.id}
              zone={zone}
              busy={busyZone === zone.id}
              editor={editorOf(zone)}
              onEditZone={() => setEditing({ what: "zone", zoneId: zone.id })}
              onAddMethod={() => setEditing({ what: "newMethod", zoneId: zone.id })}
              onEditMethod={(method: ShippingMethodShown) =>
                setEditing({ what: "method", zoneId: zone.id, methodId: method.id })
              }
              onDeleteZone={() =>
                void confirmed(zone.id, deleteZoneQuestion(zone.name, zone.methods.length), async () => {
                  const answer = await deleteZone({ variables: { id: zone.id } });
                  return `Deleted the shipping zone ${answer.data?.deleteShippingZone.name ?? zone.name}`;
                })
              }
              onRemoveMethod={(method) =>
                void confirmed(zone.id, removeMethodQuestion(method.name, zone.name), async () => {
                  await removeMethod({ variables: { id: method.id } });
                  return `Removed ${method.name} from ${zone.name}`;
                })
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** The confirmation asked before deleting a zone. */
export const deleteZoneQuestion = (name: string, methods: number) =>
  `Delete the shipping zone ${name}${methods ? ` and its ${methods === 1 ? "method" : `${methods} methods`}` : ""}? ` +
  "Its places can then not be shipped to; orders keep what they were charged.";

/** The confirmation asked before removing a method. */
export const removeMethodQuestion = (method: string, zone: string) =>
  `Remove ${method} from ${zone}? Orders keep what they were charged.`;
