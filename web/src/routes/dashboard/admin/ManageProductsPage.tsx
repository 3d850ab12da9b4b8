import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { errorMessage } from "@/lib/apollo/errors";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { useToast } from "@/ui/toast";
import { ProductRow } from "./ProductRow";
import { ProductEditForm, type EditedProduct } from "./ProductEditForm";
import { removeFromRootConnection } from "./connectionCache";
import { DataTable } from "@/ui/DataTable";

export const ManageProductsDocument = graphql(`
  query ManageProducts($first: Int, $after: String) {
    products(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          ...ProductRow_product
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const DeleteProductDocument = graphql(`
  mutation DeleteProduct($id: ID!) {
    deleteProduct(id: $id) {
      deletedId
      name
    }
  }
`);

/** Asked before deleting: a new arrival cannot be brought back. */
export const deleteQuestion = (name: string) =>
  `Delete ${name}? It leaves the new arrivals for good (History keeps what it was).`;

export function ManageProductsPage() {
  const toast = useToast();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const { data, loading, error, refetch, fetchMore } = useQuery(ManageProductsDocument, {
    variables: { first: 20 },
    fetchPolicy: "cache-and-network",
  });
  const [deleteProduct] = useMutation(DeleteProductDocument);

  const [editing, setEditing] = useState<EditedProduct | null>(null);

  const onDelete = async (product: { id: string; name: string }) => {
    if (!window.confirm(deleteQuestion(product.name))) return;
    setDeletingId(product.id);
    try {
      const { data: result } = await deleteProduct({
        variables: { id: product.id },
        update: (cache) => removeFromRootConnection(cache, "products", product.id),
      });
      toast.success(`Product: ${result?.deleteProduct.name ?? product.name} is deleted.`);
    } catch (deleteError) {
      toast.error(errorMessage(deleteError));
    } finally {
      setDeletingId(null);
    }
  };

  if (!data && loading) return <Spinner label="Loading products…" />;
  if (!data && error)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load the products"
      />
    );
  const edges = data?.products.edges ?? [];
  return (
    <div className="dashboard-page">
      <h1>Manage Products</h1>
      {editing && <ProductEditForm key={editing.id} product={editing} onDone={() => setEditing(null)} />}
      {edges.length === 0 ? (
        <EmptyState>No products yet. Add one from “Add Product”.</EmptyState>
      ) : (
        <>
          <DataTable caption="All products" columns={["#", "Photo", "Name", "Price", "Available", "Actions"]}>
            {edges.map((edge, index) => (
              <ProductRow
                key={edge.node.id}
                product={edge.node}
                index={index}
                deleting={deletingId === edge.node.id}
                onDelete={onDelete}
                onEdit={setEditing}
              />
            ))}
          </DataTable>
          {data && (
            <LoadMoreButton
              pageInfo={data.products.pageInfo}
              label="Load more products"
              onLoadMore={(after) => fetchMore({ variables: { after } })}
            />
          )}
        </>
      )}
    </div>
  );
}
