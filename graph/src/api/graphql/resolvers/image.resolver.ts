import { Arg, Args, Ctx, Directive, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import { Part } from "../../../domain/catalogue/part.entity";
import { Product } from "../../../domain/catalogue/product.entity";
import { Review } from "../../../domain/catalogue/review.entity";
import type { ImageView } from "../../../domain/images/variants";
import {
  AddPartImageInput,
  PartImageArgs,
  PartImageIdArgs,
  ReorderPartImagesArgs,
  SetPartImageAltArgs,
} from "../../inputs/part-images";
import { GraphContext } from "../context";
import { databaseIdFor } from "../global-id";
import { ImageType, PartImageType } from "../types/image.type";
import { PartType } from "../types/part.type";
import { ProductType } from "../types/product.type";
import { ReviewType } from "../types/review.type";

/** A part's images, and the admins' mutations of them. */
@Resolver(() => PartType)
export class PartImageResolver {
  @FieldResolver(() => ImageType, { description: "Its first image (img) with its sizes and variants" })
  image(@Root() part: Part, @Ctx() { loaders }: GraphContext): Promise<ImageView> {
    return loaders.imageByUrl.load(part.img);
  }

  @FieldResolver(() => [PartImageType], {
    description:
      "Its images in the order its page shows them, each with alt text, sizes and variants; the first is img",
  })
  async images(@Root() part: Part, @Ctx() { loaders }: GraphContext): Promise<PartImageType[]> {
    const images = await loaders.imagesByPartId.load(part.databaseId);
    const views = await loaders.imageByUrl.loadMany(images.map((image) => image.url));
    return images.map((image, index) => {
      const view = views[index];
      if (view instanceof Error) throw view;
      return { ...view, id: image.id, position: image.position, alt: image.alt };
    });
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => PartType, {
    description:
      "Adds an image to a part by URL: an upload of this shop (POST /upload answers its URL) or an image elsewhere; at most 12 a part",
  })
  async addPartImage(
    @Args() { partId }: PartImageArgs,
    @Arg("input", () => AddPartImageInput, { description: "The image" }) input: AddPartImageInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.partImages.add(await actor(), databaseIdFor("Part", partId), input);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => PartType, { description: "Puts a part's images in a new order; the first becomes its img" })
  async reorderPartImages(
    @Args() { partId, imageIds }: ReorderPartImagesArgs,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.partImages.reorder(await actor(), databaseIdFor("Part", partId), imageIds);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => PartType, { description: "Sets the alt text of one of a part's images" })
  async setPartImageAlt(@Args() { imageId, alt }: SetPartImageAltArgs, @Ctx() { services, actor }: GraphContext) {
    return services.partImages.setAlt(await actor(), imageId, alt);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => PartType, { description: "Removes one of a part's images (not its last one: a part needs an image)" })
  async removePartImage(@Args() { imageId }: PartImageIdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.partImages.remove(await actor(), imageId);
  }
}

@Resolver(() => ProductType)
export class ProductImageResolver {
  @FieldResolver(() => ImageType, {
    nullable: true,
    description: "Its photo with its sizes and variants; null without one",
  })
  image(@Root() product: Product, @Ctx() { loaders }: GraphContext): Promise<ImageView> | null {
    return product.img ? loaders.imageByUrl.load(product.img) : null;
  }
}

@Resolver(() => ReviewType)
export class ReviewImageResolver {
  @FieldResolver(() => ImageType, { description: "The reviewer's image with its sizes and variants" })
  image(@Root() review: Review, @Ctx() { loaders }: GraphContext): Promise<ImageView> {
    return loaders.imageByUrl.load(review.img);
  }
}
