import { Field, Float, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

/** The kinds of shipping method, as the API names them (the domain's METHOD_KINDS). */
export enum ShippingMethodKind {
  STANDARD = "standard",
  EXPRESS = "express",
  COLLECTION = "collection",
}

registerEnumType(ShippingMethodKind, {
  name: "ShippingMethodKind",
  description: "How a shipping method carries a parcel",
  valuesConfig: {
    STANDARD: { description: "By road: the usual delivery" },
    EXPRESS: { description: "By air: sooner, and no dangerous goods unless the method says it may carry them" },
    COLLECTION: { description: "Collected by the customer from the warehouse" },
  },
});

@ObjectType("ZonePlace", { description: "A place a zone covers: a whole country, or one region of it" })
export class ZonePlaceType {
  @Field(() => String, { description: "The country's ISO 3166 code (US, DE)" })
  country: string;

  @Field(() => String, { description: "The country's English name" })
  countryName: string;

  @Field(() => String, { nullable: true, description: "The region's code (NY, ON), or null: the whole country" })
  region: string | null;

  @Field(() => String, { nullable: true, description: "The region's name (New York), or null" })
  regionName: string | null;
}

@ObjectType("WeightBand", { description: "A shipping method's price for parcels up to a weight" })
export class WeightBandType {
  @Field(() => Int, { description: "The heaviest parcel this band takes, in grams (inclusive)" })
  upToGrams: number;

  @Field(() => Float, { description: "Its price in dollars" })
  price: number;
}

/** The fields resolved from the domain's record (money, places) are in resolvers/zones.resolver.ts. */
@ObjectType("ShippingMethod", {
  implements: Node,
  description:
    "One way a shipping zone ships: its kind, price by weight band, free threshold, estimate and eligibility",
})
export class ShippingMethodType extends NodeFields {
  @Field(() => String, { description: "Its name as shoppers see it (at most 80 characters)" })
  name: string;

  @Field(() => ShippingMethodKind, { description: "Standard, express or collection from the warehouse" })
  kind: ShippingMethodKind;

  @Field(() => Int, { description: "The soonest delivery, in working days" })
  minDays: number;

  @Field(() => Int, { description: "The latest delivery, in working days" })
  maxDays: number;

  @Field(() => Boolean, {
    description: "Whether it may carry dangerous goods (air express may not carry large lithium batteries)",
  })
  carriesDangerousGoods: boolean;

  @Field(() => Date, { description: "When it was added (UTC)" })
  createdAt: Date;
}

@ObjectType("ShippingZone", {
  implements: Node,
  description: "Where the shop ships to (countries, and regions of them) and the methods it ships there by",
})
export class ShippingZoneType extends NodeFields {
  @Field(() => String, { description: "Its name (at most 80 characters, one zone each)" })
  name: string;

  @Field(() => Date, { description: "When it was added (UTC)" })
  createdAt: Date;
}

@ObjectType("TaxZone", {
  implements: Node,
  description:
    "Where a set of tax rates applies (countries, and regions of them), and whether prices there show tax or add it at checkout",
})
export class TaxZoneType extends NodeFields {
  @Field(() => String, { description: "Its name (at most 80 characters, one zone each)" })
  name: string;

  @Field(() => Boolean, {
    description:
      "Prices are shown with tax in them (EU VAT style); false: tax is added at checkout (US sales tax style)",
  })
  pricesIncludeTax: boolean;

  @Field(() => Boolean, { description: "Shipping is taxed, at the standard rate" })
  taxesShipping: boolean;

  @Field(() => Date, { description: "When it was added (UTC)" })
  createdAt: Date;
}

@ObjectType({ description: "What deleteShippingZone and deleteTaxZone answer: which zone is gone" })
export class DeleteZonePayload {
  @Field(() => ID, { description: "Global id of the deleted zone" })
  deletedId: string;

  @Field(() => String, { description: "Its name, for the confirmation" })
  name: string;
}
