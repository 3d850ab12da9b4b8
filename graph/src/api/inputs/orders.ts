import { ArgsType, Field, ID, InputType, Int } from "type-graphql";
import { IsEnum, IsInt, IsOptional, IsString, Max, Min } from "class-validator";
import { OrderStatus } from "../../domain/orders/order.entity";
import { PageArgs } from "./common";
import { PhoneField, RequiredText, SearchField } from "./fields";
import { MAX, MaxLength, NotBlank } from "./validation";

/* Placing orders (customers) and listing them (admins). */

@InputType({
  description: "A reservation of a part: the price is the shop's (unit price times quantity), never the client's",
})
export class PlaceOrderInput {
  @Field(() => ID, { description: "The part to reserve (global id or databaseId)" })
  @IsString({ message: "The part to order is required" })
  @NotBlank("The part to order is required")
  @MaxLength(200, { message: "Part not found" })
  partId: string;

  @Field(() => Int, {
    description:
      "Units to reserve: at least the part's minOrderQuantity and at most its available stock (BAD_USER_INPUT otherwise)",
  })
  @IsInt({ message: "Quantity must be a whole number" })
  @Min(1, { message: "Quantity must be at least 1" })
  @Max(1_000_000, { message: "Quantity is larger than any stock" })
  quantity: number;

  @RequiredText("Address", MAX.address, "Delivery address")
  address: string;

  @PhoneField()
  phone: string;
}

@ArgsType()
export class OrdersArgs extends PageArgs {
  @Field(() => OrderStatus, {
    nullable: true,
    description: "Only orders in this state (default: every live order, unpaid and paid)",
  })
  @IsOptional()
  @IsEnum(OrderStatus, { message: "status must be UNPAID, PAID, CANCELLED or REFUNDED" })
  status?: OrderStatus | null;

  @SearchField(
    "Part of a customer's email or name or of a part's name, accents and letter case aside; or an order's number, an order or part id",
  )
  search?: string | null;
}
