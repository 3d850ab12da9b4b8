import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { useMutation, useQuery } from "@apollo/client/react";
import { errorMessage, fieldErrors } from "@/lib/apollo/errors";
import { FormField, fieldAria } from "@/ui/FormField";
import { useToast } from "@/ui/toast";
import { CarriersDocument, RecordShipmentDocument } from "./shipmentFields";
import "./fulfilment.css";

/** A line of the order with what is left of it to ship. */
export interface LineToShip {
  /** The line's global id. */
  id: string;
  number: string;
  partName: string;
  quantity: number;
  left: number;
}

export interface ShipFormValues {
  lines: { quantity: string }[];
  carrier: string;
  trackingNumber: string;
}

/** 5 to 40 letters, digits, spaces or dashes, as the shop takes them. */
const TRACKING_NUMBER = /^[A-Za-z0-9 -]{5,40}$/;

/** The chosen lines as the API takes them, with the form's index of each line sent (its errors come back by that order). */
export function chosenLines(lines: readonly LineToShip[], values: ShipFormValues) {
  const sent = lines.flatMap((line, index) => {
    const quantity = Number(values.lines[index]?.quantity.trim());
    return quantity > 0 ? [{ index, input: { orderId: line.id, quantity } }] : [];
  });
  return { input: sent.map(({ input }) => input), formIndex: sent.map(({ index }) => index) };
}

/** The form's field for a field the server names (`lines[1].quantity` is the second line sent), or null. */
function formFieldName(field: string, formIndex: readonly number[]): Path<ShipFormValues> | null {
  if (field === "carrier" || field === "trackingNumber") return field;
  const line = /^lines(?:\[(\d+)\]|\.(\d+))\.quantity$/.exec(field);
  const index = line ? formIndex[Number(line[1] ?? line[2])] : undefined;
  return index === undefined ? null : `lines.${index}.quantity`;
}

interface Props {
  /** Any line of the order (its global id): the shipment is of the whole order. */
  orderId: string;
  /** The lines with something left to ship. */
  lines: readonly LineToShip[];
  /** Called once the shipment is recorded: the order's lines, state and parcels change with it. */
  onShipped?: () => Promise<unknown>;
}

/**
 * Records a parcel: how many of each line go in it (what is left, to begin with), the carrier and
 * its tracking number. The shop checks again what is left under the order's lock; each refusal
 * shows under the field it names.
 */
export function ShipForm({ orderId, lines, onShipped }: Props) {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const carriers = useQuery(CarriersDocument);
  const [recordShipment] = useMutation(RecordShipmentDocument);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ShipFormValues>({
    defaultValues: { lines: lines.map((line) => ({ quantity: String(line.left) })), carrier: "", trackingNumber: "" },
  });

  const submit = async (values: ShipFormValues) => {
    setFormError(null);
    const chosen = chosenLines(lines, values);
    if (chosen.input.length === 0) {
      setFormError("Put at least one unit in the parcel.");
      return;
    }
    const trackingNumber = values.trackingNumber.trim();
    try {
      const { data } = await recordShipment({
        variables: { input: { orderId, lines: chosen.input, carrier: values.carrier, trackingNumber } },
      });
      // The shop keeps tracking numbers upper-cased without spaces: the toast says it as kept.
      const shipment = data?.recordShipment;
      toast.success(
        `Shipment recorded: ${shipment?.carrier.name ?? values.carrier} ${shipment?.trackingNumber ?? trackingNumber}`,
      );
      await onShipped?.();
    } catch (error) {
      const named = Object.entries(fieldErrors(error));
      let placed = 0;
      for (const [field, message] of named) {
        const name = formFieldName(field, chosen.formIndex);
        if (!name) continue;
        setError(name, { type: "server", message });
        placed += 1;
      }
      if (placed < named.length || named.length === 0) setFormError(errorMessage(error));
      toast.error(errorMessage(error));
    }
  };

  const carrierError = errors.carrier?.message;
  const trackingError = errors.trackingNumber?.message;
  return (
    <form className="ship-form" onSubmit={handleSubmit(submit)} noValidate aria-label="Ship">
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <fieldset className="ship-form__lines">
        <legend className="field__label">In this parcel</legend>
        {lines.map((line, index) => {
          const id = `ship-line-${line.id}`;
          const error = errors.lines?.[index]?.quantity?.message;
          return (
            <FormField
              key={line.id}
              id={id}
              label={`Quantity of ${line.partName}`}
              error={error}
              hint={`#${line.number}: ${line.left} of ${line.quantity} left to ship`}
            >
              <input
                id={id}
                type="number"
                inputMode="numeric"
                min={0}
                max={line.left}
                step={1}
                {...register(`lines.${index}.quantity`, {
                  validate: (value) => {
                    const quantity = Number(value.trim());
                    return (
                      (/^\d+$/.test(value.trim()) && quantity <= line.left) || `Ship 0 to ${line.left} of this line`
                    );
                  },
                })}
                {...fieldAria(id, error)}
              />
            </FormField>
          );
        })}
      </fieldset>
      <div className="ship-form__parcel">
        <FormField id="ship-carrier" label="Carrier" error={carrierError}>
          <select
            id="ship-carrier"
            {...register("carrier", { required: "Choose a carrier" })}
            {...fieldAria("ship-carrier", carrierError)}
          >
            <option value="">
              {carriers.error
                ? "Could not load the carriers"
                : carriers.data
                  ? "Choose a carrier"
                  : "Loading carriers…"}
            </option>
            {carriers.data?.carriers.map((carrier) => (
              <option key={carrier.code} value={carrier.code}>
                {carrier.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="ship-tracking" label="Tracking number" error={trackingError}>
          <input
            id="ship-tracking"
            type="text"
            autoComplete="off"
            maxLength={40}
            {...register("trackingNumber", {
              validate: (value) =>
                TRACKING_NUMBER.test(value.trim()) || "A tracking number is 5 to 40 letters, digits, spaces or dashes",
            })}
            {...fieldAria("ship-tracking", trackingError)}
          />
        </FormField>
      </div>
      <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
        {isSubmitting ? "Recording…" : "Record shipment"}
      </button>
    </form>
  );
}
