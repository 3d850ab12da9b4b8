import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";

/** How the storefront shows prices to the caller: with tax included or not (their place's tax zone). */
export const PriceDisplayDocument = graphql(`
  query PriceDisplay {
    priceDisplay {
      pricesIncludeTax
      taxZoneName
      country
    }
  }
`);

/** Whether the prices shown include tax; false until known (the display zone of most shops adds tax at checkout). */
export function usePricesIncludeTax(): boolean {
  const { data } = useQuery(PriceDisplayDocument);
  return data?.priceDisplay.pricesIncludeTax ?? false;
}
