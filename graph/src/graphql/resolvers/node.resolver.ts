import { Args, Ctx, Query, Resolver } from "type-graphql";
import { ShopError } from "../../errors";
import { IdArgs } from "../../inputs/inputs";
import { GraphContext } from "../context";
import { fromGlobalId } from "../global-id";
import { Node } from "../node";

@Resolver()
export class NodeResolver {
  @Query(() => Node, { nullable: true, description: "Any object by its global id; null when there is none you may see" })
  async node(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext): Promise<Node | null> {
    const decoded = fromGlobalId(id);
    if (!decoded) return null;
    try {
      switch (decoded.type) {
        case "Part":
          return await services.parts.get(id);
        case "Product":
          return await services.products.get(id);
        case "Review":
          return await services.reviews.get(id);
        case "Order":
          return await services.orders.get(await actor(), id);
        case "User":
          return await services.users.get(await actor(), id);
      }
    } catch (error) {
      if (error instanceof ShopError && error.code === "NOT_FOUND") return null;
      throw error;
    }
  }
}
