import { useEffect, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { useMutation } from "@apollo/client/react";
import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { errorCode, errorMessage } from "@/lib/apollo/errors";
import { useAuth } from "@/lib/auth/AuthContext";
import { FormField } from "@/ui/FormField";
import { formatPrice } from "@/ui/format";
import { useToast } from "@/ui/toast";
import { QuantitySelector, quantityError } from "@/features/cart/QuantitySelector";
import { DeliveryFields } from "@/features/checkout/DeliveryFields";
import "./ReservationForm.css";

export const ReservationFormFragment = graphql(`
  fragment ReservationForm_part on Part {
    id
    name
    price
    available
    minOrderQuantity
  }
`);

export const PlaceOrderDocument = graphql(`
  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      id
      databaseId
      quantity
      price
      paid
      part {
        id
        available
      }
    }
  }
`);

interface ReservationValues {
  quantity: string;
  address: string;
  phone: string;
}

export function ReservationForm(props: { part: FragmentType<typeof ReservationFormFragment> }) {
  const part = getFragmentData(ReservationFormFragment, props.part);
  const { user } = useAuth();
  const toast = useToast();
  const [placeOrder] = useMutation(PlaceOrderDocument);
  const min = part.minOrderQuantity;
  const max = part.available;
  const outOfStock = max < min;
  const {
    control,
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ReservationValues>({ defaultValues: { quantity: String(min), address: "", phone: "" } });

  const quantity = watch("quantity");
  const liveQuantityError = outOfStock ? undefined : quantityError(quantity, min, max);
  const total = Number(quantity) * part.price;

  // When the stock drops below the chosen quantity (after an order), bring it back in range.
  // Only on a stock change: a typed value above the stock stays, with its message.
  const previousMax = useRef(max);
  useEffect(() => {
    if (previousMax.current === max) return;
    previousMax.current = max;
    const current = Number(getValues("quantity"));
    if (max >= min && Number.isFinite(current) && current > max) setValue("quantity", String(max));
  }, [max, min, getValues, setValue]);

  const onSubmit = async (values: ReservationValues) => {
    try {
      await placeOrder({
        variables: {
          input: {
            partId: part.id,
            quantity: Number(values.quantity),
            address: values.address.trim(),
            phone: values.phone.trim(),
          },
        },
      });
      toast.success("You order is sent.");
    } catch (error) {
      toast.error(errorCode(error) === "CONFLICT" ? "Already ordered" : errorMessage(error));
    }
  };

  return (
    <form className="card form-card" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="reservation-heading">
      <h2 id="reservation-heading">Reserve this part</h2>
      <div className="form-grid">
        <FormField id="reservation-name" label="Name">
          <input id="reservation-name" type="text" value={user?.displayName ?? ""} readOnly disabled />
        </FormField>
        <FormField id="reservation-email" label="Email">
          <input id="reservation-email" type="email" value={user?.email ?? ""} readOnly disabled />
        </FormField>
      </div>
      {outOfStock ? (
        <p className="notice notice--warning" role="status">
          Out of stock: fewer than the minimum order of {min} are available right now.
        </p>
      ) : (
        <div className="field">
          <label htmlFor="reservation-quantity" className="field__label">
            Quantity
          </label>
          <Controller
            name="quantity"
            control={control}
            rules={{ validate: (value) => quantityError(value, min, max) ?? true }}
            render={({ field }) => (
              <QuantitySelector
                id="reservation-quantity"
                value={field.value}
                min={min}
                max={max}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={liveQuantityError ?? errors.quantity?.message}
              />
            )}
          />
        </div>
      )}
      <DeliveryFields idPrefix="reservation" register={register} errors={errors} />
      {!outOfStock && !liveQuantityError && (
        <p className="total">
          Total: <strong>{formatPrice(total)}</strong>
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={outOfStock || Boolean(liveQuantityError) || isSubmitting}
      >
        {isSubmitting ? "Placing order…" : "Reserve"}
      </button>
    </form>
  );
}
