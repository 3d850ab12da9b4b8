import type { PostalAddress } from "../addresses/address-rules";
import type { ShippingChoices } from "../shipping/shipping-rates";
import { taxOf, type TaxCategory } from "../tax/tax-lines";
import type { SaleLine, SaleQuote } from "./sale";

/*
 * What a sale that is placed must have, and what an order keeps of it (docs/product.md, "Shipping
 * and tax"). Pure: the sale service and the order services ask these.
 */

/** Why a sale cannot be placed as asked, naming the input at fault. */
export interface DeliveryRefusal {
  field: "shipTo" | "shippingMethodId";
  message: string;
}

/**
 * Why the cart cannot ship to the address by the method chosen, or null when it can: an address
 * in no zone names `shipTo`; a cart nothing can take, a method not chosen, one the address's zone
 * does not have or one that cannot take this cart names `shippingMethodId`, with every reason.
 */
export function deliveryRefusal(choices: ShippingChoices, methodId: string | null): DeliveryRefusal | null {
  if (!choices.zone) return { field: "shipTo", message: choices.refusal ?? "We do not ship there yet" };
  if (choices.refusal) return { field: "shippingMethodId", message: choices.refusal };
  if (!methodId) return { field: "shippingMethodId", message: "Choose a shipping method" };
  const option = choices.options.find((candidate) => candidate.method.id === methodId);
  if (!option)
    return { field: "shippingMethodId", message: `That shipping method does not ship to ${choices.zone.name}` };
  if (!option.available) return { field: "shippingMethodId", message: option.reason };
  return null;
}

/** What an order's header keeps of its delivery and tax: copies, as they were when it was priced. */
export interface FrozenDelivery {
  shipTo: PostalAddress;
  shippingMethodId: string;
  shippingMethodName: string;
  shippingMinDays: number;
  shippingMaxDays: number;
  /** The shipping's own tax line (each line's tax holds its share of it). */
  shippingTaxCents: number;
  taxZoneName: string | null;
  pricesIncludeTax: boolean;
}

/** What a line keeps of its tax: its category, its rate and its own rounded tax line. */
export interface FrozenLineTax {
  taxCategory: TaxCategory;
  taxRatePpm: number;
  ownTaxCents: number;
}

/** A priced sale as an order keeps it: the header's delivery and tax, each line's tax (in the order of the lines). */
export interface FrozenSale {
  delivery: FrozenDelivery;
  lineTaxes: FrozenLineTax[];
}

/** What an order keeps of `sale`, shipped to `shipTo` by the method the sale priced (it must have one). */
export function frozenSale(sale: SaleQuote<SaleLine>, shipTo: PostalAddress): FrozenSale {
  if (!sale.shipping) throw new Error("A sale is placed with its shipping priced");
  return {
    delivery: {
      shipTo,
      shippingMethodId: sale.shipping.methodId,
      shippingMethodName: sale.shipping.name,
      shippingMinDays: sale.shipping.minDays,
      shippingMaxDays: sale.shipping.maxDays,
      shippingTaxCents: sale.tax.shipping.taxCents,
      taxZoneName: sale.tax.zone?.name ?? null,
      pricesIncludeTax: sale.tax.zone?.pricesIncludeTax ?? false,
    },
    lineTaxes: sale.lines.map((line, index) => ({
      taxCategory: line.category,
      taxRatePpm: sale.tax.lines[index].ratePpm,
      ownTaxCents: sale.tax.lines[index].taxCents,
    })),
  };
}

/** A line's unit price as the sale's tax zone shows it: with its own tax line's rate where prices include tax. */
export function shownUnitCents(sale: SaleQuote<SaleLine>, index: number): number {
  const unit = sale.lines[index].unitPriceCents;
  return sale.tax.zone?.pricesIncludeTax ? unit + taxOf(unit, sale.tax.lines[index].ratePpm) : unit;
}
