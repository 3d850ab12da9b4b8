import { ArgsType, Field, ID, InputType } from "type-graphql";
import { IsString } from "class-validator";
import { MAX_CART_LINES } from "../../domain/orders/cart.service";
import { CartLineInput, CartLinesField } from "./cart";
import { PhoneField, RequiredText } from "./fields";
import { MAX, MaxLength, NotBlank } from "./validation";

/* A cart checked out at once (each line an order) and its one card payment. */

@InputType({ description: "Every line of a cart placed at once, and where to send them" })
export class PlaceCheckoutInput {
  @CartLinesField(
    `The lines as the customer saw them in their cart (1 to ${MAX_CART_LINES}, each part once); each becomes an order`,
  )
  lines: CartLineInput[];

  @RequiredText("Address", MAX.address, "Delivery address of every line")
  address: string;

  @PhoneField()
  phone: string;
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
