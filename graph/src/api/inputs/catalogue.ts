import { ArgsType, Field, Float, ID, InputType, Int } from "type-graphql";
import { IsInt, IsOptional, IsString, Matches, Max, Min } from "class-validator";
import { all, HttpUrlField, OptionalText, RequiredText } from "./fields";
import { DollarAmount, MAX, MaxLength } from "./validation";
import { IMAGE_URL } from "../../domain/catalogue/part-rules";

/* What the catalogue takes besides parts: new arrivals (products, admins) and reviews (customers). */

@InputType({ description: "A review by the signed-in customer, of the shop or of one part" })
export class AddReviewInput {
  @RequiredText("Name", MAX.name, "The reviewer's name as shown with the review", "Name is Required")
  name: string;

  @Field(() => Int, { description: "1 to 5 stars" })
  @IsInt({ message: "Rating must be a whole number from 1 to 5" })
  @Min(1, { message: "Rating must be a whole number from 1 to 5" })
  @Max(5, { message: "Rating must be a whole number from 1 to 5" })
  ratings: number;

  @RequiredText("Description", MAX.description, "The review's text", "Description is Required")
  description: string;

  @HttpUrlField("Image URL", "Image is Required", "Image must be an http(s) URL", "http(s) URL of the uploaded image")
  img: string;

  @Field(() => ID, {
    nullable: true,
    description: "The part reviewed (global id or databaseId); leave out for a review of the shop",
  })
  @IsOptional()
  @IsString({ message: "partId must be the id of a part" })
  @MaxLength(200, { message: "Part not found" })
  partId?: string | null;
}

/* A product's fields, the same checks when it is added and when it is edited. */

const ProductQuantityField = () =>
  all(
    Field(() => Int, { nullable: true, description: "Units available, 0 to 10,000,000" }),
    IsOptional(),
    IsInt({ message: "Available quantity must be a whole number" }),
    Min(0, { message: "Available quantity cannot be negative" }),
    Max(10_000_000, { message: "Available quantity is too large" }),
  );

const ProductPriceField = () =>
  all(
    Field(() => Float, { nullable: true, description: "Price in dollars, at most two decimals, 0 to 1,000,000" }),
    IsOptional(),
    DollarAmount("Price must be an amount in dollars with at most two decimals"),
    Min(0, { message: "Price cannot be negative" }),
    Max(1_000_000, { message: "Price is too large" }),
  );

const ProductImageField = () =>
  all(
    Field(() => String, {
      nullable: true,
      description: `http(s) URL of the photo, or a path on this shop (/uploads/...); at most ${MAX.url.toLocaleString("en-US")} characters`,
    }),
    IsOptional(),
    IsString({ message: "Image must be an http(s) URL" }),
    MaxLength(MAX.url, { message: `Image URL must be at most ${MAX.url} characters` }),
    Matches(IMAGE_URL, { message: "Image must be an http(s) URL" }),
  );

const ProductMinQuantityField = () =>
  all(
    Field(() => Int, { nullable: true, description: "Smallest quantity one order takes, 0 to 10,000,000" }),
    IsOptional(),
    IsInt({ message: "Minimum quantity must be a whole number" }),
    Min(0, { message: "Minimum quantity cannot be negative" }),
    Max(10_000_000, { message: "Minimum quantity is too large" }),
  );

const ProductDescriptionField = () =>
  all(
    Field(() => String, {
      nullable: true,
      description: `What the product is, at most ${MAX.description.toLocaleString("en-US")} characters`,
    }),
    IsOptional(),
    IsString({ message: "Description must be text" }),
    MaxLength(MAX.description, { message: `Description must be at most ${MAX.description} characters` }),
  );

@InputType({ description: "A new arrival to list (admins): only the name is required" })
export class AddProductInput {
  @RequiredText("Name", MAX.productName, "The product's name")
  name: string;

  @ProductQuantityField()
  availableQuantity?: number | null;

  @ProductPriceField()
  price?: number | null;

  @ProductImageField()
  img?: string | null;

  @ProductMinQuantityField()
  minQuantity?: number | null;

  @ProductDescriptionField()
  description?: string | null;
}

@InputType({ description: "Changes to a new arrival (admins): only the fields given change" })
export class UpdateProductInput {
  @OptionalText("Name", MAX.productName, "The new name")
  name?: string | null;

  @ProductQuantityField()
  availableQuantity?: number | null;

  @ProductPriceField()
  price?: number | null;

  @ProductImageField()
  img?: string | null;

  @ProductMinQuantityField()
  minQuantity?: number | null;

  @ProductDescriptionField()
  description?: string | null;
}

/** The most related parts a part's page may ask for. */
export const RELATED_PARTS_MAX = 12;

@ArgsType()
export class RelatedPartsArgs {
  @Field(() => Int, { defaultValue: 4, description: `How many, 1 to ${RELATED_PARTS_MAX}` })
  @IsInt({ message: "first must be a whole number" })
  @Min(1, { message: "first must be at least 1" })
  @Max(RELATED_PARTS_MAX, { message: `first must be at most ${RELATED_PARTS_MAX}` })
  first: number = 4;
}
