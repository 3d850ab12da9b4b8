import type { EntityManager } from "typeorm";
import type { Place } from "./addresses/places";
import { zoneHolding, type ZoneKind } from "./addresses/queries/zone-place-rows";
import { placeName } from "./addresses/zone-places";
import { badInput, ShopError } from "./errors";

/*
 * What the shipping and tax rooms share in refusing an admin's zone: every problem named by its
 * field (`bands.2.upToGrams`), and the database's refusals of a name or a place another zone holds.
 */

/** The problems found in one input, each field with its message; `refusal()` is null when there are none. */
export class Problems {
  private readonly fields: Record<string, string[]> = {};

  add(field: string, message: string): void {
    (this.fields[field] ??= []).push(message);
  }

  get any(): boolean {
    return Object.keys(this.fields).length > 0;
  }

  refusal(): ShopError | null {
    if (!this.any) return null;
    const message = Object.values(this.fields)
      .map((messages) => messages[0])
      .join("; ");
    return badInput(message, { fields: this.fields });
  }

  /** Throws the refusal, if any problem was found. */
  check(): void {
    const refusal = this.refusal();
    if (refusal) throw refusal;
  }
}

/** A refusal naming one field. */
export const refuseField = (field: string, message: string) => badInput(message, { fields: { [field]: [message] } });

/** Whether `error` is the database refusing a row by the unique constraint `constraint`. */
export function violates(error: unknown, constraint: string): boolean {
  let current: any = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current.code === "23505" && current.constraint === constraint) return true;
    current = current.driverError;
  }
  return false;
}

/** The refusal of a zone's places when one of them is another zone's: which place, and which zone holds it. */
export async function placeTakenRefusal(
  db: EntityManager,
  kind: ZoneKind,
  places: readonly Place[],
  zoneId: string | null,
): Promise<ShopError> {
  const holder = await zoneHolding(db, kind, places, zoneId);
  return refuseField(
    "places",
    holder
      ? `${placeName(holder.place)} is already in the ${kind} zone ${holder.name}: a place belongs to one zone`
      : `A place is already in another ${kind} zone: a place belongs to one zone`,
  );
}

/** A whole number from `min` to `max`. */
export const wholeWithin = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= min && value <= max;
