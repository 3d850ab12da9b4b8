import { useState } from "react";
import { useForm } from "react-hook-form";
import { useMutation } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { errorMessage } from "@/lib/apollo/errors";
import { FormField, fieldAria } from "@/ui/FormField";
import { useToast } from "@/ui/toast";
import { PRODUCT_MESSAGES } from "./AddProductPage";
import { PhotoUpload } from "./PhotoUpload";

export const UpdateProductDocument = graphql(`
  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {
    updateProduct(id: $id, input: $input) {
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
  }
`);

/** The product as the form starts from. */
export interface EditedProduct {
  id: string;
  name: string;
  price?: number | null;
  availableQuantity?: number | null;
  description?: string | null;
  img?: string | null;
}

interface Values {
  name: string;
  price: string;
  availableQuantity: string;
  description: string;
  img: string;
}

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/**
 * Edits a new arrival: the server checks every field as when one is added (its message names the
 * field), saves them together and records the change in History. Blank image or description
 * clears it; a blank price or stock leaves it as it is.
 */
export function ProductEditForm({ product, onDone }: { product: EditedProduct; onDone: () => void }) {
  const toast = useToast();
  const [updateProduct] = useMutation(UpdateProductDocument);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      name: product.name,
      price: text(product.price),
      availableQuantity: text(product.availableQuantity),
      description: text(product.description),
      img: text(product.img),
    },
  });

  const onSubmit = async (values: Values) => {
    const number = (value: string) => (value.trim() === "" ? null : Number(value));
    try {
      await updateProduct({
        variables: {
          id: product.id,
          input: {
            name: values.name.trim(),
            price: number(values.price),
            availableQuantity: number(values.availableQuantity),
            description: values.description.trim(),
            img: values.img.trim(),
          },
        },
      });
      toast.success(`${values.name.trim()} is saved`);
      onDone();
    } catch (saveError) {
      toast.error(errorMessage(saveError));
    }
  };

  const id = (field: string) => `edit-product-${field}`;
  return (
    <form className="card form-card" aria-label={`Edit ${product.name}`} onSubmit={handleSubmit(onSubmit)} noValidate>
      <h2>Edit {product.name}</h2>
      <FormField id={id("name")} label="Name" error={errors.name?.message} hint="Up to 20 characters">
        <input
          id={id("name")}
          type="text"
          {...register("name", {
            validate: (value) => value.trim().length > 0 || PRODUCT_MESSAGES.nameRequired,
            maxLength: { value: 20, message: PRODUCT_MESSAGES.nameTooLong },
          })}
          {...fieldAria(id("name"), errors.name?.message)}
        />
      </FormField>
      <div className="form-grid">
        <FormField id={id("price")} label="Price ($)">
          <input id={id("price")} type="number" inputMode="decimal" min={0} step="0.01" {...register("price")} />
        </FormField>
        <FormField id={id("stock")} label="Available quantity">
          <input id={id("stock")} type="number" inputMode="numeric" min={0} {...register("availableQuantity")} />
        </FormField>
      </div>
      <FormField id={id("img")} label="Photo URL" error={errors.img?.message} hint="Or upload a photo">
        <input
          id={id("img")}
          type="url"
          placeholder="https://…"
          {...register("img")}
          {...fieldAria(id("img"), errors.img?.message)}
        />
      </FormField>
      <PhotoUpload
        id={id("upload")}
        onUploaded={(url) => setValue("img", url, { shouldDirty: true, shouldValidate: true })}
        onError={(message) => setError("img", { type: "upload", message })}
        onBusyChange={setUploading}
      />
      <FormField id={id("description")} label="Description">
        <textarea id={id("description")} rows={3} {...register("description")} />
      </FormField>
      <div className="row-actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting || uploading}>
          {isSubmitting ? "Saving…" : "Save changes"}
        </button>
        <button type="button" className="btn btn--outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
