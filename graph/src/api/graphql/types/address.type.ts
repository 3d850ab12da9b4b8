import { Field, ID, ObjectType } from "type-graphql";
import type { Address } from "../../../domain/addresses/address.entity";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

/** The GraphQL shape of domain/addresses/address.entity.ts (resolvers return the entities). */
@ObjectType("Address", {
  simpleResolvers: true,
  implements: Node,
  description: "An address in your address book; exactly one of them is your default",
})
export class AddressType extends NodeFields {
  @Field(() => String, { description: "Who receives parcels there" })
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
    description:
      "The state or province as its code where the country requires one (e.g. CA, ON, NSW), else as typed, or null",
  })
  region: string | null;

  @Field(() => String, { description: "The postal code, upper case" })
  postalCode: string;

  @Field(() => String, { description: "The ISO 3166 two-letter country code" })
  country: string;

  @Field(() => String, { description: "The country's English name" })
  countryName: string;

  @Field(() => String, { description: "The phone number: digits, optionally after a +" })
  phone: string;

  @Field(() => Boolean, { description: "Whether it is your default address (checkout fills it in)" })
  isDefault: boolean;
}

@ObjectType("AddressBookChange", {
  simpleResolvers: true,
  description: "What a change to your address book did, and the book as it is now",
})
export class AddressBookChange {
  constructor(
    address: Address,
    addresses: Address[],
    readonly removed = false,
  ) {
    this.address = removed ? null : address;
    this.removedId = removed ? address.databaseId : null;
    this.addresses = addresses;
  }

  @Field(() => AddressType, { nullable: true, description: "The address added or changed; null after a removal" })
  address: Address | null;

  @Field(() => ID, { nullable: true, description: "The databaseId of the address removed; null for other changes" })
  removedId: string | null;

  @Field(() => [AddressType], { description: "All your addresses now, the default first, then the newest first" })
  addresses: Address[];
}

@ObjectType("Region", { simpleResolvers: true, description: "A state or province of a country" })
export class RegionType {
  @Field(() => String, { description: "Its code, as an address's region takes it (e.g. CA, ON, NSW)" })
  code: string;

  @Field(() => String, { description: "Its English name" })
  name: string;
}

@ObjectType("Country", { simpleResolvers: true, description: "A country (ISO 3166), as the address form lists it" })
export class CountryType {
  @Field(() => String, { description: "Its ISO 3166 two-letter code" })
  code: string;

  @Field(() => String, { description: "Its English name" })
  name: string;

  @Field(() => Boolean, { description: "Whether an address there needs a region from `regions`" })
  regionRequired: boolean;

  @Field(() => [RegionType], {
    description: "Its states or provinces where an address needs one (regionRequired), in name order; empty elsewhere",
  })
  regions: RegionType[];
}
