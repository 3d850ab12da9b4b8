/* What orders keep of a sale, as the API answers it (SaleSummary), for the pages' tests. */

/** docs/product.md's worked example in Germany, by express, as the order keeps it. */
export const germanSale = {
  __typename: "SaleSummary" as const,
  subtotal: 204.47,
  shipping: 19,
  tax: 37.81,
  total: 261.28,
  pricesIncludeTax: true,
  taxZoneName: "Germany",
  shippingMethodName: "Express",
  minDays: 2,
  maxDays: 4,
  shipTo: {
    __typename: "PostalAddress" as const,
    name: "Emmy Noether",
    company: null,
    line1: "Unter den Linden 6",
    line2: null,
    city: "Berlin",
    region: null,
    postalCode: "10117",
    countryName: "Germany",
    phone: "+4930209312345",
  },
};
