import { ArgsType, Field, Float, InputType, registerEnumType } from "type-graphql";
import { ArrayMaxSize, IsArray, IsBoolean, IsEnum, IsOptional, IsString, Matches, registerDecorator } from "class-validator";
import { LaptopModelName, MAX_BRAND_LENGTH, MAX_MODEL_LENGTH, MAX_MODELS_PER_PART } from "../../domain/catalogue/compatibility.service";
import { PartStatusFilter } from "../../domain/catalogue/part.service";
import { STOCK } from "../../domain/limits";
import { dollarsToCents } from "../../domain/money";
import { IdArgs, PageArgs } from "./common";
import { all, OptionalText, RequiredText, SearchField, WholeNumber, type PropertyDecorator } from "./fields";
import { MAX, MaxLength, NotBlank } from "./validation";

/* Running the catalogue (admins): creating, editing, restocking and listing parts. */

const IMAGE_URL = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;

function PriceField(optional: boolean): PropertyDecorator {
  return all(
    Field(() => Float, { nullable: optional, description: "Unit price in dollars, at most two decimals" }),
    ...(optional ? [IsOptional()] : []),
    (target: object, propertyName: string) =>
      registerDecorator({
        name: "partPrice",
        target: target.constructor,
        propertyName,
        // One check, one message: what is wrong with this value (a number at all, its sign, its size, its cents).
        options: { message: (args) => priceProblem(args.value) ?? "" },
        validator: { validate: (value: unknown) => priceProblem(value) === null },
      }),
  );
}

function priceProblem(value: unknown): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return "Price must be an amount in dollars with at most two decimals";
  if (value < 0) return "Price cannot be negative";
  if (value > 1_000_000) return "Price must be at most 1,000,000 dollars";
  return dollarsToCents(value) === null ? "Price must be an amount in dollars with at most two decimals" : null;
}

function ImageField(optional: boolean): PropertyDecorator {
  const required = "Image is required";
  return all(
    Field(() => String, { nullable: optional, description: "http(s) URL of the photo, or a path on this shop (/uploads/..., /images/...)" }),
    ...(optional ? [IsOptional()] : []),
    IsString({ message: required }),
    NotBlank(optional ? "Image cannot be blank" : required),
    MaxLength(MAX.url, { message: `Image URL must be at most ${MAX.url} characters` }),
    Matches(IMAGE_URL, { message: "Image must be an http(s) URL or a path on this shop" }),
  );
}

const MODEL_NAME_HINT = 'a brand and a model, like "Lenovo ThinkPad T14 Gen 2"';

/** "Brand Model" as admins type it: the first word is the brand, the rest the model name. */
export function splitModelName(name: string): LaptopModelName {
  const [brand, ...model] = name.trim().split(/\s+/u);
  return { brand: brand ?? "", model: model.join(" ") };
}

/** A list of "Brand Model" names: each a brand and a model within the compatibility tables' limits. */
function ModelNamesField(): PropertyDecorator {
  return all(
    Field(() => [String], {
      nullable: true,
      description: `The laptop models it fits, each "Brand Model" (the first word is the brand), e.g. "Lenovo ThinkPad T14 Gen 2". Replaces the list; an empty list clears it`,
    }),
    IsOptional(),
    IsArray({ message: "Compatible models must be a list of laptop models" }),
    ArrayMaxSize(MAX_MODELS_PER_PART, { message: `A part can list at most ${MAX_MODELS_PER_PART} laptop models` }),
    (target: object, propertyName: string) =>
      registerDecorator({
        name: "laptopModelNames",
        target: target.constructor,
        propertyName,
        options: { message: (args) => modelNameProblem(args.value) ?? "" },
        validator: { validate: (value: unknown) => !Array.isArray(value) || modelNameProblem(value) === null },
      }),
  );
}

function modelNameProblem(names: unknown): string | null {
  if (!Array.isArray(names)) return null;
  for (const name of names) {
    if (typeof name !== "string" || !/\S/.test(name)) return `Each compatible model is ${MODEL_NAME_HINT}`;
    const { brand, model } = splitModelName(name);
    if (!model) return `"${name.trim()}" needs a model after its brand: ${MODEL_NAME_HINT}`;
    if ([...brand].length > MAX_BRAND_LENGTH) return `Brand must be at most ${MAX_BRAND_LENGTH} characters ("${brand}")`;
    if ([...model].length > MAX_MODEL_LENGTH) return `Model must be at most ${MAX_MODEL_LENGTH} characters ("${name.trim()}")`;
  }
  return null;
}

@InputType({ description: "A new part: on sale as soon as it is created" })
export class CreatePartInput {
  @RequiredText("Name", MAX.name, "The part's name as shoppers see it", "Name is required")
  name: string;

  @RequiredText("Description", STOCK.partDescription, "A short description for the catalogue card", "Description is required")
  shortDesc: string;

  @ImageField(false)
  img: string;

  @PriceField(false)
  price: number;

  @WholeNumber("Stock", 0, STOCK.maxAvailable, { description: "Units in stock" })
  available: number;

  @WholeNumber("Minimum order quantity", 1, STOCK.maxMinOrderQuantity, { description: "Smallest quantity one order takes" })
  minOrderQuantity: number;

  @WholeNumber("Low-stock threshold", 0, STOCK.maxLowStockThreshold, { optional: true, description: "Listed as low on stock at or below this, default 10" })
  lowStockThreshold?: number | null;

  @ModelNamesField()
  compatibleModels?: string[] | null;
}

@InputType({ description: "Changes to a part: only the fields given change; a new stock figure needs the one you saw" })
export class UpdatePartInput {
  @OptionalText("Name", MAX.name, "The new name")
  name?: string | null;

  @OptionalText("Description", STOCK.partDescription, "The new short description")
  shortDesc?: string | null;

  @ImageField(true)
  img?: string | null;

  @PriceField(true)
  price?: number | null;

  @WholeNumber("Stock", 0, STOCK.maxAvailable, { optional: true, description: "The new stock: units available to order" })
  available?: number | null;

  @WholeNumber("Expected stock", 0, STOCK.maxAvailable, {
    optional: true,
    description: "The stock you saw before editing; required with available. CONFLICT if orders moved it meanwhile",
  })
  expectedAvailable?: number | null;

  @WholeNumber("Minimum order quantity", 1, STOCK.maxMinOrderQuantity, { optional: true, description: "The new minimum order quantity" })
  minOrderQuantity?: number | null;

  @WholeNumber("Low-stock threshold", 0, STOCK.maxLowStockThreshold, { optional: true, description: "The new low-stock threshold" })
  lowStockThreshold?: number | null;

  @ModelNamesField()
  compatibleModels?: string[] | null;
}

@ArgsType()
export class RestockArgs extends IdArgs {
  @WholeNumber("Restock quantity", 1, STOCK.maxRestock, { description: "Units to add to the stock" })
  quantity: number;
}

registerEnumType(PartStatusFilter, {
  name: "PartStatusFilter",
  description: "Parts on sale, retired ones, or all",
  valuesConfig: {
    ON_SALE: { description: "Parts in the shop: listed and reservable" },
    RETIRED: { description: "Parts an admin took out of the shop" },
    ALL: { description: "Both" },
  },
});

@ArgsType()
export class AdminPartsArgs extends PageArgs {
  @SearchField("Part names containing this (any case)")
  search?: string | null;

  @Field(() => PartStatusFilter, { nullable: true, defaultValue: PartStatusFilter.ALL, description: "Which parts: on sale, retired, or all (default)" })
  @IsOptional()
  @IsEnum(PartStatusFilter, { message: "status must be ON_SALE, RETIRED or ALL" })
  status?: PartStatusFilter | null;

  @Field(() => Boolean, { nullable: true, description: "Only parts on sale at or below their low-stock threshold" })
  @IsOptional()
  @IsBoolean({ message: "lowStock must be true or false" })
  lowStock?: boolean | null;
}
