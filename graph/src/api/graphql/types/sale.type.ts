import { Field, Float, ID, Int, ObjectType } from "type-graphql";
import type { ShippingOption as PricedOption } from "../../../domain/shipping/shipping-rates";
import type { QuotedLine } from "../../../domain/pricing/sale.service";
import type { SaleQuote } from "../../../domain/pricing/sale";
import type { LineAmounts } from "../../../domain/pricing/quote";
import { shownUnitCents } from "../../../domain/pricing/sale-rules";
import { centsToDollars } from "../../../domain/money";
import { toGlobalId } from "../global-id";
import { ShippingMethodKind } from "./zones.type";

/* A sale priced for an address and a method (docs/product.md, "Shipping and tax"), as saleQuote answers it. */

@ObjectType("ShippingOption", {
  description: "A shipping method of the address's zone, priced for these lines or refused with the reason",
})
export class ShippingOptionType {
  @Field(() => ID, { description: "The ShippingMethod's global id: what shippingMethodId takes" })
  methodId: string;

  @Field(() => String, { description: "Its name as shoppers see it" })
  name: string;

  @Field(() => ShippingMethodKind, { description: "Standard, express or collection from the warehouse" })
  kind: ShippingMethodKind;

  @Field(() => Boolean, { description: "Whether it can take these lines to this address" })
  available: boolean;

  @Field(() => Float, {
    nullable: true,
    description: "What it costs, in dollars (0 when free); null when not available",
  })
  price: number | null;

  @Field(() => Boolean, { description: "Free, as the goods reach its free-over threshold" })
  free: boolean;

  @Field(() => Int, { description: "The soonest delivery, in working days" })
  minDays: number;

  @Field(() => Int, { description: "The latest delivery, in working days" })
  maxDays: number;

  @Field(() => String, {
    nullable: true,
    description: "Why it cannot take these lines (too heavy, dangerous goods it may not carry); null when available",
  })
  unavailableReason: string | null;

  constructor(option: PricedOption) {
    const { method } = option;
    Object.assign(this, {
      methodId: toGlobalId("ShippingMethod", method.id),
      name: method.name,
      kind: method.kind as ShippingMethodKind,
      available: option.available,
      price: option.available ? centsToDollars(option.priceCents) : null,
      free: option.available && option.free,
      minDays: method.minDays,
      maxDays: method.maxDays,
      unavailableReason: option.available ? null : option.reason,
    });
  }
}

@ObjectType("SaleQuoteLine", { description: "A line of a quote, with its shares of the shipping and tax" })
export class SaleQuoteLineType {
  /** Resolved to the part by the resolver (a loader). */
  partId: string;

  @Field(() => Int, { description: "Units" })
  quantity: number;

  @Field(() => Float, { description: "Unit price in dollars, without tax" })
  unitPrice: number;

  @Field(() => Float, {
    description: "Unit price in dollars as the tax zone shows it: with its tax where the zone's prices include tax",
  })
  shownUnitPrice: number;

  @Field(() => Float, { description: "Unit price times quantity, in dollars" })
  subtotal: number;

  @Field(() => Float, { description: "Its tax in dollars: its own and its share of the shipping's" })
  tax: number;

  @Field(() => Float, { description: "What it comes to in dollars, with its shares of shipping and tax" })
  total: number;

  constructor(line: QuotedLine & LineAmounts, shownUnitCentsOfLine: number) {
    Object.assign(this, {
      partId: line.partId,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitPriceCents),
      shownUnitPrice: centsToDollars(shownUnitCentsOfLine),
      subtotal: centsToDollars(line.subtotalCents),
      tax: centsToDollars(line.taxCents),
      total: centsToDollars(line.totalCents),
    });
  }
}

@ObjectType("SaleQuote", {
  description:
    "What a sale comes to for an address and a method, computed by the shop as checkout will charge it: lines, subtotal, shipping, tax and total, and the shipping methods the address allows",
})
export class SaleQuoteType {
  @Field(() => [SaleQuoteLineType], { description: "Its lines, in the order given" })
  lines: SaleQuoteLineType[];

  @Field(() => Float, { description: "The goods, in dollars (unit prices without tax times quantities)" })
  subtotal: number;

  @Field(() => Float, { description: "Shipping in dollars (0 while no method is chosen)" })
  shipping: number;

  @Field(() => Float, {
    description:
      "Tax in dollars: the sum of each line's rounded tax and the shipping's (docs/product.md, Shipping and tax)",
  })
  tax: number;

  @Field(() => Float, { description: "subtotal + shipping + tax, in dollars: what the card would be charged" })
  total: number;

  @Field(() => Boolean, { description: "The tax zone shows prices with tax included (EU VAT style)" })
  pricesIncludeTax: boolean;

  @Field(() => String, { nullable: true, description: "The tax zone's name; null: the place is in no tax zone" })
  taxZoneName: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The shipping zone's name; null: no address, or no zone covers it",
  })
  shippingZoneName: string | null;

  @Field(() => Int, { description: "The parcel's weight in grams: every unit of every line" })
  weightGrams: number;

  @Field(() => [ShippingOptionType], {
    description:
      "The methods of the address's zone, each priced or refused, cheapest available first; [] without an address",
  })
  shippingOptions: ShippingOptionType[];

  @Field(() => String, {
    nullable: true,
    description: "Why nothing can ship these lines there; null when something can, or without an address",
  })
  shippingRefusal: string | null;

  @Field(() => ShippingOptionType, {
    nullable: true,
    description: "The chosen method as priced; null when none is chosen",
  })
  chosenShipping: ShippingOptionType | null;

  constructor(sale: SaleQuote<QuotedLine>) {
    const choices = sale.shippingChoices;
    const options = (choices?.options ?? []).map((option) => new ShippingOptionType(option));
    Object.assign(this, {
      lines: sale.lines.map((line, index) => new SaleQuoteLineType(line, shownUnitCents(sale, index))),
      subtotal: centsToDollars(sale.subtotalCents - sale.discountCents),
      shipping: centsToDollars(sale.shippingCents),
      tax: centsToDollars(sale.taxCents),
      total: centsToDollars(sale.totalCents),
      pricesIncludeTax: sale.tax.zone?.pricesIncludeTax ?? false,
      taxZoneName: sale.tax.zone?.name ?? null,
      shippingZoneName: choices?.zone?.name ?? null,
      weightGrams: sale.lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0),
      shippingOptions: options,
      shippingRefusal: choices?.refusal ?? null,
      chosenShipping: sale.shipping
        ? (options.find((option) => option.methodId === toGlobalId("ShippingMethod", sale.shipping!.methodId)) ?? null)
        : null,
    });
  }
}
