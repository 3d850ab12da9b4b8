import { Field, Int, ObjectType, registerEnumType } from "type-graphql";
import type { PostalAddress } from "../../../domain/addresses/address-rules";
import { FulfilmentStatus } from "../../../domain/fulfilment/fulfilment-rules";
import type { Carrier } from "../../../domain/fulfilment/carriers";
import type { ShipmentLine } from "../../../domain/fulfilment/shipment.entity";
import type { Order } from "../../../domain/orders/order.entity";
import { Node } from "../node";
import { PageInfo } from "./connection";
import { NodeFields } from "./node-fields";
import { OrderType } from "./order.type";
import { PostalAddressType } from "./sale-summary.type";

/* Fulfilment (docs/product.md, "Fulfilment"): carriers, shipments and the To-ship queue. */

registerEnumType(FulfilmentStatus, {
  name: "FulfilmentStatus",
  description: "Where a paid order stands in its shipping",
  valuesConfig: {
    TO_SHIP: { description: "To ship: paid, nothing shipped yet" },
    PARTLY_SHIPPED: { description: "Partly shipped: some units shipped, some paid ones not yet" },
    SHIPPED: { description: "Shipped: every paid unit is on its way" },
    DELIVERED: { description: "Delivered: every paid unit shipped and every parcel delivered" },
  },
});

@ObjectType("Carrier", {
  simpleResolvers: true,
  description: "A carrier the shop ships with, and how its tracking link is made",
})
export class CarrierType implements Carrier {
  @Field(() => String, { description: 'Its code, as recordShipment takes it: "ups", "fedex", "royal-mail"...' })
  code: string;

  @Field(() => String, { description: "Its name as customers know it" })
  name: string;

  @Field(() => String, {
    description:
      'Its tracking link, with {tracking} where the number goes: "https://www.ups.com/track?tracknum={tracking}"',
  })
  trackingUrlTemplate: string;
}

@ObjectType("ShipmentLine", { simpleResolvers: true, description: "Units of one order line in a parcel" })
export class ShipmentLineType implements Omit<ShipmentLine, "orderId"> {
  // order: resolved in resolvers/fulfilment.resolver.ts.

  @Field(() => String, { description: "The part's name when it was ordered" })
  partName: string;

  @Field(() => Int, { description: "Units of the line in this parcel" })
  quantity: number;
}

@ObjectType("Shipment", {
  simpleResolvers: true,
  implements: Node,
  description: "A parcel sent: some or all of an order's lines, with its carrier and tracking",
})
export class ShipmentType extends NodeFields {
  @Field(() => CarrierType, { description: "Who carries it" })
  carrier: Carrier;

  @Field(() => String, { description: "The carrier's tracking number, upper-cased without spaces" })
  trackingNumber: string;

  @Field(() => String, { description: "Where the customer follows the parcel: the carrier's link with the number" })
  trackingUrl: string;

  @Field(() => Date, { description: "When it was recorded as shipped (UTC)" })
  shippedAt: Date;

  @Field(() => Date, { nullable: true, description: "When it was delivered (UTC); null until marked delivered" })
  deliveredAt: Date | null;

  @Field(() => [ShipmentLineType], { description: "The order lines in it and their units, in the order's line order" })
  lines: ShipmentLine[];
}

@ObjectType("OrderToShipLine", {
  simpleResolvers: true,
  description: "A line of an order waiting to ship: what to pack",
})
export class OrderToShipLineType {
  @Field(() => OrderType, { description: "The line (the spec's order)" })
  order: Order;

  @Field(() => String, { description: "The part's name when it was ordered" })
  partName: string;

  @Field(() => String, { nullable: true, description: "The part's number (what the shelf label shows)" })
  partNumber: string | null;

  @Field(() => Int, { description: "Units ordered" })
  quantity: number;

  @Field(() => Int, { description: "Units shipped so far" })
  shipped: number;

  @Field(() => Int, { description: "Units left to pack: quantity - shipped (0 for a refunded line: nothing to send)" })
  toShip: number;
}

@ObjectType("OrderToShip", {
  simpleResolvers: true,
  description: "A paid order waiting in the To-ship queue: what is left to pack",
})
export class OrderToShipType {
  @Field(() => OrderType, { description: "Any line's global id opens the order page; this is the first line's" })
  order: Order;

  @Field(() => Date, { description: "When it was paid (UTC): the queue's order, oldest first" })
  paidAt: Date;

  @Field(() => String, { description: "The customer's name when they ordered" })
  customerName: string;

  @Field(() => String, { description: "The customer's email" })
  customerEmail: string;

  @Field(() => PostalAddressType, {
    nullable: true,
    description:
      "Where it ships, as chosen; null for a spec reservation paid without a chosen delivery (it ships to its free-text address)",
  })
  shipTo: PostalAddressType | null;

  @Field(() => String, { description: "The free-text address copy (always there)" })
  address: string;

  @Field(() => String, { nullable: true, description: "The shipping method chosen, as it was named" })
  shippingMethodName: string | null;

  @Field(() => FulfilmentStatus, { description: "TO_SHIP or PARTLY_SHIPPED" })
  fulfilment: FulfilmentStatus;

  @Field(() => [OrderToShipLineType], {
    description: "Its lines not cancelled, oldest first, with what is left of each",
  })
  lines: OrderToShipLineType[];
}

/** A queue's node as the API shows it: its address copy as a PostalAddress type. */
export function orderToShipType(
  node: Omit<OrderToShipType, "shipTo"> & { shipTo: PostalAddress | null },
): OrderToShipType {
  return { ...node, shipTo: node.shipTo ? new PostalAddressType(node.shipTo) : null };
}

@ObjectType("OrderToShipEdge", {
  simpleResolvers: true,
  description: "One order of the To-ship queue, with its cursor",
})
export class OrderToShipEdge {
  @Field(() => String, { description: "Opaque: pass it as `after` to get what follows this edge" })
  cursor: string;

  @Field(() => OrderToShipType, { description: "The order waiting" })
  node: OrderToShipType;
}

@ObjectType("OrderToShipConnection", {
  simpleResolvers: true,
  description: "A page of the To-ship queue, oldest payment first (Relay cursor connection)",
})
export class OrderToShipConnection {
  @Field(() => [OrderToShipEdge], { description: "The page's orders, oldest payment first" })
  edges: OrderToShipEdge[];

  @Field(() => PageInfo, { description: "Whether more follow, and the cursor to ask for them" })
  pageInfo: PageInfo;

  @Field(() => Int, { description: "How many orders wait in the whole queue" })
  totalCount: number;
}
