import { ArgsType, Field, ID, InputType } from "type-graphql";
import { IsOptional, IsString, ValidateNested } from "class-validator";
import { MAX_CART_LINES } from "../../domain/orders/cart.service";
import { CartLineInput, CartLinesField } from "./cart";
import { methodIdField, ShipToInput } from "./sale";
import { MAX, MaxLength, NotBlank } from "./validation";

/* A cart checked out at once (each line an order) and its one card payment. */

@InputType({ description: "Every line of a cart placed at once, where to ship them and how" })
export class PlaceCheckoutInput {
  @CartLinesField(
    `The lines as the customer saw them in their cart (1 to ${MAX_CART_LINES}, each part once); each becomes an order`,
  )
  lines: CartLineInput[];

  // shipTo and shippingMethodId are required by the service (BAD_USER_INPUT naming them); the
  // schema shows them optional only because the schema never breaks its earlier clients.
  @Field(() => ShipToInput, {
    nullable: true,
    description:
      "Required: where every line ships, one of your addresses or one typed now. The order keeps a copy of it (its one line and phone in each line's address and phone)",
  })
  @IsOptional()
  @ValidateNested()
  shipTo?: ShipToInput | null;

  @methodIdField(
    true,
    "Required: one of saleQuote's shippingOptions for these lines and address; one that cannot take them is refused with its reason",
  )
  shippingMethodId?: string | null;

  @Field(() => String, {
    nullable: true,
    deprecationReason: "Use `shipTo`: a checkout ships to a structured address; this text is ignored",
    description: "Ignored: the free-text address of checkouts before `shipTo`",
  })
  @IsOptional()
  @IsString({ message: "address must be text" })
  @MaxLength(MAX.address)
  address?: string | null;

  @Field(() => String, {
    nullable: true,
    deprecationReason: "Use `shipTo`: its address carries the phone; this text is ignored",
    description: "Ignored: the phone of checkouts before `shipTo`",
  })
  @IsOptional()
  @IsString({ message: "phone must be text" })
  @MaxLength(40)
  phone?: string | null;
}

@ArgsType()
export class CheckoutIdArgs {
  @Field(() => ID, { description: "The checkout (global id or databaseId)" })
  @IsString({ message: "checkoutId is required" })
  @NotBlank("checkoutId is required")
  @MaxLength(200, { message: "Checkout not found" })
  checkoutId: string;
}

@ArgsType()
export class ConfirmCheckoutPaymentArgs extends CheckoutIdArgs {
  @Field(() => String, { description: "The PaymentIntent id the card form answered" })
  @IsString({ message: "transactionId is required" })
  @NotBlank("transactionId is required")
  @MaxLength(255, { message: "transactionId is too long" })
  transactionId: string;
}
