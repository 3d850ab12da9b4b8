import { ArgsType, Field, ID, InputType } from "type-graphql";
import { IsString, ValidateNested } from "class-validator";
import { MAX_CART_LINES } from "../../domain/orders/cart.service";
import { CartLineInput, CartLinesField } from "./cart";
import { methodIdField, ShipToInput } from "./sale";
import { MaxLength, NotBlank } from "./validation";

/* A cart checked out at once (each line an order) and its one card payment. */

@InputType({ description: "Every line of a cart placed at once, where to ship them and how" })
export class PlaceCheckoutInput {
  @CartLinesField(
    `The lines as the customer saw them in their cart (1 to ${MAX_CART_LINES}, each part once); each becomes an order`,
  )
  lines: CartLineInput[];

  @Field(() => ShipToInput, {
    description:
      "Where every line ships: one of your addresses or one typed now. The order keeps a copy of it (its one line and phone in each line's address and phone)",
  })
  @ValidateNested()
  shipTo: ShipToInput;

  @methodIdField(
    false,
    "One of saleQuote's shippingOptions for these lines and address; one that cannot take them is refused with its reason",
  )
  shippingMethodId: string;
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
