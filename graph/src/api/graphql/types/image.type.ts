import { Field, ID, Int, ObjectType } from "type-graphql";

/** The GraphQL shape of domain/images/variants.ts's ImageView (and a part's images). */
@ObjectType("ImageVariant", {
  simpleResolvers: true,
  description: "One stored size of an uploaded image in one format",
})
export class ImageVariantType {
  @Field(() => String, { description: "Where it is served: kept by browsers and caches for a year, it never changes" })
  url: string;

  @Field(() => String, { description: "Its format: avif, webp, jpg or png" })
  format: string;

  @Field(() => String, { description: "Its media type, e.g. image/avif" })
  mime: string;

  @Field(() => Int, { description: "Its width in pixels" })
  width: number;

  @Field(() => Int, { description: "Its height in pixels (the image's aspect ratio kept)" })
  height: number;

  @Field(() => Int, { description: "Its size in bytes" })
  size: number;
}

@ObjectType("ImageSource", {
  simpleResolvers: true,
  description: "The sizes of an image in one format, for a <source> of a <picture>",
})
export class ImageSourceType {
  @Field(() => String, { description: "The format's media type (the source's type attribute)" })
  mime: string;

  @Field(() => String, { description: 'Its srcset: each size\'s URL and width ("…-320.avif 320w, …")' })
  srcset: string;
}

@ObjectType("Image", {
  simpleResolvers: true,
  description:
    "An image: its URL and, for an image uploaded to this shop, its size and the sizes and formats it is served in",
})
export class ImageType {
  @Field(() => String, {
    description: "Its URL: for an upload, a JPEG or PNG every browser shows, at most 1280 pixels wide",
  })
  url: string;

  @Field(() => Int, {
    nullable: true,
    description:
      "The upright image's width in pixels; null for an image elsewhere or uploaded before the shop kept sizes",
  })
  width: number | null;

  @Field(() => Int, { nullable: true, description: "Its height in pixels; null when width is" })
  height: number | null;

  @Field(() => [ImageVariantType], {
    description: "Every stored size in every format, narrowest first; empty when width is null",
  })
  variants: ImageVariantType[];

  @Field(() => [ImageSourceType], {
    description:
      "AVIF then WebP, each with its srcset, for the <source> elements of a <picture>; empty when width is null",
  })
  sources: ImageSourceType[];

  @Field(() => String, {
    nullable: true,
    description: "The srcset of the JPEG or PNG sizes, for the <img> itself; null when width is",
  })
  srcset: string | null;
}

@ObjectType("PartImage", {
  simpleResolvers: true,
  description: "One of a part's images, in the order its page shows them",
})
export class PartImageType extends ImageType {
  @Field(() => ID, { description: "Its id (the part image mutations take it)" })
  id: string;

  @Field(() => Int, { description: "Its place among the part's images, 0 first (the first is the part's img)" })
  position: number;

  @Field(() => String, { description: 'What the image shows, for those who cannot see it; "" when an admin gave none' })
  alt: string;
}
