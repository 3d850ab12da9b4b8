import { getFragmentData, type FragmentType } from "@/lib/gql";
import { AddressFieldsFragment } from "./addressFields";
import "./addresses.css";

/** An address as a label shows it, line by line (the book, and later the checkout). */
export function AddressSummary({ address: addressRef }: { address: FragmentType<typeof AddressFieldsFragment> }) {
  const address = getFragmentData(AddressFieldsFragment, addressRef);
  const place = [address.city, address.region, address.postalCode].filter(Boolean).join(" ");
  return (
    <address className="address-summary">
      {[address.name, address.company, address.line1, address.line2, place, address.countryName, address.phone]
        .filter(Boolean)
        .map((line, index) => (
          <span key={index} className="address-summary__line">
            {line}
          </span>
        ))}
    </address>
  );
}
