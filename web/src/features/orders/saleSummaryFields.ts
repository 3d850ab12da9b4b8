import { graphql } from "@/lib/gql";

/** What an order's page and the checkout's confirmation show of the whole sale: its amounts, where and how it ships. */
export const SaleSummaryFieldsFragment = graphql(`
  fragment SaleSummaryFields on SaleSummary {
    subtotal
    shipping
    tax
    total
    pricesIncludeTax
    taxZoneName
    shippingMethodName
    minDays
    maxDays
    shipTo {
      name
      company
      line1
      line2
      city
      region
      postalCode
      countryName
      phone
    }
  }
`);
