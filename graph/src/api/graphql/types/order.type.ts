import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import { CancelReason, OrderStatus } from "../../../domain/orders/order.entity";
import { OrderEventKind } from "../../../domain/orders/order-timeline";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

registerEnumType(OrderStatus, {
  name: "OrderStatus",
  description: "Where an order stands",
  valuesConfig: {
    UNPAID: { description: "Reserved: its units are held until reservedUntil, then it is cancelled" },
    PAID: { description: "Paid by card (shown as Shipped)" },
    CANCELLED: { description: "Cancelled by its customer, an admin, or its hold's end; its units went back on sale" },
    REFUNDED: { description: "Paid, then refunded in full; its units went back on sale" },
  },
});
registerEnumType(CancelReason, {
  name: "OrderCancelReason",
  description: "Who or what cancelled an order",
  valuesConfig: {
    CUSTOMER: { description: "Its customer" },
    ADMIN: { description: "An admin" },
    HOLD_EXPIRED: { description: "Its hold ended before it was paid" },
  },
});

registerEnumType(OrderEventKind, {
  name: "OrderEventKind",
  description: "What happened to an order, on its timeline",
  valuesConfig: {
    PLACED: { description: "It was placed (reserved)" },
    PAID: { description: "It was paid by card" },
    CANCELLED: { description: "Its customer or the shop cancelled it" },
    EXPIRED: { description: "Its reservation lapsed unpaid" },
    REFUNDED: { description: "Its payment was refunded in full" },
    PAYMENT_REFUNDED: {
      description: "A payment it could not keep (made after it was cancelled, or twice) was given back",
    },
    DISPUTE: { description: "Its payment was disputed with the card issuer, or the dispute moved on" },
    SHIPPED: { description: "Units of it left in a parcel: how many, the carrier and the tracking number" },
    DELIVERED: { description: "A parcel with units of it was delivered" },
  },
});

@ObjectType("OrderEvent", { simpleResolvers: true, description: "One step of an order's timeline" })
export class OrderEventType {
  @Field(() => Date, { description: "When it happened (UTC)" })
  at: Date;

  @Field(() => OrderEventKind, { description: "What kind of step it was" })
  kind: OrderEventKind;

  @Field(() => String, { description: "What happened, in a sentence for the customer" })
  description: string;
}

/** The part, the timeline and the checkout are resolved in resolvers/order.resolver.ts. */
@ObjectType("Order", { simpleResolvers: true, implements: Node, description: "A reservation of a part by a customer" })
export class OrderType extends NodeFields {
  @Field(() => String, {
    description:
      'The order\'s number, digits only (e.g. "100042"): what the customer quotes and emails show, as "#100042". Admins can search orders by it',
  })
  number: string;

  @Field(() => String, { description: "The part's name when it was ordered" })
  partName: string;

  @Field(() => Int, { description: "Units reserved" })
  quantity: number;

  @Field(() => Float, { description: "Unit price in dollars when it was ordered" })
  unitPrice: number;

  @Field(() => Float, { description: "Total in dollars: unit price times quantity" })
  price: number;

  @Field(() => Float, {
    description: "This line's share of its order's shipping, in dollars (0 until shipping is chosen)",
  })
  shipping: number;

  @Field(() => Float, { description: "This line's tax in dollars: its own and its share of the shipping's" })
  tax: number;

  @Field(() => Float, {
    description: "This line's total in dollars: price, less any discount, with its shares of shipping and tax",
  })
  total: number;

  @Field(() => String, { description: "The customer's email" })
  userEmail: string;

  @Field(() => String, { description: "The customer's name when they ordered" })
  userName: string;

  @Field(() => String, { description: "Delivery address" })
  address: string;

  @Field(() => String, { description: "The customer's phone number" })
  phone: string;

  @Field(() => OrderStatus, { description: "Unpaid, paid, cancelled or refunded" })
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

  @Field(() => CancelReason, { nullable: true, description: "Who or what cancelled it (null unless cancelled)" })
  cancelReason: CancelReason | null;

  @Field(() => Date, {
    nullable: true,
    description:
      "Until when an unpaid order holds its units (UTC); then it is cancelled and they go back on sale. Null once paid or cancelled",
  })
  reservedUntil: Date | null;

  @Field(() => Date, { nullable: true, description: "When its payment was refunded in full (UTC)" })
  refundedAt: Date | null;

  @Field(() => Float, {
    description: "How much of its payment was given back, in dollars (a refund made at Stripe may be partial)",
  })
  refundedAmount: number;

  @Field(() => String, {
    nullable: true,
    description: "Why the last card payment attempt failed, as the payment provider said it",
  })
  paymentError: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The status of a dispute (chargeback) of its payment, as Stripe names it (needs_response, under_review, won, lost...); null without one",
  })
  disputeStatus: string | null;

  @Field(() => Int, { description: "Units of this line shipped so far (its order's shipments list each parcel)" })
  shipped: number;
}

/**
 * The fields of Order a list's row answers (domain ORDER_ROW_PROPERTIES; `part` needs only the
 * part's id): a list asked for none but these reads only those columns.
 */
export const ORDER_ROW_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "databaseId",
  "number",
  "partName",
  "quantity",
  "unitPrice",
  "price",
  "shipping",
  "tax",
  "total",
  "sale",
  "status",
  "paid",
  "transactionId",
  "createdAt",
  "paidAt",
  "reservedUntil",
  "refundedAt",
  "disputeStatus",
  "part",
  "shipped",
  "fulfilment",
  "deliveredAt",
  "shipments",
]);
