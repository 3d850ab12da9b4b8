import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import { OrderStatus } from "../../../domain/orders/order.entity";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

registerEnumType(OrderStatus, { name: "OrderStatus" });

/** The part is resolved in resolvers/order.resolver.ts. */
@ObjectType("Order", { simpleResolvers: true, implements: Node, description: "A reservation of a part by a customer" })
export class OrderType extends NodeFields {
  @Field(() => String, { description: "The part's name when it was ordered" })
  partName: string;

  @Field(() => Int)
  quantity: number;

  @Field(() => Float, { description: "Unit price in dollars when it was ordered" })
  unitPrice: number;

  @Field(() => Float, { description: "Total in dollars: unit price times quantity" })
  price: number;

  @Field(() => String)
  userEmail: string;

  @Field(() => String)
  userName: string;

  @Field(() => String)
  address: string;

  @Field(() => String)
  phone: string;

  @Field(() => OrderStatus)
  status: OrderStatus;

  @Field(() => Boolean)
  paid: boolean;

  @Field(() => String, { nullable: true, description: "The payment's id once paid" })
  transactionId: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: "When it was paid" })
  paidAt: Date | null;

  @Field(() => Date, { nullable: true, description: "When it was cancelled" })
  cancelledAt: Date | null;
}

/**
 * The fields of Order a list's row answers (domain ORDER_ROW_PROPERTIES; `part` needs only the
 * part's id): a list asked for none but these reads only those columns.
 */
export const ORDER_ROW_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "databaseId",
  "partName",
  "quantity",
  "unitPrice",
  "price",
  "status",
  "paid",
  "transactionId",
  "createdAt",
  "paidAt",
  "part",
]);
