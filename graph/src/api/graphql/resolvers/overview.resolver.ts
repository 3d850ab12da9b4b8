import { Ctx, Directive, Query, Resolver } from "type-graphql";
import { GraphContext } from "../context";
import { AdminOverviewType } from "../types/overview.type";

@Resolver(() => AdminOverviewType)
export class OverviewResolver {
  // Not cached: the window moves with the clock, and new accounts announce nothing.
  @Directive("@auth(requires: ADMIN)")
  @Query(() => AdminOverviewType, {
    description: "Revenue and paid orders per day for the last 30 days, top parts, open orders, customers, low stock",
  })
  async adminOverview(@Ctx() { services, actor }: GraphContext): Promise<AdminOverviewType> {
    return new AdminOverviewType(await services.overview.overview(await actor()));
  }
}
