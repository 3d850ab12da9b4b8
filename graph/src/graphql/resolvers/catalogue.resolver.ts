import { Arg, Args, Ctx, Directive, Mutation, Query, Resolver } from "type-graphql";
import { Part, Product, Review } from "../../db/entities";
import { AddProductInput, AddReviewInput, IdArgs, PageArgs } from "../../inputs/inputs";
import { GraphContext } from "../context";
import { PartConnection, ProductConnection, ReviewConnection } from "../types/connection";
import { DeleteProductPayload } from "../types/payloads";

@Resolver(() => Part)
export class PartResolver {
  @Query(() => PartConnection, { description: "The parts catalogue, in catalogue order" })
  parts(@Args() page: PageArgs, @Ctx() { services }: GraphContext) {
    return services.parts.list(page);
  }

  @Query(() => Part, { description: "One part, by global id or databaseId" })
  part(@Args() { id }: IdArgs, @Ctx() { services }: GraphContext) {
    return services.parts.get(id);
  }
}

@Resolver(() => Product)
export class ProductResolver {
  @Query(() => ProductConnection, { description: "New arrivals, newest first" })
  products(@Args() page: PageArgs, @Ctx() { services }: GraphContext) {
    return services.products.list(page);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => Product)
  async addProduct(@Arg("input", () => AddProductInput) input: AddProductInput, @Ctx() { services, actor }: GraphContext) {
    return services.products.add(await actor(), input);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => DeleteProductPayload)
  async deleteProduct(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext): Promise<DeleteProductPayload> {
    const product = await services.products.delete(await actor(), id);
    return { deletedId: product.id, name: product.name };
  }
}

@Resolver(() => Review)
export class ReviewResolver {
  @Query(() => ReviewConnection, { description: "Customer reviews, newest first" })
  reviews(@Args() page: PageArgs, @Ctx() { services }: GraphContext) {
    return services.reviews.list(page);
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => Review)
  async addReview(@Arg("input", () => AddReviewInput) input: AddReviewInput, @Ctx() { services, actor }: GraphContext) {
    return services.reviews.add(await actor(), input);
  }
}
