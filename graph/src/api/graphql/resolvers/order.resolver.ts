import { Arg, Args, Ctx, Directive, FieldResolver, Info, Mutation, Query, Resolver, Root } from "type-graphql";
import type { GraphQLResolveInfo } from "graphql";
import { Part } from "../../../domain/catalogue/part.entity";
import { Order } from "../../../domain/orders/order.entity";
import type { OrdersRead } from "../../../domain/orders/order.service";
import { IdArgs } from "../../inputs/common";
import { OrdersArgs, PlaceOrderInput } from "../../inputs/orders";
import { GraphContext } from "../context";
import { databaseIdFor } from "../global-id";
import { OrderConnection } from "../types/connection";
import { ORDER_ROW_FIELDS, OrderEventType, OrderType } from "../types/order.type";
import { CheckoutType } from "../types/checkout.type";
import { PART_CARD_FIELDS, PartType } from "../types/part.type";
import { asksFor, asksOnlyFor } from "../selection";

const asksForOrderRowsOnly = asksOnlyFor(["edges", "node"], ORDER_ROW_FIELDS);
const asksForParts = asksFor(["edges", "node"], "part");
const asksForPartCardsOnly = asksOnlyFor(["edges", "node", "part"], PART_CARD_FIELDS);

/**
 * How much a connection of orders (a customer's, or the admins') reads, by what the operation
 * asks of each order and its part.
 */
export function ordersReadFor(info: GraphQLResolveInfo): OrdersRead {
  return {
    orders: asksForOrderRowsOnly(info) ? "rows" : "whole",
    parts: !asksForParts(info) ? "none" : asksForPartCardsOnly(info) ? "card" : "whole",
  };
}

@Resolver(() => OrderType)
export class OrderResolver {
  @FieldResolver(() => PartType, { description: "The reserved part as it is now (its stock included)" })
  part(@Root() order: Order, @Ctx() { loaders }: GraphContext): Part | Promise<Part> {
    // Read with the order by lists that were asked for parts (see ordersReadFor).
    return order.part ?? this.loadPart(order, loaders);
  }

  private async loadPart(order: Order, loaders: GraphContext["loaders"]): Promise<Part> {
    const part = await loaders.partById.load(order.partId);
    if (!part) throw new Error(`Order ${order.databaseId} points at a missing part`);
    return part;
  }

  @FieldResolver(() => [OrderEventType], {
    description:
      "What happened to the order, oldest first: placed, paid, cancelled and why, lapsed, refunded, disputes, shipped and delivered, with their times. Read it for one order at a time (each order's costs a query)",
  })
  timeline(@Root() order: Order, @Ctx() { services }: GraphContext) {
    return services.orders.timeline(order);
  }

  @FieldResolver(() => CheckoutType, {
    nullable: true,
    description: "The checkout the order was a line of; null for a part reserved on its own",
  })
  async checkout(@Root() order: Order, @Ctx() { services, actor }: GraphContext) {
    return order.reservedOnItsOwn ? null : services.checkouts.get(await actor(), order.checkoutId);
  }

  @Directive("@cached(until: [ACCOUNTS, CATALOGUE], scope: CALLER)")
  @Directive("@auth(requires: USER)")
  @Query(() => OrderType, {
    description:
      "One of your orders (admins: any order), by global id or databaseId; cancelled ones too, with why (cancelReason). NOT_FOUND for anyone else's",
  })
  async order(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.orders.get(await actor(), databaseIdFor("Order", id), { cancelled: true });
  }

  @Directive("@cached(until: [ACCOUNTS, CATALOGUE], scope: CALLER)")
  @Directive("@auth(requires: ADMIN)")
  @Query(() => OrderConnection, { description: "Every live order, newest first" })
  async orders(
    @Args() { first, after, status, search }: OrdersArgs,
    @Ctx() { services, actor }: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return services.orders.listAll(await actor(), { first, after }, { status, search }, ordersReadFor(info));
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => OrderType, {
    description:
      'Reserves a part: its units are held until the order\'s reservedUntil. CONFLICT "Already ordered" while an unpaid order for it exists, and when your unpaid orders would pass what one customer may hold. At most RATE_LIMIT_ORDERS per customer and window (RATE_LIMITED)',
  })
  async placeOrder(
    @Arg("input", () => PlaceOrderInput, { description: "The part, quantity and delivery details" })
    input: PlaceOrderInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.orders.place(await actor(), { ...input, partId: databaseIdFor("Part", input.partId) });
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => OrderType, { description: "Cancels one of your unpaid orders; the stock goes back" })
  async cancelOrder(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.orders.cancel(await actor(), databaseIdFor("Order", id));
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => OrderType, {
    description:
      "Refunds a paid order in full: the card is refunded through Stripe, the units go back on sale, the order shows as REFUNDED and the history records it. CONFLICT unless the order is paid",
  })
  async refundOrder(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.payments.refundOrder(await actor(), databaseIdFor("Order", id));
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => OrderType, { description: "Cancels any unpaid order; the stock goes back" })
  async adminCancelOrder(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.orders.adminCancel(await actor(), databaseIdFor("Order", id));
  }
}
