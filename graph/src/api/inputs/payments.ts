import { ArgsType, Field, Float, ID } from "type-graphql";
import { IsNumber, IsOptional, IsString } from "class-validator";
import { MaxLength, NotBlank } from "./validation";

/* Paying an order by card: opening the payment and confirming it. */

@ArgsType()
export class CreatePaymentIntentArgs {
  @Field(() => ID, { description: "Your unpaid order (global id or databaseId)" })
  @IsString({ message: "orderId is required" })
  @NotBlank("orderId is required")
  @MaxLength(200, { message: "Order not found" })
  orderId: string;

  @Field(() => Float, { nullable: true, description: "The total the shopper saw, in dollars; refused if it differs" })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: "price must be a number of dollars" })
  price?: number | null;
}

@ArgsType()
export class ConfirmOrderPaymentArgs {
  @Field(() => ID, { description: "Your order (global id or databaseId)" })
  @IsString({ message: "orderId is required" })
  @NotBlank("orderId is required")
  @MaxLength(200, { message: "Order not found" })
  orderId: string;

  @Field(() => String, {
    description: "The id of the PaymentIntent that paid it (pi_...), as the card form returned it",
  })
  @IsString({ message: "transactionId is required" })
  @NotBlank("transactionId is required")
  @MaxLength(255, { message: "transactionId is too long" })
  transactionId: string;
}
