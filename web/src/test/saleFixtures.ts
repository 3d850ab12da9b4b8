import { SaleQuoteDocument } from "@/features/checkout";
import type { SaleQuoteInput } from "@/lib/gql/graphql";

/** An address of the customer's book as the address fragment reads it. */
export function savedAddress(databaseId: string, fields: Record<string, unknown> = {}) {
  return {
    __typename: "Address",
    id: `QWRkcmVzczo${databaseId}`,
    databaseId,
    name: "Grace Hopper",
    company: null,
    line1: "100 Market Street",
    line2: null,
    city: "New York",
    region: "NY",
    postalCode: "10001",
    country: "US",
    countryName: "United States",
    phone: "+12125550100",
    isDefault: false,
    ...fields,
  };
}

export const HOME = savedAddress("a1", { isDefault: true });
export const OFFICE = savedAddress("a2", {
  name: "Grace Hopper",
  company: "Navy Lab",
  line1: "1 Harbour Road",
  city: "Bristol",
  region: null,
  postalCode: "BS1 5TY",
  country: "GB",
  countryName: "United Kingdom",
  phone: "+441174960000",
});

export interface OptionSpec {
  id: string;
  name: string;
  kind?: "STANDARD" | "EXPRESS" | "COLLECTION";
  price: number | null;
  free?: boolean;
  days: [number, number];
  refused?: string;
}

export const STANDARD: OptionSpec = { id: "method-standard", name: "Standard", price: 6.95, days: [3, 5] };
export const EXPRESS: OptionSpec = { id: "method-express", name: "Express", kind: "EXPRESS", price: 19, days: [1, 2] };
export const COLLECTION: OptionSpec = {
  id: "method-collection",
  name: "Collection from the warehouse",
  kind: "COLLECTION",
  price: null,
  days: [1, 1],
  refused: "Too heavy for collection: 32 kg, at most 30 kg",
};

export function shippingOption(spec: OptionSpec) {
  return {
    __typename: "ShippingOption" as const,
    methodId: spec.id,
    name: spec.name,
    kind: spec.kind ?? "STANDARD",
    available: !spec.refused,
    price: spec.refused ? null : spec.price,
    free: spec.free ?? false,
    minDays: spec.days[0],
    maxDays: spec.days[1],
    unavailableReason: spec.refused ?? null,
  };
}

export interface QuoteSpec {
  subtotal: number;
  shipping?: number;
  tax: number;
  total: number;
  pricesIncludeTax?: boolean;
  taxZoneName?: string | null;
  options?: OptionSpec[];
  refusal?: string | null;
  chosen?: OptionSpec | null;
}

/** A saleQuote answer. */
export function quoteAnswer(spec: QuoteSpec) {
  const chosen = spec.chosen ? shippingOption(spec.chosen) : null;
  return {
    __typename: "SaleQuote",
    subtotal: spec.subtotal,
    shipping: spec.shipping ?? 0,
    tax: spec.tax,
    total: spec.total,
    pricesIncludeTax: spec.pricesIncludeTax ?? false,
    taxZoneName: spec.taxZoneName ?? null,
    shippingZoneName: spec.options ? "United States" : null,
    shippingRefusal: spec.refusal ?? null,
    shippingOptions: (spec.options ?? []).map(shippingOption),
    chosenShipping: chosen && {
      __typename: "ShippingOption",
      methodId: chosen.methodId,
      name: chosen.name,
      price: chosen.price,
      free: chosen.free,
      minDays: chosen.minDays,
      maxDays: chosen.maxDays,
    },
  };
}

/** The shop's answer to one saleQuote input. */
export const quoteMock = (input: SaleQuoteInput, spec: QuoteSpec) => ({
  request: { query: SaleQuoteDocument, variables: { input } },
  result: { data: { saleQuote: quoteAnswer(spec) } },
  maxUsageCount: 10,
});

/** A SaleSummary answer (Checkout.summary, Order.sale). */
export function saleSummary(spec: QuoteSpec & { method?: OptionSpec | null; shipTo?: Record<string, unknown> | null }) {
  return {
    __typename: "SaleSummary",
    subtotal: spec.subtotal,
    shipping: spec.shipping ?? 0,
    tax: spec.tax,
    total: spec.total,
    pricesIncludeTax: spec.pricesIncludeTax ?? false,
    taxZoneName: spec.taxZoneName ?? null,
    shippingMethodName: spec.method?.name ?? null,
    minDays: spec.method?.days[0] ?? null,
    maxDays: spec.method?.days[1] ?? null,
    // Only the pages that ask for it get it.
    ...(spec.shipTo !== undefined ? { shipTo: spec.shipTo } : {}),
  };
}

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
