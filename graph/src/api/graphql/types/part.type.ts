import { Field, Float, Int, ObjectType } from "type-graphql";
import { Node } from "../node";
import { NodeFields } from "./node-fields";
import { TaxCategoryValue } from "../../inputs/tax-category";
import type { TaxCategory } from "../../../domain/tax/tax-lines";

@ObjectType("PartDimensions", { simpleResolvers: true, description: "A part's size, in whole millimetres" })
export class PartDimensionsType {
  @Field(() => Int, { description: "Length in millimetres" })
  lengthMm: number;

  @Field(() => Int, { description: "Width in millimetres" })
  widthMm: number;

  @Field(() => Int, { description: "Height in millimetres" })
  heightMm: number;
}

/** The GraphQL shape of domain/catalogue/part.entity.ts (resolvers return the entities). */
@ObjectType("Part", { simpleResolvers: true, implements: Node, description: "A laptop part customers can reserve" })
export class PartType extends NodeFields {
  @Field(() => String, { description: "Its name" })
  name: string;

  @Field(() => String, {
    description:
      "The end of the part's public page address, /p/{slug}: its name in lowercase words, then its databaseId",
  })
  slug: string;

  @Field(() => String, {
    description:
      "The manufacturer's part number as printed (e.g. 5B10W13930, L32656-005); a search for it, however typed, finds this part",
  })
  partNumber: string;

  @Field(() => String, { description: "URL of its photo (http(s), or a path on this shop)" })
  img: string;

  @Field(() => Float, { description: "Unit price in dollars" })
  price: number;

  @Field(() => Int, { description: "Units in stock" })
  available: number;

  @Field(() => Int, { description: "Smallest quantity one order takes" })
  minOrderQuantity: number;

  @Field(() => String, { description: "A short description for its card" })
  shortDesc: string;

  @Field(() => Boolean, {
    description: "Taken out of the shop by an admin: not listed, not reservable, still on past orders",
  })
  retired: boolean;

  @Field(() => Date, { nullable: true, description: "When it was retired (UTC); null while on sale" })
  retiredAt: Date | null;

  @Field(() => Int, { description: "Listed as low on stock at or below this many units" })
  lowStockThreshold: number;

  @Field(() => Boolean, { description: "available is at or below lowStockThreshold" })
  lowStock: boolean;

  @Field(() => Float, {
    nullable: true,
    description: "Average stars (1 to 5) of the reviews of this part; null before its first review",
  })
  rating: number | null;

  @Field(() => Int, { description: "How many reviews are about this part" })
  reviewCount: number;

  @Field(() => Int, { description: "Its weight in grams as it ships; 0 until it is weighed" })
  weightGrams: number;

  @Field(() => PartDimensionsType, { nullable: true, description: "Its size in millimetres; null where not known" })
  dimensions: PartDimensionsType | null;

  @Field(() => Boolean, {
    description:
      "Carriers take it only as dangerous goods (a lithium battery over 100 Wh, for one): some methods cannot ship it",
  })
  dangerousGoods: boolean;

  @Field(() => Float, { nullable: true, description: "The watt-hours of the battery it is or holds; null when none" })
  batteryWh: number | null;

  @Field(() => TaxCategoryValue, { description: "Which of its tax zone's rates it is taxed at" })
  taxCategory: TaxCategory;
}

/**
 * The fields of Part a card answers (domain PART_CARD_PROPERTIES: `id` and `compatibleModels` need
 * only the databaseId, `image` only img): a list asked for none but these reads only the card's columns.
 */
export const PART_CARD_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "databaseId",
  "name",
  "slug",
  "partNumber",
  "img",
  "image",
  "price",
  "shownPrice",
  "available",
  "minOrderQuantity",
  "shortDesc",
  "compatibleModels",
]);
