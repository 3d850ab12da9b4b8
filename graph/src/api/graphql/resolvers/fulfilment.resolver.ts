import { Arg, Args, Ctx, Directive, FieldResolver, Mutation, Query, Resolver, Root } from "type-graphql";
import type { Carrier } from "../../../domain/fulfilment/carriers";
import { FulfilmentStatus } from "../../../domain/fulfilment/fulfilment-rules";
import type { Shipment, ShipmentLine } from "../../../domain/fulfilment/shipment.entity";
import type { Order } from "../../../domain/orders/order.entity";
import { PageArgs } from "../../inputs/common";
import { MarkShipmentDeliveredInput, RecordShipmentInput } from "../../inputs/fulfilment";
import { GraphContext } from "../context";
import { databaseIdFor } from "../global-id";
import {
  CarrierType,
  OrderToShipConnection,
  orderToShipType,
  ShipmentLineType,
  ShipmentType,
} from "../types/fulfilment.type";
import { OrderType } from "../types/order.type";

/*
 * Fulfilment (docs/product.md, "Fulfilment"): the carriers, the admins' To-ship queue and
 * shipments, and what an order shows of its shipping. An order's fields are read by whoever may
 * read the order (its customer or an admin), loaded for a page of orders at once.
 */

@Resolver()
export class FulfilmentResolver {
  @Query(() => [CarrierType], {
    description: "The carriers the shop ships with, and how their tracking links are made",
  })
  carriers(@Ctx() { services }: GraphContext): readonly Carrier[] {
    return services.fulfilment.carriers();
  }

  @Directive("@auth(requires: ADMIN)")
  @Query(() => OrderToShipConnection, {
    description: "The To-ship queue: paid orders with something left to ship, oldest payment first, with what to pack",
  })
  async toShip(@Args() { first, after }: PageArgs, @Ctx() { services, actor }: GraphContext) {
    const page = await services.fulfilment.toShip(await actor(), { first, after });
    return {
      ...page,
      edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: orderToShipType(edge.node) })),
    };
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => ShipmentType, {
    description:
      "Records a parcel of an order's paid lines (everything left to ship when `lines` is left out) with its carrier and tracking number: the lines' shipped units grow, the history records it and the customer gets a shipping email with the tracking link. BAD_USER_INPUT naming carrier, trackingNumber, lines[i].orderId (not a paid line of the order) or lines[i].quantity (below 1 or more than is left); CONFLICT when nothing paid is left to ship",
  })
  async recordShipment(
    @Arg("input", () => RecordShipmentInput, { description: "The order, its lines and units, carrier and tracking" })
    input: RecordShipmentInput,
    @Ctx() { services, actor }: GraphContext,
  ): Promise<Shipment> {
    return services.fulfilment.recordShipment(await actor(), {
      orderId: databaseIdFor("Order", input.orderId),
      lines: input.lines
        ? input.lines.map((line) => ({ orderId: databaseIdFor("Order", line.orderId), quantity: line.quantity }))
        : null,
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
    });
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => ShipmentType, {
    description:
      "Marks a parcel delivered, now or at deliveredAt (never in the future nor before it shipped: BAD_USER_INPUT naming deliveredAt); the history records it. CONFLICT when it was marked already",
  })
  async markShipmentDelivered(
    @Arg("input", () => MarkShipmentDeliveredInput, { description: "The shipment and when it was delivered" })
    input: MarkShipmentDeliveredInput,
    @Ctx() { services, actor }: GraphContext,
  ): Promise<Shipment> {
    return services.fulfilment.markDelivered(
      await actor(),
      databaseIdFor("Shipment", input.shipmentId),
      input.deliveredAt ?? null,
    );
  }
}

@Resolver(() => OrderType)
export class OrderFulfilmentResolver {
  @FieldResolver(() => FulfilmentStatus, {
    nullable: true,
    description:
      "Where its whole order stands in shipping: to ship, partly shipped, shipped, delivered; null unless paid (or shipped before a refund). My Orders still shows a paid order as Shipped",
  })
  async fulfilment(@Root() order: Order, @Ctx() { loaders }: GraphContext): Promise<FulfilmentStatus | null> {
    return (await loaders.fulfilmentByHeaderId.load(order.checkoutId)).status;
  }

  @FieldResolver(() => [ShipmentType], { description: "Its whole order's parcels, oldest first" })
  async shipments(@Root() order: Order, @Ctx() { loaders }: GraphContext): Promise<Shipment[]> {
    return (await loaders.fulfilmentByHeaderId.load(order.checkoutId)).shipments;
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description:
      "Its whole order's delivery date: the last parcel's, once everything shipped is delivered; null before",
  })
  async deliveredAt(@Root() order: Order, @Ctx() { loaders }: GraphContext): Promise<Date | null> {
    return (await loaders.fulfilmentByHeaderId.load(order.checkoutId)).deliveredAt;
  }
}

@Resolver(() => ShipmentLineType)
export class ShipmentLineResolver {
  @FieldResolver(() => OrderType, { description: "The line (the spec's order) shipped" })
  async order(@Root() line: ShipmentLine, @Ctx() { loaders }: GraphContext): Promise<Order> {
    const order = await loaders.orderById.load(line.orderId);
    if (!order) throw new Error(`Shipment line ${line.orderId} points at a missing order`);
    return order;
  }
}
