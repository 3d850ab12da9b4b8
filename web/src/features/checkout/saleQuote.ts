import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import type { CartLineInput, SaleQuoteFieldsFragment, ShipToInput } from "@/lib/gql/graphql";
import { getFragmentData } from "@/lib/gql";

/** What the checkout, the cart and the reservation's payment page show of a quote. */
export const SaleQuoteFieldsFragmentDoc = graphql(`
  fragment SaleQuoteFields on SaleQuote {
    subtotal
    shipping
    tax
    total
    pricesIncludeTax
    taxZoneName
    shippingZoneName
    shippingRefusal
    shippingOptions {
      methodId
      name
      kind
      available
      price
      free
      minDays
      maxDays
      unavailableReason
    }
    chosenShipping {
      methodId
      name
      price
      free
      minDays
      maxDays
    }
  }
`);

export const SaleQuoteDocument = graphql(`
  query SaleQuote($input: SaleQuoteInput!) {
    saleQuote(input: $input) {
      ...SaleQuoteFields
    }
  }
`);

export type SaleQuoteView = SaleQuoteFieldsFragment;
export type ShippingOptionView = SaleQuoteView["shippingOptions"][number];

/** What is being sold: cart lines at today's prices, or one of the customer's unpaid reservations. */
export type SaleGoods = { lines: CartLineInput[] } | { orderId: string };

/** The method a shopper most likely wants first: the cheapest that can ship (the first listed of equals). */
export function cheapestOption(options: readonly ShippingOptionView[]): ShippingOptionView | null {
  let best: ShippingOptionView | null = null;
  for (const option of options) {
    if (!option.available) continue;
    if (!best || (option.price ?? 0) < (best.price ?? 0)) best = option;
  }
  return best;
}

/**
 * The shop's quote for goods shipped to an address, in two steps: first the address's methods
 * (each priced or refused), then the whole sale with the chosen method, or with the cheapest
 * until one is chosen (a method of another address's zone is never sent). Without an address
 * nothing is asked.
 */
export function useSaleQuote(goods: SaleGoods, shipTo: ShipToInput | null, chosenMethodId: string | null) {
  const methods = useQuery(SaleQuoteDocument, {
    variables: { input: { ...goods, shipTo } },
    skip: !shipTo,
  });
  const options = methods.data ? getFragmentData(SaleQuoteFieldsFragmentDoc, methods.data.saleQuote) : null;
  const chosen = options?.shippingOptions.find((option) => option.available && option.methodId === chosenMethodId);
  const methodId = (chosen ?? (options ? cheapestOption(options.shippingOptions) : null))?.methodId ?? null;
  const priced = useQuery(SaleQuoteDocument, {
    variables: { input: { ...goods, shipTo, shippingMethodId: methodId } },
    skip: !shipTo || !methodId,
  });
  // While another method of the same address is being priced, the last sale priced stays on screen.
  const previous = priced.previousData
    ? getFragmentData(SaleQuoteFieldsFragmentDoc, priced.previousData.saleQuote)
    : null;
  const sameAddress = previous?.chosenShipping
    ? options?.shippingOptions.some((option) => option.methodId === previous.chosenShipping?.methodId)
    : false;
  const current = priced.data ? getFragmentData(SaleQuoteFieldsFragmentDoc, priced.data.saleQuote) : null;
  const sale = current ?? (sameAddress ? previous : null);
  return {
    /** The address's methods and its refusal; null until they are known. */
    options,
    /** The method the sale is priced with. */
    methodId,
    /** The sale priced with that method; null until it is. */
    sale: methodId ? sale : null,
    loading: methods.loading || priced.loading,
    error: methods.error ?? priced.error,
  };
}
