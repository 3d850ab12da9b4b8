import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { apiUrl } from "@/lib/apiUrl";
import { formatPrice } from "@/ui/format";
import { formatCount } from "@/ui/formatFigures";
import { DataCell } from "@/ui/DataTable";
import "./PartAdminRow.css";

export const PartAdminRowFragment = graphql(`
  fragment PartAdminRow_part on Part {
    id
    databaseId
    name
    partNumber
    img
    price
    available
    minOrderQuantity
    lowStock
    lowStockThreshold
    retired
  }
`);

interface Props {
  part: FragmentType<typeof PartAdminRowFragment>;
  index: number;
  busy: boolean;
  onRetire: (part: { id: string; name: string }) => void;
  onRestore: (part: { id: string; name: string }) => void;
}

/** A part in the admins' list: its figures, whether it is on sale, and what can be done with it. */
export function PartAdminRow({ part: partRef, index, busy, onRetire, onRestore }: Props) {
  const part = getFragmentData(PartAdminRowFragment, partRef);
  return (
    <tr>
      <DataCell label="#" kind="number">
        {index + 1}
      </DataCell>
      <DataCell label="Photo">
        <img src={apiUrl(part.img)} alt="" width="48" height="48" className="part-thumb" loading="lazy" />
      </DataCell>
      <DataCell label="Name">
        {part.name}
        <p className="small part-number">No. {part.partNumber}</p>
      </DataCell>
      <DataCell label="Price" kind="number">
        {formatPrice(part.price)}
      </DataCell>
      <DataCell label="Stock" kind="number">
        {formatCount(part.available)}
      </DataCell>
      <DataCell label="Min. order" kind="number">
        {formatCount(part.minOrderQuantity)}
      </DataCell>
      <DataCell label="Status">
        {part.retired ? (
          <span className="badge">Retired</span>
        ) : part.lowStock ? (
          <span className="badge badge--warning" title={`At or below ${part.lowStockThreshold} units`}>
            Low stock
          </span>
        ) : (
          <span className="badge badge--success">On sale</span>
        )}
      </DataCell>
      <DataCell label="Actions" kind="actions">
        <div className="row-actions">
          <Link
            to={`/dashboard/manage_parts/${part.databaseId}`}
            className="btn btn--small btn--outline"
            aria-label={`Edit ${part.name}`}
          >
            Edit
          </Link>
          {part.retired ? (
            <button
              type="button"
              className="btn btn--small"
              disabled={busy}
              onClick={() => onRestore(part)}
              aria-label={`Put ${part.name} back on sale`}
            >
              Put back on sale
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--small btn--danger"
              disabled={busy}
              onClick={() => onRetire(part)}
              aria-label={`Retire ${part.name}`}
            >
              Retire
            </button>
          )}
        </div>
      </DataCell>
    </tr>
  );
}
