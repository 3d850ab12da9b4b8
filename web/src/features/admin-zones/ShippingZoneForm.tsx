import "./adminZones.css";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { FormField, fieldAria } from "@/ui/FormField";
import { EMPTY_PLACE, PlacesFields, placesInput, placeValues, type KnownPlace, type PlaceValues } from "./PlacesFields";
import { placeFieldName, placeServerErrors } from "./serverFieldErrors";

export interface ShippingZoneFormValues {
  name: string;
  places: PlaceValues[];
}

/** A zone as the API takes it. */
export interface ShippingZoneSettings {
  name: string;
  places: Array<{ country: string; region?: string }>;
}

interface Props {
  idPrefix: string;
  /** The zone edited, or null for a new one. */
  zone: { name: string; places: readonly KnownPlace[] } | null;
  known: readonly KnownPlace[];
  submitLabel: string;
  onSubmit: (settings: ShippingZoneSettings) => Promise<void>;
  onCancel: () => void;
}

const zoneFieldName = (field: string) => (field === "name" ? "name" : placeFieldName(field));

/** A shipping zone's name and places (each place in one zone only: the server names the zone holding it). */
export function ShippingZoneForm({ idPrefix, zone, known, submitLabel, onSubmit, onCancel }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ShippingZoneFormValues>({
    defaultValues: zone
      ? { name: zone.name, places: zone.places.map(placeValues) }
      : { name: "", places: [{ ...EMPTY_PLACE }] },
  });
  const nameId = `${idPrefix}-name`;

  const submit = async (values: ShippingZoneFormValues) => {
    setFormError(null);
    try {
      await onSubmit({ name: values.name.trim(), places: placesInput(values.places) });
    } catch (error) {
      setFormError(
        placeServerErrors(
          error,
          (name, message) => setError(name as Path<ShippingZoneFormValues>, { type: "server", message }),
          zoneFieldName,
        ),
      );
    }
  };

  return (
    <form className="card form-card zone-form" onSubmit={handleSubmit(submit)} noValidate>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField id={nameId} label="Zone name" error={errors.name?.message}>
        <input
          id={nameId}
          type="text"
          maxLength={80}
          {...register("name", { validate: (value) => value.trim().length > 0 || "Name is required" })}
          {...fieldAria(nameId, errors.name?.message)}
        />
      </FormField>
      <PlacesFields idPrefix={idPrefix} control={control} register={register} errors={errors} known={known} />
      <div className="row-actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : submitLabel}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
