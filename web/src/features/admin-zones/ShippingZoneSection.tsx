import "./adminZones.css";
import type { ReactNode } from "react";
import { getFragmentData, type FragmentType } from "@/lib/gql";
import { DataCell, DataTable } from "@/ui/DataTable";
import { formatPrice } from "@/ui/format";
import { ShippingZoneFieldsFragment } from "./zoneDocuments";
import { bandLabel, daysLabel, KIND_LABELS, placeLabel } from "./zoneFormat";

export type ShippingZoneShown = ReturnType<typeof shippingZoneOf>;
export type ShippingMethodShown = ShippingZoneShown["methods"][number];

/** A zone's fields from its fragment. */
export const shippingZoneOf = (zone: FragmentType<typeof ShippingZoneFieldsFragment>) =>
  getFragmentData(ShippingZoneFieldsFragment, zone);

interface Props {
  zone: ShippingZoneShown;
  busy: boolean;
  /** A form shown in the zone's card (editing it, or one of its methods), under its heading. */
  editor?: ReactNode;
  onEditZone: () => void;
  onDeleteZone: () => void;
  onAddMethod: () => void;
  onEditMethod: (method: ShippingMethodShown) => void;
  onRemoveMethod: (method: ShippingMethodShown) => void;
}

/** One shipping zone: its places, then its methods as a table (cards on narrow screens), with their actions. */
export function ShippingZoneSection({
  zone,
  busy,
  editor,
  onEditZone,
  onDeleteZone,
  onAddMethod,
  onEditMethod,
  onRemoveMethod,
}: Props) {
  const headingId = `shipping-zone-${zone.databaseId}`;
  return (
    <section className="card zone-card" aria-labelledby={headingId}>
      <div className="zone-card__heading">
        <div>
          <h2 id={headingId}>{zone.name}</h2>
          <p className="zone-card__places">{zone.places.map(placeLabel).join(", ")}</p>
        </div>
        <div className="row-actions">
          <button
            type="button"
            className="btn btn--small btn--outline"
            disabled={busy}
            onClick={onEditZone}
            aria-label={`Edit the zone ${zone.name}`}
          >
            Edit zone
          </button>
          <button
            type="button"
            className="btn btn--small"
            disabled={busy}
            onClick={onAddMethod}
            aria-label={`Add a method to ${zone.name}`}
          >
            Add a method
          </button>
          <button
            type="button"
            className="btn btn--small btn--danger"
            disabled={busy}
            onClick={onDeleteZone}
            aria-label={`Delete the zone ${zone.name}`}
          >
            Delete zone
          </button>
        </div>
      </div>
      {editor}
      {zone.methods.length === 0 ? (
        <p className="zone-card__empty">No methods yet: nothing ships here until one is added.</p>
      ) : (
        <DataTable caption={`Shipping methods of ${zone.name}`} columns={["Method", "Rates", "Delivery", "Actions"]}>
          {zone.methods.map((method) => (
            <tr key={method.id}>
              <DataCell label="Method">
                {method.name}
                <p className="small zone-card__detail">
                  {KIND_LABELS[method.kind]} · dangerous goods: {method.carriesDangerousGoods ? "yes" : "no"}
                </p>
              </DataCell>
              <DataCell label="Rates">
                <ul className="zone-card__bands">
                  {method.bands.map((band) => (
                    <li key={band.upToGrams}>{bandLabel(band)}</li>
                  ))}
                  {method.freeOver != null && <li>free over {formatPrice(method.freeOver)}</li>}
                </ul>
              </DataCell>
              <DataCell label="Delivery">{daysLabel(method.minDays, method.maxDays)}</DataCell>
              <DataCell label="Actions" kind="actions">
                <div className="row-actions">
                  <button
                    type="button"
                    className="btn btn--small btn--outline"
                    disabled={busy}
                    onClick={() => onEditMethod(method)}
                    aria-label={`Edit ${method.name} in ${zone.name}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn--small btn--danger"
                    disabled={busy}
                    onClick={() => onRemoveMethod(method)}
                    aria-label={`Remove ${method.name} from ${zone.name}`}
                  >
                    Remove
                  </button>
                </div>
              </DataCell>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
