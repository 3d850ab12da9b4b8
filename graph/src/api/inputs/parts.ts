import { ArgsType, Field, Float, InputType, registerEnumType } from "type-graphql";
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEnum,
  IsOptional,
  IsString,
  Matches,
  registerDecorator,
} from "class-validator";
import {
  MAX_BRAND_LENGTH,
  MAX_MODEL_LENGTH,
  MAX_MODELS_PER_PART,
  splitModelName,
} from "../../domain/catalogue/compatibility.service";
import { MAX_ALTERNATIVE_NUMBERS, PART_NUMBER_RULE, partNumberProblem } from "../../domain/catalogue/part-numbers";
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
  if (typeof value !== "number" || !Number.isFinite(value))
    return "Price must be an amount in dollars with at most two decimals";
  if (value < 0) return "Price cannot be negative";
  if (value > 1_000_000) return "Price must be at most 1,000,000 dollars";
  return dollarsToCents(value) === null ? "Price must be an amount in dollars with at most two decimals" : null;
}

function ImageField(optional: boolean): PropertyDecorator {
  const required = "Image is required";
  return all(
    Field(() => String, {
      nullable: optional,
      description: "http(s) URL of the photo, or a path on this shop (/uploads/..., /images/...)",
    }),
    ...(optional ? [IsOptional()] : []),
    IsString({ message: required }),
    NotBlank(optional ? "Image cannot be blank" : required),
    MaxLength(MAX.url, { message: `Image URL must be at most ${MAX.url} characters` }),
    Matches(IMAGE_URL, { message: "Image must be an http(s) URL or a path on this shop" }),
  );
}

const MODEL_NAME_HINT = 'a brand and a model, like "Lenovo ThinkPad T14 Gen 2"';

export { splitModelName };

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
    if ([...brand].length > MAX_BRAND_LENGTH)
      return `Brand must be at most ${MAX_BRAND_LENGTH} characters ("${brand}")`;
    if ([...model].length > MAX_MODEL_LENGTH)
      return `Model must be at most ${MAX_MODEL_LENGTH} characters ("${name.trim()}")`;
  }
  return null;
}

/** A manufacturer's part number as printed: letters and digits in groups joined by dashes. */
function PartNumberField(description: string): PropertyDecorator {
  return all(
    Field(() => String, { nullable: true, description }),
    IsOptional(),
    (target: object, propertyName: string) =>
      registerDecorator({
        name: "partNumber",
        target: target.constructor,
        propertyName,
        options: { message: (args) => partNumberProblem(args.value) ?? "" },
        validator: {
          validate: (value: unknown) => value === null || value === undefined || partNumberProblem(value) === null,
        },
      }),
  );
}

/** Alternative numbers (FRU, OEM): a list of part numbers. */
function AlternativeNumbersField(): PropertyDecorator {
  const problemOf = (numbers: unknown[]) =>
    numbers.map((number) => partNumberProblem(number, "Each alternative number")).find(Boolean) ?? null;
  return all(
    Field(() => [String], {
      nullable: true,
      description: `Numbers the part replaces or is also sold as (FRU, OEM numbers), each ${PART_NUMBER_RULE}; at most ${MAX_ALTERNATIVE_NUMBERS}. Replaces the list; an empty list clears it`,
    }),
    IsOptional(),
    IsArray({ message: "Alternative numbers must be a list of part numbers" }),
    ArrayMaxSize(MAX_ALTERNATIVE_NUMBERS, {
      message: `A part can list at most ${MAX_ALTERNATIVE_NUMBERS} alternative numbers`,
    }),
    (target: object, propertyName: string) =>
      registerDecorator({
        name: "alternativeNumbers",
        target: target.constructor,
        propertyName,
        options: { message: (args) => (Array.isArray(args.value) ? (problemOf(args.value) ?? "") : "") },
        validator: { validate: (value: unknown) => !Array.isArray(value) || problemOf(value) === null },
      }),
  );
}

@InputType({ description: "A new part: on sale as soon as it is created" })
export class CreatePartInput {
  @RequiredText("Name", MAX.name, "The part's name as shoppers see it", "Name is required")
  name: string;

  @PartNumberField(
    `The manufacturer's part number as printed, ${PART_NUMBER_RULE}; unique. Left out, the shop gives it a number of its own, PS-000123`,
  )
  partNumber?: string | null;

  @AlternativeNumbersField()
  alternativeNumbers?: string[] | null;

  @RequiredText(
    "Description",
    STOCK.partDescription,
    "A short description for the catalogue card",
    "Description is required",
  )
  shortDesc: string;

  @ImageField(false)
  img: string;

  @PriceField(false)
  price: number;

  @WholeNumber("Stock", 0, STOCK.maxAvailable, { description: "Units in stock" })
  available: number;

  @WholeNumber("Minimum order quantity", 1, STOCK.maxMinOrderQuantity, {
    description: "Smallest quantity one order takes",
  })
  minOrderQuantity: number;

  @WholeNumber("Low-stock threshold", 0, STOCK.maxLowStockThreshold, {
    optional: true,
    description: "Listed as low on stock at or below this, default 10",
  })
  lowStockThreshold?: number | null;

  @ModelNamesField()
  compatibleModels?: string[] | null;
}

@InputType({ description: "Changes to a part: only the fields given change; a new stock figure needs the one you saw" })
export class UpdatePartInput {
  @OptionalText("Name", MAX.name, "The new name")
  name?: string | null;

  @PartNumberField(`The manufacturer's part number as printed, ${PART_NUMBER_RULE}; unique`)
  partNumber?: string | null;

  @AlternativeNumbersField()
  alternativeNumbers?: string[] | null;

  @OptionalText("Description", STOCK.partDescription, "The new short description")
  shortDesc?: string | null;

  @ImageField(true)
  img?: string | null;

  @PriceField(true)
  price?: number | null;

  @WholeNumber("Stock", 0, STOCK.maxAvailable, {
    optional: true,
    description: "The new stock: units available to order",
  })
  available?: number | null;

  @WholeNumber("Expected stock", 0, STOCK.maxAvailable, {
    optional: true,
    description: "The stock you saw before editing; required with available. CONFLICT if orders moved it meanwhile",
  })
  expectedAvailable?: number | null;

  @WholeNumber("Minimum order quantity", 1, STOCK.maxMinOrderQuantity, {
    optional: true,
    description: "The new minimum order quantity",
  })
  minOrderQuantity?: number | null;

  @WholeNumber("Low-stock threshold", 0, STOCK.maxLowStockThreshold, {
    optional: true,
    description: "The new low-stock threshold",
  })
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
  @SearchField(
    "Words as the catalogue's search finds them (typos and partial words forgiven), part names containing this, or part numbers (own or alternative) beginning with it, however typed",
  )
  search?: string | null;

  @Field(() => PartStatusFilter, {
    nullable: true,
    defaultValue: PartStatusFilter.ALL,
    description: "Which parts: on sale, retired, or all (default)",
  })
  @IsOptional()
  @IsEnum(PartStatusFilter, { message: "status must be ON_SALE, RETIRED or ALL" })
  status?: PartStatusFilter | null;

  @Field(() => Boolean, { nullable: true, description: "Only parts on sale at or below their low-stock threshold" })
  @IsOptional()
  @IsBoolean({ message: "lowStock must be true or false" })
  lowStock?: boolean | null;
}

/** The largest CSV text the importParts mutation takes: a bigger file goes to POST /admin/parts/import, which streams it. */
export const MAX_IMPORT_CSV_LENGTH = 90_000;

@ArgsType()
export class ImportPartsArgs {
  @Field(() => String, {
    description: "The parts CSV as GET /admin/parts.csv writes it (a bigger file: POST /admin/parts/import)",
  })
  @IsString({ message: "csv must be the file's text" })
  @MaxLength(MAX_IMPORT_CSV_LENGTH, {
    message: `csv must be at most ${MAX_IMPORT_CSV_LENGTH} characters: send a bigger file to POST /admin/parts/import`,
  })
  csv: string;

  @Field(() => Boolean, {
    defaultValue: true,
    description: "true: say what each line would do and change nothing; false: apply it",
  })
  @IsBoolean({ message: "dryRun must be true or false" })
  dryRun: boolean;

  @Field(() => String, { defaultValue: "parts.csv", description: "The file's name, as the history shows the import" })
  @IsString({ message: "fileName must be a file's name" })
  @NotBlank("fileName must be a file's name")
  @MaxLength(200, { message: "fileName must be at most 200 characters" })
  fileName: string;
}
