import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import { OrderStatus } from "../../../domain/orders/order.entity";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

registerEnumType(OrderStatus, {
  name: "OrderStatus",
  description: "Where an order stands: placed and unpaid, paid, or cancelled",
  valuesConfig: {
    UNPAID: { description: "Placed: its units are reserved; the owner may pay or cancel it" },
    PAID: { description: "Paid by card (shown to the customer as Shipped)" },
    CANCELLED: { description: "Cancelled while unpaid: its units went back to stock; hidden from every list" },
  },
});

/** The part is resolved in resolvers/order.resolver.ts. */
@ObjectType("Order", { simpleResolvers: true, implements: Node, description: "A reservation of a part by a customer" })
export class OrderType extends NodeFields {
  @Field(() => String, { description: "The part's name when it was ordered" })
  partName: string;

  @Field(() => Int, { description: "Units reserved" })
  quantity: number;

  @Field(() => Float, { description: "Unit price in dollars when it was ordered" })
  unitPrice: number;

  @Field(() => Float, { description: "Total in dollars: unit price times quantity" })
  price: number;

  @Field(() => String, { description: "The customer's email" })
  userEmail: string;

  @Field(() => String, { description: "The customer's name when they ordered" })
  userName: string;

  @Field(() => String, { description: "Delivery address" })
  address: string;

  @Field(() => String, { description: "The customer's phone number" })
  phone: string;

  @Field(() => OrderStatus, { description: "Unpaid, paid or cancelled" })
  status: OrderStatus;

  @Field(() => Boolean, { description: "status is PAID" })
  paid: boolean;

  @Field(() => String, { nullable: true, description: "The payment's id (the PaymentIntent, pi_...) once paid" })
  transactionId: string | null;

  @Field(() => Date, { description: "When it was placed (UTC)" })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: "When it was paid (UTC); null while unpaid" })
  paidAt: Date | null;

  @Field(() => Date, { nullable: true, description: "When it was cancelled (UTC); null unless cancelled" })
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
