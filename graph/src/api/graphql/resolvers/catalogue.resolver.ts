import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, Directive, FieldResolver, Info, Mutation, Query, Resolver, Root } from "type-graphql";
import { LaptopModel } from "../../../domain/catalogue/laptop-model.entity";
import { Part } from "../../../domain/catalogue/part.entity";
import { Review } from "../../../domain/catalogue/review.entity";
import { AddProductInput, AddReviewInput, RelatedPartsArgs, UpdateProductInput } from "../../inputs/catalogue";
import { AdminPartsArgs, CreatePartInput, RestockArgs, splitModelName, UpdatePartInput } from "../../inputs/parts";
import { IdArgs, PageArgs } from "../../inputs/common";
import { LaptopModelArgs, PartSearchArgs } from "../../inputs/part-search";
import { GraphContext } from "../context";
import { databaseIdFor, toGlobalId } from "../global-id";
import { asksOnlyFor } from "../selection";
import { LaptopModelConnection, PartConnection, ProductConnection, ReviewConnection } from "../types/connection";
import { LaptopModelType } from "../types/laptop-model.type";
import { PART_CARD_FIELDS, PartType } from "../types/part.type";
import { DeleteProductPayload } from "../types/payloads";
import { ProductType } from "../types/product.type";
import { ReviewType } from "../types/review.type";

/** A page of parts whose rows are asked for no more than a card shows. */
const asksForCardsOnly = asksOnlyFor(["edges", "node"], PART_CARD_FIELDS);

@Resolver(() => PartType)
export class PartResolver {
  @Directive("@cached(until: [CATALOGUE])")
  @Query(() => PartConnection, {
    description:
      "The parts on sale: the catalogue in its own order, or with search, filter or orderBy the parts found, in that order",
  })
  parts(
    @Args() page: PageArgs,
    @Args() { search, filter, orderBy }: PartSearchArgs,
    @Ctx() { services }: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    const criteria = { search, ...filter, order: orderBy };
    return asksForCardsOnly(info)
      ? services.partSearch.find(criteria, page, "cards")
      : services.partSearch.find(criteria, page);
  }

  @Directive("@cached(until: [CATALOGUE])")
  @Query(() => PartType, { description: "One part, by global id or databaseId" })
  part(@Args() { id }: IdArgs, @Ctx() { services }: GraphContext) {
    return services.parts.get(databaseIdFor("Part", id));
  }

  @Directive("@auth(requires: ADMIN)")
  @Query(() => PartConnection, { description: "Every part, retired ones included, in catalogue order" })
  async adminParts(@Args() { first, after, ...filter }: AdminPartsArgs, @Ctx() { services, actor }: GraphContext) {
    return services.parts.listForAdmin(await actor(), filter, { first, after });
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => PartType, { description: "Adds a part to the shop" })
  async createPart(
    @Arg("input", () => CreatePartInput, { description: "The new part" }) input: CreatePartInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.parts.create(await actor(), {
      ...input,
      compatibleModels: input.compatibleModels?.map(splitModelName),
    });
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => PartType, {
    description:
      "Edits a part (only the fields given). CONFLICT when the stock moved from expectedAvailable meanwhile; nothing is saved then",
  })
  async updatePart(
    @Args() { id }: IdArgs,
    @Arg("input", () => UpdatePartInput, { description: "The fields to change" }) input: UpdatePartInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.parts.update(await actor(), databaseIdFor("Part", id), {
      ...input,
      compatibleModels: input.compatibleModels?.map(splitModelName),
    });
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => PartType, { description: "Adds units to a part's stock" })
  async restockPart(@Args() { id, quantity }: RestockArgs, @Ctx() { services, actor }: GraphContext) {
    return services.parts.restock(await actor(), databaseIdFor("Part", id), quantity);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => PartType, { description: "Takes a part out of the shop; it stays on the orders that name it" })
  async retirePart(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.parts.retire(await actor(), databaseIdFor("Part", id));
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => PartType, { description: "Puts a retired part back on sale" })
  async restorePart(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.parts.restore(await actor(), databaseIdFor("Part", id));
  }

  @FieldResolver(() => [String], {
    description:
      "Numbers this part replaces or is also sold as (FRU, OEM numbers), in the order its page lists them; a search for one, however typed, finds this part",
  })
  alternativeNumbers(@Root() part: Part, @Ctx() { loaders }: GraphContext): Promise<string[]> {
    return loaders.alternativeNumbersByPartId.load(part.databaseId);
  }

  @FieldResolver(() => [LaptopModelType], { description: "The laptop models this part fits, by brand then model name" })
  compatibleModels(@Root() part: Part, @Ctx() { loaders }: GraphContext): Promise<LaptopModel[]> {
    return loaders.compatibleModelsByPartId.load(part.databaseId);
  }

  @FieldResolver(() => ReviewConnection, { description: "The reviews of this part, newest first" })
  reviews(@Root() part: Part, @Args() page: PageArgs, @Ctx() { services }: GraphContext) {
    return services.reviews.listForPart(part.databaseId, page);
  }

  @FieldResolver(() => [PartType], {
    description:
      "Parts on sale that fit the laptops this one fits, those sharing the most laptop models first; empty for a part that fits none",
  })
  relatedParts(@Root() part: Part, @Args() { first }: RelatedPartsArgs, @Ctx() { services }: GraphContext) {
    return services.parts.related(part.databaseId, first);
  }
}

@Resolver(() => LaptopModelType)
export class LaptopModelResolver {
  @Directive("@cached(until: [CATALOGUE])")
  @Query(() => [String], { description: "The laptop brands parts fit, alphabetically" })
  laptopBrands(@Ctx() { services }: GraphContext) {
    return services.compatibility.brands();
  }

  @Directive("@cached(until: [CATALOGUE])")
  @Query(() => LaptopModelConnection, { description: "The laptop models parts fit, by brand then model name" })
  laptopModels(@Args() page: PageArgs, @Args() filter: LaptopModelArgs, @Ctx() { services }: GraphContext) {
    return services.compatibility.listModels(filter, page);
  }
}

@Resolver(() => ProductType)
export class ProductResolver {
  @Directive("@cached(until: [CATALOGUE])")
  @Query(() => ProductConnection, { description: "New arrivals, newest first" })
  products(@Args() page: PageArgs, @Ctx() { services }: GraphContext) {
    return services.products.list(page);
  }

  @Directive("@cached(until: [CATALOGUE])")
  @Query(() => ProductType, { description: "One new arrival, by global id or databaseId" })
  product(@Args() { id }: IdArgs, @Ctx() { services }: GraphContext) {
    return services.products.get(databaseIdFor("Product", id));
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => ProductType, { description: "Lists a new arrival" })
  async addProduct(
    @Arg("input", () => AddProductInput, { description: "The new product" }) input: AddProductInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.products.add(await actor(), input);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => ProductType, {
    description:
      "Edits a new arrival (only the fields given; blank image or description clears it); the history records it",
  })
  async updateProduct(
    @Args() { id }: IdArgs,
    @Arg("input", () => UpdateProductInput, { description: "The fields to change" }) input: UpdateProductInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.products.update(await actor(), databaseIdFor("Product", id), input);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => DeleteProductPayload, {
    description: "Deletes a new arrival (NOT_FOUND when there is none with this id)",
  })
  async deleteProduct(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext): Promise<DeleteProductPayload> {
    const product = await services.products.delete(await actor(), databaseIdFor("Product", id));
    return { deletedId: toGlobalId("Product", product.databaseId), name: product.name };
  }
}

@Resolver(() => ReviewType)
export class ReviewResolver {
  @FieldResolver(() => PartType, {
    nullable: true,
    description: "The part the review is about; null for a review of the shop",
  })
  part(@Root() review: Review, @Ctx() { loaders }: GraphContext): Promise<Part | null> | null {
    return review.partId ? loaders.partById.load(review.partId) : null;
  }

  @Directive("@cached(until: [CATALOGUE])")
  @Query(() => ReviewConnection, { description: "Customer reviews, newest first" })
  reviews(@Args() page: PageArgs, @Ctx() { services }: GraphContext) {
    return services.reviews.list(page);
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => ReviewType, { description: "Posts a review as the signed-in customer" })
  async addReview(
    @Arg("input", () => AddReviewInput, { description: "The review" }) input: AddReviewInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    // A blank partId is left out, like any blank text.
    return services.reviews.add(await actor(), {
      ...input,
      partId: input.partId?.trim() ? databaseIdFor("Part", input.partId) : null,
    });
  }
}
