import "./adminZones.css";
import { getFragmentData, type FragmentType } from "@/lib/gql";
import { DataCell } from "@/ui/DataTable";
import { TaxZoneFieldsFragment } from "./zoneDocuments";
import { formatPercent, placeLabel } from "./zoneFormat";

/** A tax zone's fields from its fragment. */
export const taxZoneOf = (zone: FragmentType<typeof TaxZoneFieldsFragment>) =>
  getFragmentData(TaxZoneFieldsFragment, zone);

export type TaxZoneListed = ReturnType<typeof taxZoneOf>;

export const TAX_ZONE_COLUMNS = ["Zone", "Prices", "Rates", "Actions"];

interface Props {
  zone: TaxZoneListed;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** A tax zone in the list: places, how prices show tax, whether shipping is taxed, its rates. */
export function TaxZoneRow({ zone, busy, onEdit, onDelete }: Props) {
  return (
    <tr id={`tax-zone-${zone.databaseId}`}>
      <DataCell label="Zone">
        {zone.name}
        <p className="small zone-card__detail">{zone.places.map(placeLabel).join(", ")}</p>
      </DataCell>
      <DataCell label="Prices">
        {zone.pricesIncludeTax ? "Include tax" : "Tax added at checkout"}
        <p className="small zone-card__detail">{zone.taxesShipping ? "Shipping taxed" : "Shipping not taxed"}</p>
      </DataCell>
      <DataCell label="Rates">
        <ul className="zone-card__bands">
          <li>standard {formatPercent(zone.standardRate)}</li>
          <li>reduced {formatPercent(zone.reducedRate)}</li>
          <li>zero {formatPercent(zone.zeroRate)}</li>
        </ul>
      </DataCell>
      <DataCell label="Actions" kind="actions">
        <div className="row-actions">
          <button
            type="button"
            className="btn btn--small btn--outline"
            disabled={busy}
            onClick={onEdit}
            aria-label={`Edit the tax zone ${zone.name}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn--small btn--danger"
            disabled={busy}
            onClick={onDelete}
            aria-label={`Delete the tax zone ${zone.name}`}
          >
            Delete
          </button>
        </div>
      </DataCell>
    </tr>
  );
}
