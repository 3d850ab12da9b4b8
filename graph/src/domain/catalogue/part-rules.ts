import { MAX, STOCK } from "../limits";
import { dollarsToCents } from "../money";
import { TAX_CATEGORIES, type TaxCategory } from "../tax/tax-lines";

/*
 * The rules of a part's fields: what a name, a price, a stock figure, a part number, an image, a
 * list of laptop models, or what shipping and tax need to know of it (weight, dimensions,
 * dangerous goods, the battery's watt-hours, the tax category) may be, and what an admin who gives
 * another is told. Every limit and
 * message of a part lives here once. The GraphQL and REST validators, the service, the CSV import
 * and the web app's part form all ask these functions, so they refuse the same values in the same
 * words. The module is pure and imports nothing but the shop's limits, money rule and tax
 * categories (lint keeps it so): the web app imports it as it is.
 */

/** The fields of a part as the API names them (`images` is the CSV's list; the API's `img` is its first). */
export type PartField =
  | "name"
  | "partNumber"
  | "alternativeNumbers"
  | "shortDesc"
  | "img"
  | "images"
  | "price"
  | "available"
  | "expectedAvailable"
  | "minOrderQuantity"
  | "lowStockThreshold"
  | "compatibleModels"
  | "weightGrams"
  | "lengthMm"
  | "widthMm"
  | "heightMm"
  | "dangerousGoods"
  | "batteryWh"
  | "taxCategory";

/** A field at fault and what to tell the admin. */
export interface PartProblem {
  field: PartField;
  message: string;
}

/** Whether a part is being created (its required fields must be given) or changed (only the fields given change). */
export type PartMode = "create" | "change";

/** The fields a new part cannot do without. */
export const REQUIRED_TO_CREATE: readonly PartField[] = [
  "name",
  "shortDesc",
  "img",
  "price",
  "available",
  "minOrderQuantity",
];

/** The highest price of a part, in cents: a million dollars. */
export const MAX_PRICE_CENTS = 100_000_000;
export const MAX_PART_NUMBER_LENGTH = 40;
/** How many alternative numbers one part may list. */
export const MAX_ALTERNATIVE_NUMBERS = 20;
export const MAX_BRAND_LENGTH = 40;
export const MAX_MODEL_LENGTH = 80;
/** A part lists every model it fits on its page: a bound on that list. */
export const MAX_MODELS_PER_PART = 200;
/** The most images one part may have. */
export const MAX_PART_IMAGES = 12;
/** The longest alt text of an image. */
export const MAX_ALT_LENGTH = 250;
/** A low-stock threshold a new part gets when none is given. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

/** An image a page can show: an http(s) URL, or a path on this shop (/uploads/..., /images/...). */
export const IMAGE_URL = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;
/** Letters and digits, in groups joined by single dashes: how manufacturers print part numbers. */
const PRINTED_NUMBER = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;
export const PART_NUMBER_RULE = `letters and digits, in groups joined by single dashes (like 5B10W13930 or L32656-005), at most ${MAX_PART_NUMBER_LENGTH} characters`;
const MODEL_NAME_HINT = 'a brand and a model, like "Lenovo ThinkPad T14 Gen 2"';

/** How messages name the fields. */
export const PART_FIELD_LABELS: Record<PartField, string> = {
  name: "Name",
  partNumber: "Part number",
  alternativeNumbers: "Alternative numbers",
  shortDesc: "Description",
  img: "Image",
  images: "Images",
  price: "Price",
  available: "Stock",
  expectedAvailable: "Expected stock",
  minOrderQuantity: "Minimum order quantity",
  lowStockThreshold: "Low-stock threshold",
  compatibleModels: "Compatible models",
  weightGrams: "Weight",
  lengthMm: "Length",
  widthMm: "Width",
  heightMm: "Height",
  dangerousGoods: "Dangerous goods",
  batteryWh: "Battery",
  taxCategory: "Tax category",
};

/** The bounds of the whole-number fields. */
export const WHOLE_NUMBER_BOUNDS = {
  available: { min: 0, max: STOCK.maxAvailable },
  expectedAvailable: { min: 0, max: STOCK.maxAvailable },
  minOrderQuantity: { min: 1, max: STOCK.maxMinOrderQuantity },
  lowStockThreshold: { min: 0, max: STOCK.maxLowStockThreshold },
} as const;
type WholeNumberField = keyof typeof WHOLE_NUMBER_BOUNDS;

/** The longest text of the text fields, in characters (Unicode code points, as PostgreSQL counts them). */
export const TEXT_LIMITS = { name: MAX.name, shortDesc: STOCK.partDescription, img: MAX.url } as const;

/** Whether a text is longer than `max` characters (code points): never more than its UTF-16 length, so most texts need no count. */
const longerThan = (text: string, max: number) => text.length > max && [...text].length > max;
const grouped = (value: number) => value.toLocaleString("en-US");
const missing = (value: unknown) => value === undefined || value === null;
const isText = (value: unknown): value is string => typeof value === "string";
const isBlank = (value: string) => !/\S/.test(value);

export const requiredMessage = (field: PartField) => `${PART_FIELD_LABELS[field]} is required`;
export const PRICE_AMOUNT_MESSAGE = "Price must be an amount in dollars with at most two decimals";
export const wholeNumberMessage = (field: WholeNumberField) => {
  const { min, max } = WHOLE_NUMBER_BOUNDS[field];
  return `${PART_FIELD_LABELS[field]} must be a whole number from ${grouped(min)} to ${grouped(max)}`;
};

/** A name or a description: text, not blank, and short enough once trimmed (it is stored trimmed). */
function textProblem(field: "name" | "shortDesc", value: unknown, required: boolean): string | null {
  const label = PART_FIELD_LABELS[field];
  if (missing(value)) return required ? requiredMessage(field) : null;
  if (!isText(value)) return required ? requiredMessage(field) : `${label} must be text`;
  if (isBlank(value)) return required ? requiredMessage(field) : `${label} cannot be blank`;
  if (longerThan(value.trim(), TEXT_LIMITS[field])) return `${label} must be at most ${TEXT_LIMITS[field]} characters`;
  return null;
}

/** The part's main image: an http(s) URL or a path on this shop. */
export function imageProblem(value: unknown, required: boolean): string | null {
  if (missing(value)) return required ? requiredMessage("img") : null;
  if (!isText(value)) return required ? requiredMessage("img") : "Image must be text";
  if (isBlank(value)) return required ? requiredMessage("img") : "Image cannot be blank";
  if (longerThan(value.trim(), MAX.url)) return `Image URL must be at most ${MAX.url} characters`;
  if (!IMAGE_URL.test(value.trim())) return "Image must be an http(s) URL or a path on this shop";
  return null;
}

/**
 * A list of images, the first the main one (the CSV's images column): the image rule for each,
 * naming the one at fault, since a list is read in one cell.
 */
export function imagesProblem(images: readonly string[]): string | null {
  if (images.length === 0) return "Images: a part needs at least one image";
  for (const image of images) {
    if (longerThan(image, MAX.url)) return `Images: each must be at most ${MAX.url} characters`;
    if (!IMAGE_URL.test(image))
      return `Images: "${image}" is not an http(s) URL, a path on this shop or an image uploaded to it`;
  }
  return null;
}

export const ALT_TOO_LONG_MESSAGE = `Alt text must be at most ${MAX_ALT_LENGTH} characters`;
/** An image's alt text (what it shows, for screen readers): "" for none, at most MAX_ALT_LENGTH once trimmed. */
export const altTextProblem = (alt: string): string | null =>
  longerThan(alt.trim(), MAX_ALT_LENGTH) ? ALT_TOO_LONG_MESSAGE : null;

export const TOO_MANY_IMAGES_MESSAGE = `A part may have at most ${MAX_PART_IMAGES} images: remove one first`;

/** A price in dollars: a number, not negative, at most MAX_PRICE_CENTS, in whole cents. */
export function priceProblem(value: unknown, required: boolean): string | null {
  if (missing(value)) return required ? requiredMessage("price") : null;
  if (typeof value !== "number" || !Number.isFinite(value)) return PRICE_AMOUNT_MESSAGE;
  if (value < 0) return "Price cannot be negative";
  if (value > MAX_PRICE_CENTS / 100) return `Price must be at most ${grouped(MAX_PRICE_CENTS / 100)} dollars`;
  return dollarsToCents(value) === null ? PRICE_AMOUNT_MESSAGE : null;
}

/** A stock figure, a minimum order quantity or a threshold: a whole number within its bounds. */
export function wholeNumberProblem(field: WholeNumberField, value: unknown, required: boolean): string | null {
  if (missing(value)) return required ? requiredMessage(field) : null;
  const { min, max } = WHOLE_NUMBER_BOUNDS[field];
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max
    ? null
    : wholeNumberMessage(field);
}

/** A part number as given, or null when it is one (surrounding spaces are forgiven). */
export function partNumberProblem(number: unknown, label = "Part number"): string | null {
  if (!isText(number) || isBlank(number)) return `${label} is required`;
  const trimmed = number.trim();
  if (trimmed.length > MAX_PART_NUMBER_LENGTH || !PRINTED_NUMBER.test(trimmed))
    return `${label} must be ${PART_NUMBER_RULE}`;
  return null;
}

/** Alternative numbers: a list of part numbers, naming the one at fault. */
export function alternativeNumbersProblem(numbers: unknown): string | null {
  if (missing(numbers)) return null;
  if (!Array.isArray(numbers)) return "Alternative numbers must be a list of part numbers";
  if (numbers.length > MAX_ALTERNATIVE_NUMBERS)
    return `A part can list at most ${MAX_ALTERNATIVE_NUMBERS} alternative numbers`;
  for (const number of numbers) {
    const problem = partNumberProblem(number, "Each alternative number");
    if (problem) return isText(number) && !isBlank(number) ? `${problem} ("${number.trim()}")` : problem;
  }
  return null;
}

/** A laptop model as people write it: "Lenovo" and "ThinkPad T14 Gen 2". */
export interface LaptopModelName {
  brand: string;
  model: string;
}

/** "Brand Model" as admins type it: the first word is the brand, the rest the model name. */
export function splitModelName(name: string): LaptopModelName {
  const [brand, ...model] = name.trim().split(/\s+/u);
  return { brand: brand ?? "", model: model.join(" ") };
}

/** The laptop models a part fits, each "Brand Model", within the compatibility tables' limits. */
export function compatibleModelsProblem(names: unknown): string | null {
  if (missing(names)) return null;
  if (!Array.isArray(names)) return "Compatible models must be a list of laptop models";
  if (names.length > MAX_MODELS_PER_PART) return `A part can list at most ${MAX_MODELS_PER_PART} laptop models`;
  for (const name of names) {
    if (!isText(name) || isBlank(name)) return `Each compatible model is ${MODEL_NAME_HINT}`;
    const { brand, model } = splitModelName(name);
    if (!model) return `"${name.trim()}" needs a model after its brand: ${MODEL_NAME_HINT}`;
    if (longerThan(brand, MAX_BRAND_LENGTH)) return `Brand must be at most ${MAX_BRAND_LENGTH} characters ("${brand}")`;
    if (longerThan(model, MAX_MODEL_LENGTH))
      return `Model must be at most ${MAX_MODEL_LENGTH} characters ("${name.trim()}")`;
  }
  return null;
}

/*
 * What shipping and tax need to know of a part (docs/product.md, "Shipping and tax"): its weight
 * (0 until someone weighs it), its dimensions where known, whether it is dangerous goods with its
 * battery's watt-hours, and its tax category.
 */

/** The heaviest part, in grams: a tonne. */
export const MAX_WEIGHT_GRAMS = 1_000_000;
/** The bounds of a dimension, in millimetres (ten metres at most). */
export const DIMENSION_MM = { min: 1, max: 10_000 } as const;
/** The largest battery, in watt-hours. */
export const MAX_BATTERY_WH = 10_000;
/** Above this, a lithium battery travels only as dangerous goods (IATA's lithium battery rules). */
export const DANGEROUS_BATTERY_WH = 100;
/** The category a part is taxed in unless an admin says otherwise. */
export const DEFAULT_TAX_CATEGORY: TaxCategory = "standard";
export { TAX_CATEGORIES, type TaxCategory };

/** The three dimensions, in the order a size is written (length × width × height). */
export const DIMENSION_FIELDS = ["lengthMm", "widthMm", "heightMm"] as const;
export type DimensionField = (typeof DIMENSION_FIELDS)[number];

export const WEIGHT_MESSAGE = `Weight must be a whole number of grams from 0 to ${grouped(MAX_WEIGHT_GRAMS)} (0 until it is weighed)`;
export const dimensionMessage = (field: DimensionField) =>
  `${PART_FIELD_LABELS[field]} must be a whole number of millimetres from ${grouped(DIMENSION_MM.min)} to ${grouped(DIMENSION_MM.max)}`;
export const DIMENSIONS_TOGETHER_MESSAGE =
  "Dimensions go together: give the length, width and height in millimetres, or none of them";
export const DANGEROUS_GOODS_MESSAGE = "Dangerous goods must be true or false";
export const BATTERY_MESSAGE = `Battery must be watt-hours above 0 and at most ${grouped(MAX_BATTERY_WH)}, with at most two decimals`;
export const TAX_CATEGORY_MESSAGE = `Tax category must be ${TAX_CATEGORIES.slice(0, -1).join(", ")} or ${TAX_CATEGORIES.at(-1)}`;
export const batteryNeedsDangerousGoodsMessage = (batteryWh: number) =>
  `A battery over ${DANGEROUS_BATTERY_WH} Wh (this one: ${batteryWh} Wh) must be marked as dangerous goods: carriers only take lithium batteries that large as dangerous goods`;

/** A weight in grams: whole, from 0 (not weighed yet) to a tonne. */
export function weightProblem(value: unknown): string | null {
  if (missing(value)) return null;
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_WEIGHT_GRAMS
    ? null
    : WEIGHT_MESSAGE;
}

/** One dimension in millimetres; null is none (the part's size is not known). */
export function dimensionProblem(field: DimensionField, value: unknown): string | null {
  if (missing(value)) return null;
  return Number.isSafeInteger(value) && (value as number) >= DIMENSION_MM.min && (value as number) <= DIMENSION_MM.max
    ? null
    : dimensionMessage(field);
}

/** A battery's watt-hours; null is none. Above 0, at most MAX_BATTERY_WH, in hundredths. */
export function batteryProblem(value: unknown): string | null {
  if (missing(value)) return null;
  if (typeof value !== "number" || !(value > 0) || value > MAX_BATTERY_WH) return BATTERY_MESSAGE;
  // A positive value too small for a hundredth (5e-324) would be stored as 0, which the column refuses.
  const hundredths = dollarsToCents(value);
  return hundredths === null || hundredths <= 0 ? BATTERY_MESSAGE : null;
}

/** Whether a value is one of the tax categories (as the API and the database name them). */
export const isTaxCategory = (value: unknown): value is TaxCategory =>
  (TAX_CATEGORIES as readonly unknown[]).includes(value);

/**
 * The dimensions given: all three or none. `cleared`: null means "no dimensions" (a change that
 * removes them) rather than "not given". Each missing one is named.
 */
export function dimensionsTogetherProblems(fields: PartFields, cleared: boolean): PartProblem[] {
  const state = (field: DimensionField) => {
    const value = fields[field];
    if (value === undefined || (value === null && !cleared)) return "absent";
    return value === null ? "none" : "given";
  };
  const states = DIMENSION_FIELDS.map(state);
  if (states.every((s) => s === "absent")) return [];
  if (states.every((s) => s === "given") || states.every((s) => s === "none")) return [];
  const wanted = states.includes("given") ? "given" : "none";
  return DIMENSION_FIELDS.filter((_, index) => states[index] !== wanted).map((field) => ({
    field,
    message: DIMENSIONS_TOGETHER_MESSAGE,
  }));
}

/** What shipping must know of a part as it will be: its battery and whether it is marked as dangerous goods. */
export interface ShippingFacts {
  batteryWh: number | null;
  dangerousGoods: boolean;
}

/** A battery over DANGEROUS_BATTERY_WH must be marked as dangerous goods (the problem names dangerousGoods). */
export function shippingFactsProblems({ batteryWh, dangerousGoods }: ShippingFacts): PartProblem[] {
  if (batteryWh === null || batteryWh <= DANGEROUS_BATTERY_WH || dangerousGoods) return [];
  return [{ field: "dangerousGoods", message: batteryNeedsDangerousGoodsMessage(batteryWh) }];
}

/**
 * What is wrong with one field's value, or null. `required`: the field must be given (a new
 * part's required field), so a missing or blank value is "required" rather than "cannot be blank".
 */
export function partFieldProblem(field: PartField, value: unknown, required = false): string | null {
  switch (field) {
    case "name":
    case "shortDesc":
      return textProblem(field, value, required);
    case "img":
      return imageProblem(value, required);
    case "images":
      if (missing(value)) return required ? requiredMessage("images") : null;
      return Array.isArray(value) && value.every(isText) ? imagesProblem(value) : "Images must be a list of URLs";
    case "price":
      return priceProblem(value, required);
    case "available":
    case "expectedAvailable":
    case "minOrderQuantity":
    case "lowStockThreshold":
      return wholeNumberProblem(field, value, required);
    case "partNumber":
      return missing(value) ? null : partNumberProblem(value);
    case "alternativeNumbers":
      return alternativeNumbersProblem(value);
    case "compatibleModels":
      return compatibleModelsProblem(value);
    case "weightGrams":
      return weightProblem(value);
    case "lengthMm":
    case "widthMm":
    case "heightMm":
      return dimensionProblem(field, value);
    case "dangerousGoods":
      return missing(value) || typeof value === "boolean" ? null : DANGEROUS_GOODS_MESSAGE;
    case "batteryWh":
      return batteryProblem(value);
    case "taxCategory":
      return missing(value) || isTaxCategory(value) ? null : TAX_CATEGORY_MESSAGE;
  }
}

/** A part's fields, as the API names them. */
export type PartFields = Partial<Record<PartField, unknown>>;

/** The fields a change clears with null (a part may have none): the others' null is "not changed". */
export const CLEARED_BY_NULL: readonly PartField[] = [...DIMENSION_FIELDS, "batteryWh"];

/**
 * What is wrong with the fields given (the object's own keys, undefined included), each problem
 * naming its field, in the order given, then the rules between fields. Creating, a required field
 * that is undefined, null or blank "is required"; changing, a null or undefined field is not
 * changed and so not judged (a dimension's or battery's null removes it).
 *
 * Dimensions are given together (all three, or, changing, all three null). A new part's battery
 * is judged with its dangerous-goods mark here; a change's needs the part as it is, so its service
 * asks shippingFactsProblems of the part as the change leaves it.
 */
export function partProblems(fields: PartFields, mode: PartMode): PartProblem[] {
  const problems: PartProblem[] = [];
  for (const field of Object.keys(fields) as PartField[]) {
    if (!(field in PART_FIELD_LABELS)) continue;
    const message = partFieldProblem(field, fields[field], mode === "create" && REQUIRED_TO_CREATE.includes(field));
    if (message) problems.push({ field, message });
  }
  if (problems.some((problem) => (DIMENSION_FIELDS as readonly string[]).includes(problem.field))) return problems;
  problems.push(...dimensionsTogetherProblems(fields, mode === "change"));
  if (mode === "create" && !problems.some((p) => p.field === "batteryWh" || p.field === "dangerousGoods"))
    problems.push(
      ...shippingFactsProblems({
        batteryWh: typeof fields.batteryWh === "number" ? fields.batteryWh : null,
        dangerousGoods: fields.dangerousGoods === true,
      }),
    );
  return problems;
}
