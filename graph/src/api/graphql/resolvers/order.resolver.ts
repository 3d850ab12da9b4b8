import { Arg, Args, Ctx, Directive, FieldResolver, Mutation, Query, Resolver, Root } from "type-graphql";
import { Part } from "../../../domain/catalogue/part.entity";
import { Order } from "../../../domain/orders/order.entity";
import { IdArgs, OrdersArgs, PlaceOrderInput } from "../../inputs/inputs";
import { GraphContext } from "../context";
import { databaseIdFor } from "../global-id";
import { OrderConnection } from "../types/connection";
import { OrderType } from "../types/order.type";
import { PartType } from "../types/part.type";

@Resolver(() => OrderType)
export class OrderResolver {
  @FieldResolver(() => PartType, { description: "The reserved part as it is now (its stock included)" })
  async part(@Root() order: Order, @Ctx() { loaders }: GraphContext): Promise<Part> {
    const part = await loaders.partById.load(order.partId);
    if (!part) throw new Error(`Order ${order.databaseId} points at a missing part`);
    return part;
  }

  @Directive("@cached(until: [ACCOUNTS, CATALOGUE], scope: CALLER)")
  @Directive("@auth(requires: USER)")
  @Query(() => OrderType, { description: "One of your orders (admins: any order), by global id or databaseId" })
  async order(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.orders.get(await actor(), databaseIdFor("Order", id));
  }

  @Directive("@cached(until: [ACCOUNTS, CATALOGUE], scope: CALLER)")
  @Directive("@auth(requires: ADMIN)")
  @Query(() => OrderConnection, { description: "Every live order, newest first" })
  async orders(@Args() { first, after, status, search }: OrdersArgs, @Ctx() { services, actor }: GraphContext) {
    return services.orders.listAll(await actor(), { first, after }, { status, search });
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => OrderType, { description: 'Reserves a part. CONFLICT "Already ordered" while an unpaid order for it exists' })
  async placeOrder(@Arg("input", () => PlaceOrderInput) input: PlaceOrderInput, @Ctx() { services, actor }: GraphContext) {
    return services.orders.place(await actor(), { ...input, partId: databaseIdFor("Part", input.partId) });
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => OrderType, { description: "Cancels one of your unpaid orders; the stock goes back" })
  async cancelOrder(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.orders.cancel(await actor(), databaseIdFor("Order", id));
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => OrderType, { description: "Cancels any unpaid order; the stock goes back" })
  async adminCancelOrder(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.orders.adminCancel(await actor(), databaseIdFor("Order", id));
  }
}
