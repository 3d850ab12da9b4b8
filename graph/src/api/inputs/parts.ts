import { ArgsType, Field, Float, InputType, Int, registerEnumType } from "type-graphql";
import { IsBoolean, IsEnum, IsOptional, IsString, registerDecorator } from "class-validator";
import {
  DANGEROUS_BATTERY_WH,
  DIMENSION_MM,
  MAX_ALTERNATIVE_NUMBERS,
  MAX_BATTERY_WH,
  MAX_WEIGHT_GRAMS,
  PART_NUMBER_RULE,
  partFieldProblem,
  type PartField,
  splitModelName,
  TEXT_LIMITS,
  type TaxCategory,
  WHOLE_NUMBER_BOUNDS,
} from "../../domain/catalogue/part-rules";
import { PartStatusFilter } from "../../domain/catalogue/part.service";
import { STOCK } from "../../domain/limits";
import { IdArgs, PageArgs } from "./common";
import { all, SearchField, WholeNumber, type PropertyDecorator } from "./fields";
import { TaxCategoryValue } from "./tax-category";
import { MaxLength, NotBlank } from "./validation";

/* Running the catalogue (admins): creating, editing, restocking and listing parts. */

export { splitModelName };

/**
 * A part's field, judged by its rule (domain/catalogue/part-rules.ts): one check, one message
 * saying what is wrong, the same the CSV import and the web app's form give. `required`: a new
 * part's field that must be given; the others may be left out (null).
 */
function PartRule(field: PartField, required: boolean): PropertyDecorator {
  return all(...(required ? [] : [IsOptional()]), (target: object, propertyName: string) =>
    registerDecorator({
      name: "partRule",
      target: target.constructor,
      propertyName,
      options: { message: (args) => partFieldProblem(field, args.value, required) ?? "" },
      validator: { validate: (value: unknown) => partFieldProblem(field, value, required) === null },
    }),
  );
}

const atMost = (max: number) => `at most ${max.toLocaleString("en-US")} characters`;

/** A name or description: text, not blank, within its length once trimmed. */
function PartText(field: "name" | "shortDesc", required: boolean, description: string): PropertyDecorator {
  const max = TEXT_LIMITS[field];
  return all(
    Field(() => String, {
      nullable: !required,
      description: `${description}; ${required ? "required" : "when given"}, not blank, ${atMost(max)}`,
    }),
    PartRule(field, required),
  );
}

/** Stock, minimum order quantity, threshold: a whole number within its bounds. */
function PartWholeNumber(
  field: keyof typeof WHOLE_NUMBER_BOUNDS,
  required: boolean,
  description: string,
): PropertyDecorator {
  const { min, max } = WHOLE_NUMBER_BOUNDS[field];
  const bounds = `${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`;
  return all(
    Field(() => Int, { nullable: !required, description: `${description} (${bounds})` }),
    PartRule(field, required),
  );
}

function PriceField(required: boolean): PropertyDecorator {
  return all(
    Field(() => Float, { nullable: !required, description: "Unit price in dollars, at most two decimals" }),
    PartRule("price", required),
  );
}

function ImageField(required: boolean): PropertyDecorator {
  return all(
    Field(() => String, {
      nullable: !required,
      description: "http(s) URL of the photo, or a path on this shop (/uploads/..., /images/...)",
    }),
    PartRule("img", required),
  );
}

/** A list of "Brand Model" names: each a brand and a model within the compatibility tables' limits. */
function ModelNamesField(): PropertyDecorator {
  return all(
    Field(() => [String], {
      nullable: true,
      description: `The laptop models it fits, each "Brand Model" (the first word is the brand), e.g. "Lenovo ThinkPad T14 Gen 2". Replaces the list; an empty list clears it`,
    }),
    PartRule("compatibleModels", false),
  );
}

/** A manufacturer's part number as printed: letters and digits in groups joined by dashes. */
function PartNumberField(description: string): PropertyDecorator {
  return all(
    Field(() => String, { nullable: true, description }),
    PartRule("partNumber", false),
  );
}

/** Alternative numbers (FRU, OEM): a list of part numbers. */
function AlternativeNumbersField(): PropertyDecorator {
  return all(
    Field(() => [String], {
      nullable: true,
      description: `Numbers the part replaces or is also sold as (FRU, OEM numbers), each ${PART_NUMBER_RULE}; at most ${MAX_ALTERNATIVE_NUMBERS}. Replaces the list; an empty list clears it`,
    }),
    PartRule("alternativeNumbers", false),
  );
}

/* What shipping and tax need to know of a part, the same fields creating and changing it. */

const grouped = (value: number) => value.toLocaleString("en-US");

function WeightField(creating: boolean): PropertyDecorator {
  return all(
    Field(() => Int, {
      nullable: true,
      description: `Its weight in grams as it ships, 0 to ${grouped(MAX_WEIGHT_GRAMS)}; 0 means not weighed yet${creating ? " (the default)" : ""}`,
    }),
    PartRule("weightGrams", false),
  );
}

function DimensionField(
  field: "lengthMm" | "widthMm" | "heightMm",
  name: string,
  creating: boolean,
): PropertyDecorator {
  return all(
    Field(() => Int, {
      nullable: true,
      description: `Its ${name} in millimetres, ${DIMENSION_MM.min} to ${grouped(DIMENSION_MM.max)}: the three dimensions are given together or not at all${creating ? "" : "; all three null remove them"}`,
    }),
    PartRule(field, false),
  );
}

function DangerousGoodsField(creating: boolean): PropertyDecorator {
  return all(
    Field(() => Boolean, {
      nullable: true,
      description: `Carriers take it only as dangerous goods; required of a battery over ${DANGEROUS_BATTERY_WH} Wh${creating ? " (default false)" : ""}`,
    }),
    PartRule("dangerousGoods", false),
  );
}

function BatteryField(creating: boolean): PropertyDecorator {
  return all(
    Field(() => Float, {
      nullable: true,
      description: `The watt-hours of the battery it is or holds, above 0 and at most ${grouped(MAX_BATTERY_WH)}, two decimals at most${creating ? "" : "; null removes it"}`,
    }),
    PartRule("batteryWh", false),
  );
}

function TaxCategoryField(creating: boolean): PropertyDecorator {
  return all(
    Field(() => TaxCategoryValue, {
      nullable: true,
      description: `Which of its zone's tax rates applies${creating ? " (default STANDARD)" : ""}`,
    }),
    PartRule("taxCategory", false),
  );
}

@InputType({ description: "A new part: on sale as soon as it is created" })
export class CreatePartInput {
  @PartText("name", true, "The part's name as shoppers see it")
  name: string;

  @PartNumberField(
    `The manufacturer's part number as printed, ${PART_NUMBER_RULE}; unique. Left out, the shop gives it a number of its own, PS-000123`,
  )
  partNumber?: string | null;

  @AlternativeNumbersField()
  alternativeNumbers?: string[] | null;

  @PartText("shortDesc", true, "A short description for the catalogue card")
  shortDesc: string;

  @ImageField(true)
  img: string;

  @PriceField(true)
  price: number;

  @PartWholeNumber("available", true, "Units in stock")
  available: number;

  @PartWholeNumber("minOrderQuantity", true, "Smallest quantity one order takes")
  minOrderQuantity: number;

  @PartWholeNumber("lowStockThreshold", false, "Listed as low on stock at or below this, default 10")
  lowStockThreshold?: number | null;

  @ModelNamesField()
  compatibleModels?: string[] | null;

  @WeightField(true)
  weightGrams?: number | null;

  @DimensionField("lengthMm", "length", true)
  lengthMm?: number | null;

  @DimensionField("widthMm", "width", true)
  widthMm?: number | null;

  @DimensionField("heightMm", "height", true)
  heightMm?: number | null;

  @DangerousGoodsField(true)
  dangerousGoods?: boolean | null;

  @BatteryField(true)
  batteryWh?: number | null;

  @TaxCategoryField(true)
  taxCategory?: TaxCategory | null;
}

@InputType({ description: "Changes to a part: only the fields given change; a new stock figure needs the one you saw" })
export class UpdatePartInput {
  @PartText("name", false, "The new name")
  name?: string | null;

  @PartNumberField(`The manufacturer's part number as printed, ${PART_NUMBER_RULE}; unique`)
  partNumber?: string | null;

  @AlternativeNumbersField()
  alternativeNumbers?: string[] | null;

  @PartText("shortDesc", false, "The new short description")
  shortDesc?: string | null;

  @ImageField(false)
  img?: string | null;

  @PriceField(false)
  price?: number | null;

  @PartWholeNumber("available", false, "The new stock: units available to order")
  available?: number | null;

  @PartWholeNumber(
    "expectedAvailable",
    false,
    "The stock you saw before editing; required with available. CONFLICT if orders moved it meanwhile",
  )
  expectedAvailable?: number | null;

  @PartWholeNumber("minOrderQuantity", false, "The new minimum order quantity")
  minOrderQuantity?: number | null;

  @PartWholeNumber("lowStockThreshold", false, "The new low-stock threshold")
  lowStockThreshold?: number | null;

  @ModelNamesField()
  compatibleModels?: string[] | null;

  @WeightField(false)
  weightGrams?: number | null;

  @DimensionField("lengthMm", "length", false)
  lengthMm?: number | null;

  @DimensionField("widthMm", "width", false)
  widthMm?: number | null;

  @DimensionField("heightMm", "height", false)
  heightMm?: number | null;

  @DangerousGoodsField(false)
  dangerousGoods?: boolean | null;

  @BatteryField(false)
  batteryWh?: number | null;

  @TaxCategoryField(false)
  taxCategory?: TaxCategory | null;
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
