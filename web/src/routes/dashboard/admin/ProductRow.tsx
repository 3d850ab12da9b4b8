import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { ResponsiveImage, ResponsiveImageFragment } from "@/ui/ResponsiveImage";
import { formatPrice } from "@/ui/format";
import { DataCell } from "@/ui/DataTable";
import type { EditedProduct } from "./ProductEditForm";
import "./ProductRow.css";

export const ProductRowFragment = graphql(`
  fragment ProductRow_product on Product {
    id
    name
    img
    image {
      ...ResponsiveImage_image
    }
    price
    availableQuantity
    description
  }
`);

interface Props {
  product: FragmentType<typeof ProductRowFragment>;
  index: number;
  deleting: boolean;
  onDelete: (product: { id: string; name: string }) => void;
  onEdit: (product: EditedProduct) => void;
}

export function ProductRow({ product: productRef, index, deleting, onDelete, onEdit }: Props) {
  const product = getFragmentData(ProductRowFragment, productRef);
  return (
    <tr>
      <DataCell label="#" kind="number">
        {index + 1}
      </DataCell>
      <DataCell label="Photo">
        {product.image ? (
          <ResponsiveImage
            image={getFragmentData(ResponsiveImageFragment, product.image)}
            alt={product.name}
            sizes="48px"
            fallbackSize={{ width: 48, height: 48 }}
            className="thumb"
          />
        ) : (
          <span className="small">No photo</span>
        )}
      </DataCell>
      <DataCell label="Name">{product.name}</DataCell>
      <DataCell label="Price" kind="number">
        {formatPrice(product.price)}
      </DataCell>
      <DataCell label="Available" kind="number">
        {product.availableQuantity ?? "—"}
      </DataCell>
      <DataCell label="Actions" kind="actions">
        <button
          type="button"
          className="btn btn--small btn--outline"
          onClick={() => onEdit(product)}
          aria-label={`Edit ${product.name}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn--small btn--danger"
          disabled={deleting}
          onClick={() => onDelete({ id: product.id, name: product.name })}
          aria-label={`Delete ${product.name}`}
        >
          {deleting ? "Deleting…" : "Delete"}
        </button>
      </DataCell>
    </tr>
  );
}
