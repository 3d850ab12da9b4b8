import { ArgsType, Field, ID, InputType } from "type-graphql";
import { IsOptional, IsString, ValidateNested } from "class-validator";
import { MaxLength } from "./validation";

/*
 * An address as a customer types it. Only the types are checked here: what each field may hold
 * is the address rules' (domain/addresses/address-rules.ts), which name every field at fault.
 */

@InputType({
  description:
    "A postal address as typed: text is trimmed, the country is an ISO 3166 code, and the postal code and (for the US, Canada and Australia) the region are checked against the country",
})
export class AddressInput {
  @Field(() => String, { description: "Who receives it: a person's full name (at most 80 characters)" })
  @IsString({ message: "Name is required" })
  name: string;

  @Field(() => String, { nullable: true, description: "A company name, if any (at most 80 characters)" })
  @IsOptional()
  @IsString({ message: "Company must be text" })
  company?: string | null;

  @Field(() => String, { description: "The street and number (at most 120 characters)" })
  @IsString({ message: "Address line 1 is required" })
  line1: string;

  @Field(() => String, {
    nullable: true,
    description: "An apartment, suite or building, if any (at most 120 characters)",
  })
  @IsOptional()
  @IsString({ message: "Address line 2 must be text" })
  line2?: string | null;

  @Field(() => String, { description: "The city or town (at most 80 characters)" })
  @IsString({ message: "City is required" })
  city: string;

  @Field(() => String, {
    nullable: true,
    description:
      "The state, province or county: required for the countries whose `regionRequired` is true (as a code from `countries`, or its name), free text elsewhere",
  })
  @IsOptional()
  @IsString({ message: "Region must be text" })
  region?: string | null;

  @Field(() => String, { description: "The postal code, in the country's own format (e.g. 94103, SW1A 1AA, 10115)" })
  @IsString({ message: "Postal code is required" })
  postalCode: string;

  @Field(() => String, { description: "The ISO 3166 two-letter country code (e.g. US, GB, DE)" })
  @IsString({ message: "Country is required" })
  country: string;

  @Field(() => String, {
    description:
      "A phone number for the carrier: 4 to 20 digits, optionally after a + (spaces, dots, dashes and brackets are ignored)",
  })
  @IsString({ message: "Phone is required" })
  phone: string;
}

@ArgsType()
export class AddressIdArgs {
  @Field(() => ID, { description: "One of your addresses (global id or databaseId)" })
  @IsString({ message: "The address is required" })
  @MaxLength(200, { message: "Address not found" })
  id: string;
}

@ArgsType()
export class AddAddressArgs {
  @Field(() => AddressInput, { description: "The address to keep" })
  @ValidateNested()
  input: AddressInput;
}

@ArgsType()
export class UpdateAddressArgs extends AddressIdArgs {
  @Field(() => AddressInput, { description: "The address's new fields (all of them: they replace the old ones)" })
  @ValidateNested()
  input: AddressInput;
}
