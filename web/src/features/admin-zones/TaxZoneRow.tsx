import "./adminZones.css";
import { getFragmentData, type FragmentType } from "@/lib/gql";
import { DataCell } from "@/ui/DataTable";
import { TaxZoneFieldsFragment } from "./zoneDocuments";
import { formatPercent, placeLabel } from "./zoneFormat";

/** A tax zone's fields from its fragment. */
export const taxZoneOf = (zone: FragmentType<typeof TaxZoneFieldsFragment>) =>
  getFragmentData(TaxZoneFieldsFragment, zone);

export type TaxZoneListed = ReturnType<typeof taxZoneOf>;

export const TAX_ZONE_COLUMNS = [
  "Zone",
  "Places",
  "Prices",
  "Shipping taxed",
  "Standard",
  "Reduced",
  "Zero",
  "Actions",
];

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
      <DataCell label="Zone">{zone.name}</DataCell>
      <DataCell label="Places">{zone.places.map(placeLabel).join(", ")}</DataCell>
      <DataCell label="Prices">{zone.pricesIncludeTax ? "Include tax" : "Tax added at checkout"}</DataCell>
      <DataCell label="Shipping taxed">{zone.taxesShipping ? "Yes" : "No"}</DataCell>
      <DataCell label="Standard" kind="number">
        {formatPercent(zone.standardRate)}
      </DataCell>
      <DataCell label="Reduced" kind="number">
        {formatPercent(zone.reducedRate)}
      </DataCell>
      <DataCell label="Zero" kind="number">
        {formatPercent(zone.zeroRate)}
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
