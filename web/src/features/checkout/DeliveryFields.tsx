import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { FormField, fieldAria } from "@/ui/FormField";

/** Where an order goes: what the reservation form and the checkout both ask. */
export interface DeliveryValues {
  address: string;
  phone: string;
}

const PHONE = /^\+?[0-9][0-9 -]{4,}$/;

interface Props<T extends DeliveryValues> {
  /** The ids' prefix: "reservation" gives reservation-address and reservation-phone. */
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}

/** Address and phone, both required, the phone a number (docs/product.md#rules, Reserving a part), with the reservation's messages. */
export function DeliveryFields<T extends DeliveryValues>({ idPrefix, register, errors }: Props<T>) {
  // The form's values include these two fields; react-hook-form's types cannot see that through T.
  const registerDelivery = register as unknown as UseFormRegister<DeliveryValues>;
  const { address, phone } = errors as FieldErrors<DeliveryValues>;
  const addressId = `${idPrefix}-address`;
  const phoneId = `${idPrefix}-phone`;
  return (
    <>
      <FormField id={addressId} label="Address" error={address?.message}>
        <textarea
          id={addressId}
          rows={3}
          autoComplete="street-address"
          {...registerDelivery("address", { validate: (value) => value.trim().length > 0 || "Address is Required" })}
          {...fieldAria(addressId, address?.message)}
        />
      </FormField>
      <FormField id={phoneId} label="Phone" error={phone?.message}>
        <input
          id={phoneId}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          {...registerDelivery("phone", {
            validate: (value) => {
              if (!value.trim()) return "Phone is Required";
              return PHONE.test(value.trim()) || "Phone must be a number";
            },
          })}
          {...fieldAria(phoneId, phone?.message)}
        />
      </FormField>
    </>
  );
}
