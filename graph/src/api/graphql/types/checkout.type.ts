import { Field, Float, Int, ObjectType } from "type-graphql";
import type { Order } from "../../../domain/orders/order.entity";
import { Node } from "../node";
import { NodeFields } from "./node-fields";
import { OrderType } from "./order.type";

@ObjectType("Checkout", {
  simpleResolvers: true,
  implements: Node,
  description: "Parts bought together in one checkout: each line is an Order of its own, paid by one card payment",
})
export class CheckoutType extends NodeFields {
  @Field(() => Date, { description: "When it was placed (UTC)" })
  createdAt: Date;

  @Field(() => Int, { description: "How many lines (orders) it had" })
  orderCount: number;

  @Field(() => Float, { description: "What its lines came to when it was placed, in dollars" })
  total: number;

  @Field(() => Float, {
    description: "What is left to pay, in dollars: the total of its orders still unpaid (0 once paid or cancelled)",
  })
  amountDue: number;

  @Field(() => Date, {
    nullable: true,
    description:
      "Until when its unpaid orders hold their units (UTC); then they are cancelled. Null once none is unpaid",
  })
  reservedUntil: Date | null;

  @Field(() => [OrderType], { description: "Its orders, one per line, in the order of the lines" })
  orders: Order[];
}
