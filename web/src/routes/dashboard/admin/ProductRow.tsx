import { graphql, getFragmentData, type FragmentType } from "../../../gql";
import { apiUrl } from "../../../apiUrl";
import { formatPrice } from "../../../ui/format";
import "./ProductRow.css";

export const ProductRowFragment = graphql(`
  fragment ProductRow_product on Product {
    id
    name
    img
    price
    availableQuantity
  }
`);

interface Props {
  product: FragmentType<typeof ProductRowFragment>;
  index: number;
  deleting: boolean;
  onDelete: (product: { id: string; name: string }) => void;
}

export function ProductRow({ product: productRef, index, deleting, onDelete }: Props) {
  const product = getFragmentData(ProductRowFragment, productRef);
  return (
    <tr>
      <td data-label="#">{index + 1}</td>
      <td data-label="Photo">
        {product.img ? <img src={apiUrl(product.img)} alt={product.name} width="48" height="48" className="thumb" loading="lazy" /> : <span className="small">No photo</span>}
      </td>
      <td data-label="Name">{product.name}</td>
      <td data-label="Price">{formatPrice(product.price)}</td>
      <td data-label="Available">{product.availableQuantity ?? "—"}</td>
      <td data-label="Actions">
        <button type="button" className="btn btn--small btn--danger" disabled={deleting} onClick={() => onDelete({ id: product.id, name: product.name })} aria-label={`Delete ${product.name}`}>
          {deleting ? "Deleting…" : "Delete"}
        </button>
      </td>
    </tr>
  );
}
