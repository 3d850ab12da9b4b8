import { useState } from "react";
import { getFragmentData, type FragmentType } from "@/lib/gql";
import type { AddressInput } from "@/lib/gql/graphql";
import {
  AddressFieldsFragment,
  AddressForm,
  AddressSummary,
  addressValues,
  type AddressValues,
} from "@/features/addresses";
import type { ShipToChoice } from "./shipTo";
import "./checkout.css";

type SavedAddress = FragmentType<typeof AddressFieldsFragment>;

/** The first choice: the book's default address, else a new one. */
export function initialShipTo(addresses: readonly SavedAddress[]): ShipToChoice {
  const book = addresses.map((entry) => getFragmentData(AddressFieldsFragment, entry));
  const chosen = book.find((address) => address.isDefault) ?? book[0];
  return chosen ? { kind: "saved", addressId: chosen.id } : { kind: "new", address: null };
}

/** A typed address on one line, as the picker repeats it once used. */
function oneLine(address: AddressInput): string {
  const place = [address.postalCode, address.city, address.region].filter(Boolean).join(" ");
  return [address.name, address.company, address.line1, address.line2, place, address.country]
    .filter(Boolean)
    .join(", ");
}

interface Props {
  idPrefix: string;
  /** The customer's address book (viewer.addresses), the default first. */
  addresses: readonly SavedAddress[];
  value: ShipToChoice;
  onChange: (choice: ShipToChoice) => void;
  /** The server's messages on the typed address's fields: the form opens again to show them. */
  addressErrors?: Partial<Record<keyof AddressValues, string>>;
  /** The server's message on the ship-to as a whole. */
  error?: string;
  disabled?: boolean;
}

/**
 * Where the sale ships: one of the saved addresses (the default chosen first), or a new one typed
 * in the address book's own form. A new address is used once its form is sent; it is not saved
 * in the book.
 */
export function ShipToPicker({ idPrefix, addresses, value, onChange, addressErrors, error, disabled }: Props) {
  const [editing, setEditing] = useState(false);
  // A typed address stays at hand while a saved one is tried instead.
  const [lastTyped, setLastTyped] = useState<AddressInput | null>(value.kind === "new" ? value.address : null);
  const book = addresses.map((entry) => ({ entry, address: getFragmentData(AddressFieldsFragment, entry) }));
  const typed = value.kind === "new" ? value.address : null;
  const refusedFields = Object.keys(addressErrors ?? {}).length > 0;
  const formOpen = value.kind === "new" && (editing || !typed || refusedFields);
  const errorId = `${idPrefix}-ship-to-error`;

  return (
    <fieldset
      className="sale-choice"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">Ship to</legend>
      <ul className="sale-choice__list">
        {book.map(({ entry, address }) => {
          const id = `${idPrefix}-address-${address.databaseId}`;
          return (
            <li key={address.id} className="sale-option">
              <input
                id={id}
                type="radio"
                name={`${idPrefix}-ship-to`}
                checked={value.kind === "saved" && value.addressId === address.id}
                disabled={disabled}
                onChange={() => onChange({ kind: "saved", addressId: address.id })}
              />
              <label htmlFor={id} className="sale-option__label">
                <AddressSummary address={entry} />
              </label>
            </li>
          );
        })}
        <li className="sale-option">
          <input
            id={`${idPrefix}-address-new`}
            type="radio"
            name={`${idPrefix}-ship-to`}
            checked={value.kind === "new"}
            disabled={disabled}
            onChange={() => onChange({ kind: "new", address: lastTyped })}
          />
          <label htmlFor={`${idPrefix}-address-new`} className="sale-option__label">
            <span className="sale-option__name">A new address</span>
            {typed && !formOpen && <span className="sale-option__detail">{oneLine(typed)}</span>}
          </label>
          {value.kind === "new" && typed && !formOpen && (
            <button
              type="button"
              className="btn btn--small btn--outline sale-option__change"
              onClick={() => setEditing(true)}
              disabled={disabled}
            >
              Change the address
            </button>
          )}
        </li>
      </ul>
      {formOpen && (
        <AddressForm
          // A new form for each refusal, filled with what was sent.
          key={JSON.stringify(typed)}
          idPrefix={`${idPrefix}-new`}
          initial={typed ? addressValues(typed) : undefined}
          submitLabel="Use this address"
          serverErrors={addressErrors}
          onSubmit={async (input) => {
            setLastTyped(input);
            onChange({ kind: "new", address: input });
            setEditing(false);
          }}
          onCancel={typed && editing ? () => setEditing(false) : undefined}
        />
      )}
      {error && (
        <p className="form-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
