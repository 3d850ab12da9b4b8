import { Field, Float, Int, ObjectType } from "type-graphql";
import { countryName, type PostalAddress } from "../../../domain/addresses/address-rules";
import { centsToDollars } from "../../../domain/money";
import type { SaleSummary } from "../../../domain/orders/sale-summary";
import type { PriceDisplay } from "../../../domain/tax/price-display.service";

@ObjectType("PostalAddress", {
  simpleResolvers: true,
  description: "An address as an order keeps it: a copy, as it was when chosen",
})
export class PostalAddressType {
  constructor(address: PostalAddress) {
    Object.assign(this, address);
    this.countryName = countryName(address.country) ?? address.country;
  }

  @Field(() => String, { description: "Who receives the parcel" })
  name: string;

  @Field(() => String, { nullable: true, description: "A company name, or null" })
  company: string | null;

  @Field(() => String, { description: "The street and number" })
  line1: string;

  @Field(() => String, { nullable: true, description: "An apartment, suite or building, or null" })
  line2: string | null;

  @Field(() => String, { description: "The city or town" })
  city: string;

  @Field(() => String, {
    nullable: true,
    description: "The state or province (its code where the country has codes), or null",
  })
  region: string | null;

  @Field(() => String, { description: "The postal code" })
  postalCode: string;

  @Field(() => String, { description: "The ISO 3166 two-letter country code" })
  country: string;

  @Field(() => String, { description: "The country's English name" })
  countryName: string;

  @Field(() => String, { description: "The phone number the carrier may call" })
  phone: string;
}

@ObjectType("SaleSummary", {
  simpleResolvers: true,
  description:
    "What a whole order comes to, and where and how it ships (frozen when placed, or when a reservation's delivery was chosen). Amounts in dollars, of its lines not cancelled",
})
export class SaleSummaryType {
  constructor(summary: SaleSummary) {
    this.subtotal = centsToDollars(summary.subtotalCents - summary.discountCents);
    this.shipping = centsToDollars(summary.shippingCents);
    this.tax = centsToDollars(summary.taxCents);
    this.total = centsToDollars(summary.totalCents);
    this.pricesIncludeTax = summary.pricesIncludeTax;
    this.taxZoneName = summary.taxZoneName;
    this.shipTo = summary.shipTo ? new PostalAddressType(summary.shipTo) : null;
    this.shippingMethodName = summary.shippingMethodName;
    this.minDays = summary.minDays;
    this.maxDays = summary.maxDays;
  }

  @Field(() => Float, { description: "The goods: each line's unit price times its quantity, after any discount" })
  subtotal: number;

  @Field(() => Float, { description: "Shipping, without its tax" })
  shipping: number;

  @Field(() => Float, {
    description:
      "Tax: the sum of each line's rounded tax and the shipping's. Where prices include tax it is added on top of the net prices all the same, so total = subtotal + shipping + tax",
  })
  tax: number;

  @Field(() => Float, { description: "subtotal + shipping + tax: what the card is (or was) charged" })
  total: number;

  @Field(() => Boolean, { description: "The tax zone shows prices with tax included (EU VAT style)" })
  pricesIncludeTax: boolean;

  @Field(() => String, {
    nullable: true,
    description: "The tax zone it was taxed in; null when the address is in none",
  })
  taxZoneName: string | null;

  @Field(() => PostalAddressType, {
    nullable: true,
    description: "Where it ships; null for a reservation whose delivery is not chosen yet",
  })
  shipTo: PostalAddressType | null;

  @Field(() => String, {
    nullable: true,
    description: "The shipping method's name as it was chosen; null until chosen",
  })
  shippingMethodName: string | null;

  @Field(() => Int, { nullable: true, description: "The delivery estimate's fewest working days; null until chosen" })
  minDays: number | null;

  @Field(() => Int, { nullable: true, description: "The delivery estimate's most working days; null until chosen" })
  maxDays: number | null;
}

@ObjectType("PriceDisplay", {
  simpleResolvers: true,
  description:
    "How the storefront shows prices to you: for your default address's place when you are signed in with one, else for the shop's display place",
})
export class PriceDisplayType {
  constructor(display: PriceDisplay) {
    this.pricesIncludeTax = display.zone?.pricesIncludeTax ?? false;
    this.taxZoneName = display.zone?.name ?? null;
    this.country = display.place.country;
  }

  @Field(() => Boolean, {
    description: "Prices (Part.shownPrice) include tax (EU VAT style); false: tax is added at checkout",
  })
  pricesIncludeTax: boolean;

  @Field(() => String, { nullable: true, description: "The tax zone of the place; null when it is in none" })
  taxZoneName: string | null;

  @Field(() => String, { description: "ISO code of the country the prices are shown for" })
  country: string;
}
