import { Field, ID, InputType } from "type-graphql";
import { ArrayMaxSize, IsArray, IsOptional, IsString, ValidateNested } from "class-validator";
import { MAX_CART_LINES } from "../../domain/orders/cart.service";
import { AddressInput } from "./addresses";
import { CartLineInput } from "./cart";
import { all, type PropertyDecorator } from "./fields";
import { MaxLength, NotBlank } from "./validation";

/* A sale priced for an address and a method: a quote, a checkout's delivery, a reservation's. */

@InputType({ description: "Where a sale ships: one of your saved addresses, or an address typed now (exactly one)" })
export class ShipToInput {
  @Field(() => ID, {
    nullable: true,
    description:
      "One of your addresses (global id or databaseId); needs sign-in (UNAUTHENTICATED), NOT_FOUND naming shipTo.addressId for any other",
  })
  @IsOptional()
  @IsString({ message: "addressId must be an id" })
  @MaxLength(200, { message: "Address not found" })
  addressId?: string | null;

  @Field(() => AddressInput, {
    nullable: true,
    description:
      "An address typed now, checked as the address book checks one (BAD_USER_INPUT naming shipTo.address.<field>); it is not saved to your book",
  })
  @IsOptional()
  @ValidateNested()
  address?: AddressInput | null;
}

/** The shipping method's id, as shippingOptions names it. */
export function methodIdField(nullable: boolean, description: string): PropertyDecorator {
  return all(
    Field(() => ID, { nullable, description }),
    ...(nullable ? [IsOptional()] : []),
    IsString({ message: "shippingMethodId must be an id" }),
    NotBlank("Choose a shipping method"),
    MaxLength(200, { message: "That shipping method does not ship there" }),
  );
}

@InputType({
  description:
    "What a quote prices: the lines of a cart at today's prices, or one of your unpaid reservations at the unit price it was reserved at (exactly one); for an address and a method when given",
})
export class SaleQuoteInput {
  @Field(() => [CartLineInput], {
    nullable: true,
    description: `Cart lines at today's prices (1 to ${MAX_CART_LINES}, each part once); or orderId`,
  })
  @IsOptional()
  @IsArray({ message: "lines must be a list of parts and quantities" })
  @ArrayMaxSize(MAX_CART_LINES, { message: `A cart holds at most ${MAX_CART_LINES} lines` })
  @ValidateNested({ each: true })
  lines?: CartLineInput[] | null;

  @Field(() => ID, {
    nullable: true,
    description:
      "One of your unpaid reservations (a spec order of one part), priced at the unit price it was reserved at; needs sign-in",
  })
  @IsOptional()
  @IsString({ message: "orderId must be an id" })
  @MaxLength(200, { message: "Order not found" })
  orderId?: string | null;

  @Field(() => ShipToInput, {
    nullable: true,
    description:
      "Where it ships; left out: no shipping is priced, and tax is the display zone's (as priceDisplay shows)",
  })
  @IsOptional()
  @ValidateNested()
  shipTo?: ShipToInput | null;

  @methodIdField(
    true,
    "One of shippingOptions' methodId; left out: shipping is not priced. One that cannot take the lines is refused with its reason (BAD_USER_INPUT naming shippingMethodId)",
  )
  shippingMethodId?: string | null;
}

@InputType({
  description: "Where a reservation of yours ships and how: its shipping and tax are priced and frozen on it",
})
export class ChooseOrderDeliveryInput {
  @Field(() => ID, {
    description: "One of your unpaid reservations (a spec order of one part), global id or databaseId",
  })
  @IsString({ message: "orderId is required" })
  @NotBlank("orderId is required")
  @MaxLength(200, { message: "Order not found" })
  orderId: string;

  @Field(() => ShipToInput, { description: "Where it ships" })
  @ValidateNested()
  shipTo: ShipToInput;

  @methodIdField(false, "One of shippingOptions' methodId (from saleQuote with this orderId and address)")
  shippingMethodId: string;
}
