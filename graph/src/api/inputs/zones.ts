import { ArgsType, Field, Float, ID, InputType, Int } from "type-graphql";
import { IsString } from "class-validator";
import { ShippingMethodKind } from "../graphql/types/zones.type";
import { MaxLength } from "./validation";

/*
 * Shipping and tax zones (admins). The types are GraphQL's; every rule (a known country, bands
 * ascending, days in order, rates as percentages) is the services', which name the field at fault
 * (`places.0.region`, `bands.2.upToGrams`).
 */

@InputType({ description: "A place a zone covers: a country, or one region of it" })
export class ZonePlaceInput {
  @Field(() => String, { description: "ISO 3166 country code (US, DE, GB)" })
  country: string;

  @Field(() => String, {
    nullable: true,
    description:
      "A state or province (its code, NY, or its name) of the US, Canada or Australia; leave out for the whole country",
  })
  region?: string | null;
}

@InputType({ description: "A new shipping zone: its name and the places it covers (each in one zone only)" })
export class CreateShippingZoneInput {
  @Field(() => String, { description: "Its name; required, at most 80 characters, not another zone's" })
  name: string;

  @Field(() => [ZonePlaceInput], { description: "The countries and regions it covers: 1 to 300, none in another zone" })
  places: ZonePlaceInput[];
}

@InputType({ description: "Changes to a shipping zone: only the fields given change; places given replace its places" })
export class UpdateShippingZoneInput {
  @Field(() => String, { nullable: true, description: "A new name; at most 80 characters, not another zone's" })
  name?: string | null;

  @Field(() => [ZonePlaceInput], {
    nullable: true,
    description: "Its places, all of them: 1 to 300, none in another zone",
  })
  places?: ZonePlaceInput[] | null;
}

@InputType({ description: "A price for parcels up to a weight" })
export class WeightBandInput {
  @Field(() => Int, { description: "The heaviest parcel the band takes, in grams (1 to 100,000,000)" })
  upToGrams: number;

  @Field(() => Float, { description: "Its price in dollars, at most two decimals, 0 to 1,000,000" })
  price: number;
}

@InputType({ description: "A shipping method's settings, all of them (adding a method and editing one alike)" })
export class ShippingMethodInput {
  @Field(() => String, { description: "Its name as shoppers see it; required, at most 80 characters, one per zone" })
  name: string;

  @Field(() => ShippingMethodKind, { description: "Standard, express or collection" })
  kind: ShippingMethodKind;

  @Field(() => [WeightBandInput], {
    description: "Its weight bands, lightest first: 1 to 50, no two ending at the same weight",
  })
  bands: WeightBandInput[];

  @Field(() => Float, {
    nullable: true,
    description:
      "Free when the goods (after discounts, before tax) come to at least this many dollars; null: never free",
  })
  freeOver?: number | null;

  @Field(() => Int, { description: "The soonest delivery in working days (0 to 365)" })
  minDays: number;

  @Field(() => Int, { description: "The latest delivery in working days (from minDays to 365)" })
  maxDays: number;

  @Field(() => Boolean, {
    nullable: true,
    description: "Whether it may carry dangerous goods; left out: yes for standard and collection, no for express",
  })
  carriesDangerousGoods?: boolean | null;
}

@ArgsType()
export class ZoneIdArgs {
  @Field(() => ID, { description: "The shipping zone (global id or databaseId)" })
  @IsString()
  @MaxLength(200, { message: "Not a valid id" })
  zoneId: string;
}

@InputType({ description: "A new tax zone: its places, how it shows prices, and its rates as percentages" })
export class CreateTaxZoneInput {
  @Field(() => String, { description: "Its name; required, at most 80 characters, not another zone's" })
  name: string;

  @Field(() => [ZonePlaceInput], {
    description: "The countries and regions it covers: 1 to 300, none in another tax zone",
  })
  places: ZonePlaceInput[];

  @Field(() => Boolean, {
    description: "Prices shown with tax in them (EU VAT); false: tax added at checkout (US sales tax)",
  })
  pricesIncludeTax: boolean;

  @Field(() => Boolean, { description: "Whether shipping is taxed (at the standard rate)" })
  taxesShipping: boolean;

  @Field(() => Float, { description: "The standard rate, a percentage from 0 to 100 with up to 4 decimals (8.875)" })
  standardRate: number;

  @Field(() => Float, { description: "The reduced rate, a percentage from 0 to 100 with up to 4 decimals" })
  reducedRate: number;

  @Field(() => Float, { nullable: true, description: "The zero rate, a percentage; 0 when left out" })
  zeroRate?: number | null;
}

@InputType({ description: "Changes to a tax zone: only the fields given change; places given replace its places" })
export class UpdateTaxZoneInput {
  @Field(() => String, { nullable: true, description: "A new name; at most 80 characters, not another zone's" })
  name?: string | null;

  @Field(() => [ZonePlaceInput], {
    nullable: true,
    description: "Its places, all of them: 1 to 300, none in another tax zone",
  })
  places?: ZonePlaceInput[] | null;

  @Field(() => Boolean, { nullable: true, description: "Prices shown with tax in them, or tax added at checkout" })
  pricesIncludeTax?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "Whether shipping is taxed" })
  taxesShipping?: boolean | null;

  @Field(() => Float, { nullable: true, description: "The standard rate, a percentage with up to 4 decimals" })
  standardRate?: number | null;

  @Field(() => Float, { nullable: true, description: "The reduced rate, a percentage with up to 4 decimals" })
  reducedRate?: number | null;

  @Field(() => Float, { nullable: true, description: "The zero rate, a percentage with up to 4 decimals" })
  zeroRate?: number | null;
}
