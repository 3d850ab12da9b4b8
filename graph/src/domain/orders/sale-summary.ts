import type { DataSource } from "typeorm";
import type { PostalAddress } from "../addresses/address-rules";
import type { Checkout } from "./checkout.entity";
import { readSummaryHeaders } from "./queries/sale-headers";

/**
 * What a whole order comes to, and where and how it ships, as its header keeps it: the amounts of
 * its lines still live (a cancelled line no longer counts; the database keeps them), and the
 * address, method and tax zone frozen when it was placed or its delivery was chosen.
 */
export interface SaleSummary {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** Every line's own tax and the shipping's. */
  taxCents: number;
  totalCents: number;
  pricesIncludeTax: boolean;
  taxZoneName: string | null;
  /** Null: a reservation whose delivery is not chosen yet. */
  shipTo: PostalAddress | null;
  shippingMethodName: string | null;
  minDays: number | null;
  maxDays: number | null;
}

type Header = Pick<
  Checkout,
  | "subtotalCents"
  | "discountCents"
  | "shippingCents"
  | "taxCents"
  | "totalCents"
  | "pricesIncludeTax"
  | "taxZoneName"
  | "shipTo"
  | "shippingMethodName"
  | "shippingMinDays"
  | "shippingMaxDays"
>;

export function saleSummaryOf(header: Header): SaleSummary {
  return {
    // A header written by the release before amounts were kept has none (see the migrations).
    subtotalCents: header.subtotalCents ?? 0,
    discountCents: header.discountCents,
    shippingCents: header.shippingCents,
    taxCents: header.taxCents,
    totalCents: header.totalCents,
    pricesIncludeTax: header.pricesIncludeTax,
    taxZoneName: header.taxZoneName,
    shipTo: header.shipTo,
    shippingMethodName: header.shippingMethodName,
    minDays: header.shippingMinDays,
    maxDays: header.shippingMaxDays,
  };
}

/**
 * The summaries of orders' headers, for lines already read by someone allowed to read them (an
 * order's `sale`): one statement for every line a page shows.
 */
export class SaleSummaries {
  constructor(private readonly db: DataSource) {}

  async ofHeaders(headerIds: readonly string[]): Promise<(SaleSummary | null)[]> {
    const headers = await readSummaryHeaders(this.db.manager, headerIds);
    const byId = new Map(headers.map((header) => [header.databaseId, saleSummaryOf(header)]));
    return headerIds.map((id) => byId.get(id) ?? null);
  }
}
