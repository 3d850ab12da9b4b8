import { getFragmentData, type FragmentType } from "@/lib/gql";
import { AddressFieldsFragment } from "./addressFields";
import { AddressLines } from "./AddressLines";
import "./addresses.css";

/** An address as a label shows it, line by line (the book, and later the checkout). */
export function AddressSummary({ address: addressRef }: { address: FragmentType<typeof AddressFieldsFragment> }) {
  const address = getFragmentData(AddressFieldsFragment, addressRef);
  return <AddressLines address={address} className="address-summary" lineClassName="address-summary__line" />;
}
