import { useState } from "react";
import { graphql, type FragmentType } from "@/lib/gql";
import type { AddressFieldsFragment } from "@/features/addresses";
import { Spinner } from "@/ui/Spinner";
import { useSaleQuote, type SaleGoods } from "./saleQuote";
import { saleErrors, shipToInput, type ShipToChoice } from "./shipTo";
import { ShipToPicker, initialShipTo } from "./ShipToPicker";
import { ShippingMethods } from "./ShippingMethods";

export type SavedAddress = FragmentType<typeof AddressFieldsFragment>;

/** The customer's address book, the default first: what the ship-to picker offers. */
export const SaleAddressesDocument = graphql(`
  query SaleAddresses {
    viewer {
      id
      addresses {
        ...AddressFields
      }
    }
  }
`);

/**
 * Where and how a sale ships, and the shop's quote for it: the default address and the cheapest
 * method first. `refuse` keeps the server's refusal of the sale (placing it, or choosing a
 * reservation's delivery) so its messages show on their fields until the shopper changes a choice.
 */
export function useSaleDelivery(goods: SaleGoods, addresses: readonly SavedAddress[]) {
  const [choice, setChoice] = useState<ShipToChoice>(() => initialShipTo(addresses));
  const [methodId, setMethodId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const shipTo = shipToInput(choice);
  const quote = useSaleQuote(goods, shipTo, methodId);
  return {
    addresses,
    choice,
    chooseShipTo: (next: ShipToChoice) => {
      setRefusal(null);
      setChoice(next);
    },
    chooseMethod: (next: string) => {
      setRefusal(null);
      setMethodId(next);
    },
    /** The ship-to as the API takes it; null while a new address is being typed. */
    shipTo,
    quote,
    /** The server's last word, sorted by where it shows: the sale's refusal, else the quote's. */
    errors: saleErrors(refusal ?? quote.error),
    refuse: setRefusal,
    /** An address and a method are chosen, and the sale is priced with them. */
    ready: Boolean(shipTo && quote.methodId && quote.sale),
  };
}

export type SaleDelivery = ReturnType<typeof useSaleDelivery>;

/** The ship-to picker, then the address's shipping methods once they are known. */
export function SaleDeliveryFields({
  delivery,
  idPrefix,
  disabled,
}: {
  delivery: SaleDelivery;
  idPrefix: string;
  disabled?: boolean;
}) {
  const { quote, errors } = delivery;
  return (
    <>
      <ShipToPicker
        idPrefix={idPrefix}
        addresses={delivery.addresses}
        value={delivery.choice}
        onChange={delivery.chooseShipTo}
        addressErrors={errors.address}
        error={errors.shipTo}
        disabled={disabled}
      />
      {quote.options ? (
        <ShippingMethods
          idPrefix={idPrefix}
          options={quote.options.shippingOptions}
          value={quote.methodId}
          onChange={delivery.chooseMethod}
          refusal={quote.options.shippingRefusal}
          error={errors.shippingMethodId}
          disabled={disabled}
        />
      ) : (
        delivery.shipTo && quote.loading && <Spinner label="Finding the shipping methods…" />
      )}
    </>
  );
}
