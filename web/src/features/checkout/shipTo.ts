import { fieldErrors, errorMessage } from "@/lib/apollo/errors";
import type { AddressInput, ShipToInput } from "@/lib/gql/graphql";
import { EMPTY_ADDRESS, type AddressValues } from "@/features/addresses";

/** Where a sale ships, as the picker holds it: a saved address, or one typed now (null until it is). */
export type ShipToChoice = { kind: "saved"; addressId: string } | { kind: "new"; address: AddressInput | null };

/** The choice as the API takes it; null while a new address is still being typed. */
export function shipToInput(choice: ShipToChoice): ShipToInput | null {
  if (choice.kind === "saved") return { addressId: choice.addressId };
  return choice.address ? { address: choice.address } : null;
}

/** A refusal of a quote or a sale, sorted by where each message shows. */
export interface SaleErrors {
  /** On the typed address's fields (the server names them shipTo.address.<field>). */
  address: Partial<Record<keyof AddressValues, string>>;
  /** On the ship-to choice as a whole: no zone covers it, or not one of your addresses. */
  shipTo?: string;
  /** On the shipping method list. */
  shippingMethodId?: string;
  /** What no field shows: above the button. */
  other?: string;
}

const ADDRESS_FIELD = /^shipTo\.address\.(\w+)$/;

/** Puts each of the server's messages where the sale's form shows it (extensions.fields names them). */
export function saleErrors(error: unknown): SaleErrors {
  const sorted: SaleErrors = { address: {} };
  if (!error) return sorted;
  const named = Object.entries(fieldErrors(error));
  const unplaced: string[] = [];
  for (const [field, message] of named) {
    const addressField = ADDRESS_FIELD.exec(field)?.[1];
    if (addressField && addressField in EMPTY_ADDRESS) sorted.address[addressField as keyof AddressValues] = message;
    else if (field === "shipTo" || field.startsWith("shipTo.")) sorted.shipTo ??= message;
    else if (field === "shippingMethodId") sorted.shippingMethodId = message;
    else unplaced.push(message);
  }
  if (named.length === 0) sorted.other = errorMessage(error);
  else if (unplaced.length > 0) sorted.other = unplaced.join("; ");
  return sorted;
}
