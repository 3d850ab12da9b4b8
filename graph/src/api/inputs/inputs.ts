import { ArgsType, Field, Float, ID, InputType, Int, registerEnumType } from "type-graphql";
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsEnum,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  registerDecorator,
  ValidateNested,
} from "class-validator";
import { AuditEntityType } from "../../domain/audit/audit-entry.entity";
import { MAX_BRAND_LENGTH, MAX_MODEL_LENGTH, MAX_MODELS_PER_PART, splitModelName } from "../../domain/catalogue/compatibility.service";
import { MAX_SEARCH_LENGTH, PartOrder } from "../../domain/catalogue/part-search.service";
import { MAX_ALTERNATIVE_NUMBERS, PART_NUMBER_RULE, partNumberProblem } from "../../domain/catalogue/part-numbers";
import { PartStatusFilter } from "../../domain/catalogue/part.service";
import { STOCK } from "../../domain/limits";
import { dollarsToCents } from "../../domain/money";
import { OrderStatus } from "../../domain/orders/order.entity";
import { DollarAmount, IdentityEmail, MAX, MaxLength, NotBlank } from "./validation";

/*
 * The edge's validation: the same classes check GraphQL arguments (type-graphql runs
 * class-validator) and REST bodies (parseInput). Business rules that need the database
 * (stock, ownership, state) live in the services.
 */

const HTTP_URL = /^https?:\/\/[^\s]+$/i;
const PHONE = /^\+?[0-9]{4,20}$/;
export const PAGE_MAX = 100;

type PropertyDecorator = (target: object, propertyName: string) => void;
/** Applies decorators as if stacked in this order above a property (the last one runs first). */
const all =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, propertyName) =>
    [...decorators].reverse().forEach((decorate) => decorate(target, propertyName));

/** A required, trimmed-non-blank text field (ill-formed text never gets this far: see text.ts). */
function RequiredText(label: string, max: number, requiredMessage = `${label} is required`): PropertyDecorator {
  return all(
    Field(() => String),
    IsString({ message: requiredMessage }),
    NotBlank(requiredMessage),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );
}

function PhoneField(): PropertyDecorator {
  return all(
    Field(() => String, { description: "Digits only, optionally with a leading +" }),
    IsString({ message: "Phone is required" }),
    NotBlank("Phone is required"),
    Matches(PHONE, { message: "Phone must be 4 to 20 digits" }),
  );
}

function HttpUrlField(label: string, requiredMessage: string, invalidMessage: string, description?: string): PropertyDecorator {
  return all(
    Field(() => String, { description }),
    IsString({ message: requiredMessage }),
    NotBlank(requiredMessage),
    MaxLength(MAX.url, { message: `${label} must be at most ${MAX.url} characters` }),
    Matches(HTTP_URL, { message: invalidMessage }),
  );
}

@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: 20, description: `Page size, 1 to ${PAGE_MAX}` })
  @IsInt({ message: "first must be a whole number" })
  @Min(1, { message: "first must be at least 1" })
  @Max(PAGE_MAX, { message: `first must be at most ${PAGE_MAX}` })
  first: number = 20;

  @Field(() => String, { nullable: true, description: "endCursor of the previous page" })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: "after is not a valid cursor" })
  after?: string | null;
}

registerEnumType(PartOrder, {
  name: "PartOrder",
  description: "How the catalogue is sorted; ties go by catalogue order",
  valuesConfig: {
    RELEVANCE: { description: "Best match first for a search; the catalogue's own order without one" },
    PRICE_ASC: { description: "Lowest unit price first" },
    PRICE_DESC: { description: "Highest unit price first" },
    NEWEST: { description: "Most recently added first" },
    BEST_RATED: { description: "Highest average stars of the part's reviews first, more reviews first among equals; parts without reviews last" },
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
  @Field(() => Boolean, { nullable: true, description: "Only parts that can be ordered now: stock at least the minimum order quantity" })
  @IsOptional()
  @IsBoolean({ message: "inStock must be true or false" })
  inStock?: boolean | null;

  @PriceBound("minPrice", "Lowest unit price in dollars (included)")
  minPrice?: number | null;

  @PriceBound("maxPrice", "Highest unit price in dollars (included)")
  maxPrice?: number | null;

  @Field(() => String, { nullable: true, description: 'Only parts that fit a laptop of this brand, e.g. "Lenovo" (any letter case)' })
  @IsOptional()
  @IsString({ message: "brand must be text" })
  @MaxLength(MAX_BRAND_LENGTH, { message: `brand must be at most ${MAX_BRAND_LENGTH} characters` })
  brand?: string | null;

  @Field(() => String, { nullable: true, description: 'Only parts that fit a laptop of this model name, e.g. "ThinkPad T14 Gen 2" (any letter case)' })
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
    description: "Words to find in part names, compatible laptop models and descriptions; typos and partial words are allowed, every word must match",
  })
  @IsOptional()
  @IsString({ message: "search must be text" })
  @MaxLength(MAX_SEARCH_LENGTH, { message: `search must be at most ${MAX_SEARCH_LENGTH} characters` })
  search?: string | null;

  @Field(() => PartFilterInput, { nullable: true })
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

  @Field(() => String, { nullable: true, description: 'Only models whose name contains this text, e.g. "t14 gen" (any letter case)' })
  @IsOptional()
  @IsString({ message: "search must be text" })
  @MaxLength(MAX_BRAND_LENGTH + 1 + MAX_MODEL_LENGTH, { message: `search must be at most ${MAX_BRAND_LENGTH + 1 + MAX_MODEL_LENGTH} characters` })
  search?: string | null;
}

@ArgsType()
export class IdArgs {
  @Field(() => ID, { description: "A global id, or the record's databaseId" })
  @IsString()
  @MaxLength(200, { message: "Not a valid id" })
  id: string;
}

@ArgsType()
export class EmailArgs {
  @Field(() => String)
  @IsString({ message: "Email is required" })
  @NotBlank("Email is required")
  @MaxLength(MAX.email, { message: `Email must be at most ${MAX.email} characters` })
  @IdentityEmail("Email")
  email: string;
}

@ArgsType()
export class NewsletterArgs {
  @Field(() => String)
  @IsString({ message: "Email is required" })
  @NotBlank("Email is required")
  @MaxLength(MAX.email, { message: `Email must be at most ${MAX.email} characters` })
  @IdentityEmail("Email")
  @IsEmail({}, { message: "Provide a valid email address" })
  email: string;
}

@ArgsType()
export class SignInArgs {
  @Field(() => String, { description: "A Firebase ID token" })
  @IsString({ message: "A Firebase ID token is required" })
  @NotBlank("A Firebase ID token is required")
  @MaxLength(MAX.idToken, { message: "The ID token is too long" })
  idToken: string;
}

@InputType()
export class PlaceOrderInput {
  @Field(() => ID, { description: "The part to reserve (global id or databaseId)" })
  @IsString({ message: "The part to order is required" })
  @NotBlank("The part to order is required")
  @MaxLength(200, { message: "Part not found" })
  partId: string;

  @Field(() => Int)
  @IsInt({ message: "Quantity must be a whole number" })
  @Min(1, { message: "Quantity must be at least 1" })
  @Max(1_000_000, { message: "Quantity is larger than any stock" })
  quantity: number;

  @RequiredText("Address", MAX.address)
  address: string;

  @PhoneField()
  phone: string;
}

@InputType()
export class AddReviewInput {
  @RequiredText("Name", MAX.name, "Name is Required")
  name: string;

  @Field(() => Int, { description: "1 to 5 stars" })
  @IsInt({ message: "Rating must be a whole number from 1 to 5" })
  @Min(1, { message: "Rating must be a whole number from 1 to 5" })
  @Max(5, { message: "Rating must be a whole number from 1 to 5" })
  ratings: number;

  @RequiredText("Description", MAX.description, "Description is Required")
  description: string;

  @HttpUrlField("Image URL", "Image is Required", "Image must be an http(s) URL", "http(s) URL of the uploaded image")
  img: string;

  @Field(() => ID, { nullable: true, description: "The part reviewed (global id or databaseId); leave out for a review of the shop" })
  @IsOptional()
  @IsString({ message: "partId must be the id of a part" })
  @MaxLength(200, { message: "Part not found" })
  partId?: string | null;
}

@InputType()
export class AddProductInput {
  @RequiredText("Name", MAX.productName)
  name: string;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt({ message: "Available quantity must be a whole number" })
  @Min(0, { message: "Available quantity cannot be negative" })
  @Max(10_000_000, { message: "Available quantity is too large" })
  availableQuantity?: number | null;

  @Field(() => Float, { nullable: true, description: "Dollars, at most two decimals" })
  @IsOptional()
  @DollarAmount("Price must be an amount in dollars with at most two decimals")
  @Min(0, { message: "Price cannot be negative" })
  @Max(1_000_000, { message: "Price is too large" })
  price?: number | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: "Image must be an http(s) URL" })
  @MaxLength(MAX.url, { message: `Image URL must be at most ${MAX.url} characters` })
  @Matches(/^(https?:\/\/[^\s]+|\/[^\s]*)$/i, { message: "Image must be an http(s) URL" })
  img?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt({ message: "Minimum quantity must be a whole number" })
  @Min(0, { message: "Minimum quantity cannot be negative" })
  @Max(10_000_000, { message: "Minimum quantity is too large" })
  minQuantity?: number | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: "Description must be text" })
  @MaxLength(MAX.description, { message: `Description must be at most ${MAX.description} characters` })
  description?: string | null;
}

@InputType()
export class UpdateProfileInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: "User name must be text" })
  @MaxLength(MAX.name, { message: `User name must be at most ${MAX.name} characters` })
  userName?: string | null;

  @RequiredText("Education", MAX.shortText)
  education: string;

  @RequiredText("Address", MAX.address)
  address: string;

  @PhoneField()
  phone: string;

  @HttpUrlField("LinkedIn URL", "LinkedIn URL is required", "LinkedIn must be an http(s) URL", "http(s) URL of the LinkedIn profile")
  linkedin: string;
}

@ArgsType()
export class CreatePaymentIntentArgs {
  @Field(() => ID)
  @IsString({ message: "orderId is required" })
  @NotBlank("orderId is required")
  @MaxLength(200, { message: "Order not found" })
  orderId: string;

  @Field(() => Float, { nullable: true, description: "The total the shopper saw, in dollars; refused if it differs" })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: "price must be a number of dollars" })
  price?: number | null;
}

@ArgsType()
export class ConfirmOrderPaymentArgs {
  @Field(() => ID)
  @IsString({ message: "orderId is required" })
  @NotBlank("orderId is required")
  @MaxLength(200, { message: "Order not found" })
  orderId: string;

  @Field(() => String, { description: "The PaymentIntent id" })
  @IsString({ message: "transactionId is required" })
  @NotBlank("transactionId is required")
  @MaxLength(255, { message: "transactionId is too long" })
  transactionId: string;
}

// --- Running the shop: parts, order filters, the history ----------------------------------------

const IMAGE_URL = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;
const SEARCH_MAX = 200;

/** A whole number from `min` to `max`, required unless `optional`. */
function WholeNumber(label: string, min: number, max: number, options: { optional?: boolean; description?: string } = {}): PropertyDecorator {
  const range = `${label} must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`;
  return all(
    Field(() => Int, { nullable: options.optional, description: options.description }),
    ...(options.optional ? [IsOptional()] : []),
    IsInt({ message: range }),
    Min(min, { message: range }),
    Max(max, { message: range }),
  );
}

/** Optional text that, when given, is not blank. */
function OptionalText(label: string, max: number): PropertyDecorator {
  return all(
    Field(() => String, { nullable: true }),
    IsOptional(),
    IsString({ message: `${label} must be text` }),
    NotBlank(`${label} cannot be blank`),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );
}

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
    if ([...brand].length > MAX_BRAND_LENGTH) return `Brand must be at most ${MAX_BRAND_LENGTH} characters ("${brand}")`;
    if ([...model].length > MAX_MODEL_LENGTH) return `Model must be at most ${MAX_MODEL_LENGTH} characters ("${name.trim()}")`;
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
        validator: { validate: (value: unknown) => value === null || value === undefined || partNumberProblem(value) === null },
      }),
  );
}

/** Alternative numbers (FRU, OEM): a list of part numbers. */
function AlternativeNumbersField(): PropertyDecorator {
  const problemOf = (numbers: unknown[]) => numbers.map((number) => partNumberProblem(number, "Each alternative number")).find(Boolean) ?? null;
  return all(
    Field(() => [String], {
      nullable: true,
      description: `Numbers the part replaces or is also sold as (FRU, OEM numbers), each ${PART_NUMBER_RULE}; at most ${MAX_ALTERNATIVE_NUMBERS}. Replaces the list; an empty list clears it`,
    }),
    IsOptional(),
    IsArray({ message: "Alternative numbers must be a list of part numbers" }),
    ArrayMaxSize(MAX_ALTERNATIVE_NUMBERS, { message: `A part can list at most ${MAX_ALTERNATIVE_NUMBERS} alternative numbers` }),
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
  @RequiredText("Name", MAX.name, "Name is required")
  name: string;

  @PartNumberField(`The manufacturer's part number as printed, ${PART_NUMBER_RULE}; unique. Left out, the shop gives it a number of its own, PS-000123`)
  partNumber?: string | null;

  @AlternativeNumbersField()
  alternativeNumbers?: string[] | null;

  @RequiredText("Description", STOCK.partDescription, "Description is required")
  shortDesc: string;

  @ImageField(false)
  img: string;

  @PriceField(false)
  price: number;

  @WholeNumber("Stock", 0, STOCK.maxAvailable, { description: "Units in stock" })
  available: number;

  @WholeNumber("Minimum order quantity", 1, STOCK.maxMinOrderQuantity)
  minOrderQuantity: number;

  @WholeNumber("Low-stock threshold", 0, STOCK.maxLowStockThreshold, { optional: true, description: "Listed as low on stock at or below this (default 10)" })
  lowStockThreshold?: number | null;

  @ModelNamesField()
  compatibleModels?: string[] | null;
}

@InputType({ description: "Changes to a part: only the fields given change; a new stock figure needs the one you saw" })
export class UpdatePartInput {
  @OptionalText("Name", MAX.name)
  name?: string | null;

  @PartNumberField(`The manufacturer's part number as printed, ${PART_NUMBER_RULE}; unique`)
  partNumber?: string | null;

  @AlternativeNumbersField()
  alternativeNumbers?: string[] | null;

  @OptionalText("Description", STOCK.partDescription)
  shortDesc?: string | null;

  @ImageField(true)
  img?: string | null;

  @PriceField(true)
  price?: number | null;

  @WholeNumber("Stock", 0, STOCK.maxAvailable, { optional: true, description: "The new stock (units available)" })
  available?: number | null;

  @WholeNumber("Expected stock", 0, STOCK.maxAvailable, {
    optional: true,
    description: "The stock you saw before editing; required with available. CONFLICT if orders moved it meanwhile",
  })
  expectedAvailable?: number | null;

  @WholeNumber("Minimum order quantity", 1, STOCK.maxMinOrderQuantity, { optional: true })
  minOrderQuantity?: number | null;

  @WholeNumber("Low-stock threshold", 0, STOCK.maxLowStockThreshold, { optional: true })
  lowStockThreshold?: number | null;

  @ModelNamesField()
  compatibleModels?: string[] | null;
}

@ArgsType()
export class RestockArgs extends IdArgs {
  @WholeNumber("Restock quantity", 1, STOCK.maxRestock, { description: "Units to add to the stock" })
  quantity: number;
}

function SearchField(description: string): PropertyDecorator {
  return all(
    Field(() => String, { nullable: true, description }),
    IsOptional(),
    IsString({ message: "search must be text" }),
    MaxLength(SEARCH_MAX, { message: `search must be at most ${SEARCH_MAX} characters` }),
  );
}

registerEnumType(PartStatusFilter, { name: "PartStatusFilter", description: "Parts on sale, retired ones, or all" });

@ArgsType()
export class AdminPartsArgs extends PageArgs {
  @SearchField(
    "Words as the catalogue's search finds them (typos and partial words forgiven), part names containing this, or part numbers (own or alternative) beginning with it, however typed",
  )
  search?: string | null;

  @Field(() => PartStatusFilter, { nullable: true, defaultValue: PartStatusFilter.ALL })
  @IsOptional()
  @IsEnum(PartStatusFilter, { message: "status must be ON_SALE, RETIRED or ALL" })
  status?: PartStatusFilter | null;

  @Field(() => Boolean, { nullable: true, description: "Only parts on sale at or below their low-stock threshold" })
  @IsOptional()
  @IsBoolean({ message: "lowStock must be true or false" })
  lowStock?: boolean | null;
}

@ArgsType()
export class OrdersArgs extends PageArgs {
  @Field(() => OrderStatus, { nullable: true, description: "Only orders in this state (default: every live order, unpaid and paid)" })
  @IsOptional()
  @IsEnum(OrderStatus, { message: "status must be UNPAID, PAID, CANCELLED or REFUNDED" })
  status?: OrderStatus | null;

  @SearchField("Part of a customer's email or name or of a part's name; or an order or part id")
  search?: string | null;
}

@ArgsType()
export class AuditLogArgs extends PageArgs {
  @Field(() => AuditEntityType, { nullable: true, description: "Only changes to this kind of record" })
  @IsOptional()
  @IsEnum(AuditEntityType, { message: "entityType must be PART, PRODUCT, USER, ORDER or IMPORT" })
  entityType?: AuditEntityType | null;

  @Field(() => ID, { nullable: true, description: "Only changes to this record (global id or databaseId)" })
  @IsOptional()
  @IsString({ message: "entityId must be an id" })
  @MaxLength(200, { message: "entityId must be an id" })
  entityId?: string | null;

  @Field(() => ID, { nullable: true, description: "Only the lines of this import (the parts it created or changed): the entityId of its IMPORT entry" })
  @IsOptional()
  @IsString({ message: "importId must be an id" })
  @MaxLength(200, { message: "importId must be an id" })
  importId?: string | null;
}

/** The largest CSV text the importParts mutation takes: a bigger file goes to POST /admin/parts/import, which streams it. */
export const MAX_IMPORT_CSV_LENGTH = 90_000;

@ArgsType()
export class ImportPartsArgs {
  @Field(() => String, { description: "The parts CSV as GET /admin/parts.csv writes it (a bigger file: POST /admin/parts/import)" })
  @IsString({ message: "csv must be the file's text" })
  @MaxLength(MAX_IMPORT_CSV_LENGTH, { message: `csv must be at most ${MAX_IMPORT_CSV_LENGTH} characters: send a bigger file to POST /admin/parts/import` })
  csv: string;

  @Field(() => Boolean, { defaultValue: true, description: "true: say what each line would do and change nothing; false: apply it" })
  @IsBoolean({ message: "dryRun must be true or false" })
  dryRun: boolean;

  @Field(() => String, { defaultValue: "parts.csv", description: "The file's name, as the history shows the import" })
  @IsString({ message: "fileName must be a file's name" })
  @NotBlank("fileName must be a file's name")
  @MaxLength(200, { message: "fileName must be at most 200 characters" })
  fileName: string;
}
