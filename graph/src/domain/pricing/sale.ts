import type { Place } from "../addresses/places";
import {
  chosenOption,
  shippingChoices,
  type ShippableLine,
  type ShippingChoices,
  type ShippingZone,
} from "../shipping/shipping-rates";
import type { TaxCategory, TaxProvider, TaxResult } from "../tax/tax-lines";
import { quote, type PricedLine, type Quote } from "./quote";

/**
 * The price calculation of a sale, every stage in order (docs/product.md, "Shipping and tax"):
 *   1. unit prices × quantities;
 *   2. the order's discount, spread over the lines (zero until promotions arrive);
 *   3. shipping: the address's zone, the chosen method, its rate for the parcel's weight;
 *   4. tax: one rounded tax line per order line and one for the shipping, from the TaxProvider;
 *   5. the totals, each order-level amount spread over the lines (`quote`).
 * Each stage reads what the stages before it settled and changes none of it.
 */

/** A line of a cart or an order, as every stage needs it. */
export interface SaleLine extends PricedLine, ShippableLine {
  category: TaxCategory;
}

/** Where the sale goes and how, and where the shop's zones and rates come from. */
export interface SaleContext {
  /** The address (for shipping and tax); a visitor without one is taxed as the display zone's place. */
  shipTo: (Place & { countryName: string }) | null;
  /** The place whose tax a visitor without an address is shown (from configuration). */
  displayPlace: Place;
  /** The chosen method; without one, shipping is not priced yet (a cart before checkout). */
  shippingMethodId: string | null;
  shippingZones: readonly ShippingZone[];
  tax: TaxProvider;
  discountCents?: number;
}

export interface SaleQuote<L extends SaleLine = SaleLine> extends Quote<L> {
  /** The methods the address allows, priced, and why any is refused; null without an address. */
  shippingChoices: ShippingChoices | null;
  /** The chosen method, as priced. */
  shipping: { methodId: string; name: string; free: boolean; minDays: number; maxDays: number } | null;
  /** The tax lines the provider gave: one per line, and the shipping's. */
  tax: TaxResult;
}

/** The whole calculation for `lines` in `context`. */
export async function priceSale<L extends SaleLine>(lines: readonly L[], context: SaleContext): Promise<SaleQuote<L>> {
  const goods = quote(lines, { discountCents: context.discountCents ?? 0 });
  const goodsCents = goods.subtotalCents - goods.discountCents;
  const choices = context.shipTo ? shippingChoices(context.shippingZones, context.shipTo, lines, goodsCents) : null;
  const option = choices && context.shippingMethodId ? chosenOption(choices, context.shippingMethodId) : null;
  const shippingCents = option?.priceCents ?? 0;
  const tax = await context.tax.taxFor({
    lines: goods.lines.map((line, index) => ({
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      discountCents: line.discountCents,
      category: lines[index].category,
    })),
    shippingCents,
    shipTo: context.shipTo ?? context.displayPlace,
  });
  if (tax.lines.length !== lines.length) throw new Error("The tax provider answered for other lines than asked");
  const priced = quote(lines, {
    discountCents: goods.discountCents,
    shippingCents,
    taxCents: tax.shipping.taxCents,
    lineTaxCents: tax.lines.map((line) => line.taxCents),
  });
  return {
    ...priced,
    shippingChoices: choices,
    shipping: option && {
      methodId: option.method.id,
      name: option.method.name,
      free: option.free,
      minDays: option.method.minDays,
      maxDays: option.method.maxDays,
    },
    tax,
  };
}
