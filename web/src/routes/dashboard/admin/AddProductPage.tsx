import { useState } from "react";
import { useForm } from "react-hook-form";
import { useMutation } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { FormField, fieldAria } from "@/ui/FormField";
import { useToast } from "@/ui/toast";
import { PhotoUpload } from "./PhotoUpload";

export const AddProductDocument = graphql(`
  mutation AddProduct($input: AddProductInput!) {
    addProduct(input: $input) {
      id
      databaseId
      name
    }
  }
`);

export const PRODUCT_MESSAGES = {
  nameRequired: "Name is Required",
  nameTooLong: "Name must be 20 characters or less",
};

interface ProductValues {
  name: string;
  availableQuantity: string;
  price: string;
  img: string;
  minQuantity: string;
  description: string;
}

const EMPTY: ProductValues = { name: "", availableQuantity: "", price: "", img: "", minQuantity: "", description: "" };

/** Optional numeric fields: blank means "not given". */
function optionalNumber(value: string, integer: boolean): number | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const number = Number(trimmed);
  if (!Number.isFinite(number)) return null;
  return integer ? Math.round(number) : number;
}

export function AddProductPage() {
  const toast = useToast();
  const [uploading, setUploading] = useState(false);
  const [addProduct] = useMutation(AddProductDocument, {
    // New arrivals list products: drop the cached lists so they show this one.
    update(cache) {
      cache.evict({ id: "ROOT_QUERY", fieldName: "products" });
      cache.gc();
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductValues>({ defaultValues: EMPTY });

  const onSubmit = async (values: ProductValues) => {
    try {
      await addProduct({
        variables: {
          input: {
            name: values.name.trim(),
            availableQuantity: optionalNumber(values.availableQuantity, true),
            price: optionalNumber(values.price, false),
            img: values.img.trim() || null,
            minQuantity: optionalNumber(values.minQuantity, true),
            description: values.description.trim() || null,
          },
        },
      });
      toast.success("Prodcut added successfully");
      reset(EMPTY);
    } catch {
      toast.error("Failed to add the Prodcut");
    }
  };

  return (
    <div className="dashboard-page">
      <h1>Add Product</h1>
      <form className="card form-card" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField id="product-name" label="Name" error={errors.name?.message} hint="Up to 20 characters">
          <input
            id="product-name"
            type="text"
            {...register("name", {
              validate: (value) => value.trim().length > 0 || PRODUCT_MESSAGES.nameRequired,
              maxLength: { value: 20, message: PRODUCT_MESSAGES.nameTooLong },
            })}
            {...fieldAria("product-name", errors.name?.message)}
          />
        </FormField>
        <div className="form-grid">
          <FormField id="product-available" label="Available quantity">
            <input
              id="product-available"
              type="number"
              inputMode="numeric"
              min={0}
              {...register("availableQuantity")}
            />
          </FormField>
          <FormField id="product-min" label="Minimum quantity">
            <input id="product-min" type="number" inputMode="numeric" min={0} {...register("minQuantity")} />
          </FormField>
        </div>
        <FormField id="product-price" label="Price ($)">
          <input id="product-price" type="number" inputMode="decimal" min={0} step="0.01" {...register("price")} />
        </FormField>
        <FormField id="product-img" label="Photo URL" error={errors.img?.message} hint="Or upload a photo">
          <input
            id="product-img"
            type="url"
            placeholder="https://…"
            {...register("img")}
            {...fieldAria("product-img", errors.img?.message)}
          />
        </FormField>
        <PhotoUpload
          id="product-upload"
          onUploaded={(url) => setValue("img", url, { shouldDirty: true, shouldValidate: true })}
          onError={(message) => setError("img", { type: "upload", message })}
          onBusyChange={setUploading}
        />
        <FormField id="product-description" label="Description">
          <textarea id="product-description" rows={4} {...register("description")} />
        </FormField>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting || uploading}>
          {isSubmitting ? "Adding…" : "Add product"}
        </button>
      </form>
    </div>
  );
}
