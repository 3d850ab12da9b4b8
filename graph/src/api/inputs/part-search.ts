import { ArgsType, Field, Float, InputType, registerEnumType } from "type-graphql";
import { IsBoolean, IsEnum, IsNumber, IsOptional, IsString, Max, Min, ValidateNested } from "class-validator";
import { MAX_BRAND_LENGTH, MAX_MODEL_LENGTH } from "../../domain/catalogue/part-rules";
import { MAX_SEARCH_LENGTH, PartOrder } from "../../domain/catalogue/part-search.service";
import { all, type PropertyDecorator } from "./fields";
import { DollarAmount, MaxLength } from "./validation";

/* The catalogue's search (words, filters, order) and the laptop lists that feed its filters. */

registerEnumType(PartOrder, {
  name: "PartOrder",
  description: "How the catalogue is sorted; ties go by catalogue order",
  valuesConfig: {
    RELEVANCE: { description: "Best match first for a search; the catalogue's own order without one" },
    PRICE_ASC: { description: "Lowest unit price first" },
    PRICE_DESC: { description: "Highest unit price first" },
    NEWEST: { description: "Most recently added first" },
    BEST_RATED: {
      description:
        "Highest average stars of the part's reviews first, more reviews first among equals; parts without reviews last",
    },
  },
});

const PRICE_MESSAGE = (label: string) => `${label} must be an amount in dollars with at most two decimals`;

function PriceBound(label: string, description: string): PropertyDecorator {
  return all(
    Field(() => Float, { nullable: true, description }),
    IsOptional(),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: PRICE_MESSAGE(label) }),
    DollarAmount(PRICE_MESSAGE(label)),
    Min(0, { message: `${label} cannot be negative` }),
    Max(1_000_000, { message: `${label} is too large` }),
  );
}

@InputType("PartFilter", { description: "Narrows the catalogue: a part must meet every filter given" })
export class PartFilterInput {
  @Field(() => Boolean, {
    nullable: true,
    description: "Only parts that can be ordered now: stock at least the minimum order quantity",
  })
  @IsOptional()
  @IsBoolean({ message: "inStock must be true or false" })
  inStock?: boolean | null;

  @PriceBound("minPrice", "Lowest unit price in dollars (included)")
  minPrice?: number | null;

  @PriceBound("maxPrice", "Highest unit price in dollars (included)")
  maxPrice?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Only parts that fit a laptop of this brand, e.g. "Lenovo" (any letter case)',
  })
  @IsOptional()
  @IsString({ message: "brand must be text" })
  @MaxLength(MAX_BRAND_LENGTH, { message: `brand must be at most ${MAX_BRAND_LENGTH} characters` })
  brand?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Only parts that fit a laptop of this model name, e.g. "ThinkPad T14 Gen 2" (any letter case)',
  })
  @IsOptional()
  @IsString({ message: "model must be text" })
  @MaxLength(MAX_MODEL_LENGTH, { message: `model must be at most ${MAX_MODEL_LENGTH} characters` })
  model?: string | null;
}

/** The catalogue's search, filters and order (GraphQL `parts`, REST `GET /parts?q=...`). */
@ArgsType()
export class PartSearchArgs {
  @Field(() => String, {
    nullable: true,
    description:
      "Words to find in part names, compatible laptop models and descriptions; typos and partial words are allowed, every word must match",
  })
  @IsOptional()
  @IsString({ message: "search must be text" })
  @MaxLength(MAX_SEARCH_LENGTH, { message: `search must be at most ${MAX_SEARCH_LENGTH} characters` })
  search?: string | null;

  @Field(() => PartFilterInput, {
    nullable: true,
    description: "Stock, price range and laptop filters; every one given must hold",
  })
  @IsOptional()
  @ValidateNested()
  filter?: PartFilterInput | null;

  @Field(() => PartOrder, { nullable: true, description: "RELEVANCE when left out" })
  @IsOptional()
  @IsEnum(PartOrder, { message: "orderBy is not a known order" })
  orderBy?: PartOrder | null;
}

@ArgsType()
export class LaptopModelArgs {
  @Field(() => String, { nullable: true, description: "Only this brand's models (any letter case)" })
  @IsOptional()
  @IsString({ message: "brand must be text" })
  @MaxLength(MAX_BRAND_LENGTH, { message: `brand must be at most ${MAX_BRAND_LENGTH} characters` })
  brand?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Only models whose name contains this text, e.g. "t14 gen" (any letter case)',
  })
  @IsOptional()
  @IsString({ message: "search must be text" })
  @MaxLength(MAX_BRAND_LENGTH + 1 + MAX_MODEL_LENGTH, {
    message: `search must be at most ${MAX_BRAND_LENGTH + 1 + MAX_MODEL_LENGTH} characters`,
  })
  search?: string | null;
}
