import { Args, Ctx, Directive, FieldResolver, Query, Resolver, Root } from "type-graphql";
import { IdArgs, PageArgs } from "../../inputs/common";
import { GraphContext } from "../context";
import { databaseIdFor } from "../global-id";
import { OrderConnection } from "../types/connection";
import { CustomerType } from "../types/customer.type";
import { ProfileType } from "../types/profile.type";

@Resolver(() => CustomerType)
export class CustomerResolver {
  @Directive("@auth(requires: ADMIN)")
  @Query(() => CustomerType, {
    description: "One user as admins see them: account, profile, orders and totals (NOT_FOUND for an unknown id)",
  })
  async customer(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return new CustomerType(await services.customers.detail(await actor(), databaseIdFor("User", id)));
  }

  @FieldResolver(() => ProfileType, { nullable: true, description: "The profile they saved, or null" })
  profile(@Root() customer: CustomerType, @Ctx() { loaders }: GraphContext) {
    return loaders.profileByUserId.load(customer.user.databaseId);
  }

  @FieldResolver(() => OrderConnection, {
    description: "Every order they placed, newest first, cancelled and refunded ones included",
  })
  async orders(@Root() customer: CustomerType, @Args() page: PageArgs, @Ctx() { services, actor }: GraphContext) {
    return services.customers.orders(await actor(), customer.user.databaseId, page);
  }
}
