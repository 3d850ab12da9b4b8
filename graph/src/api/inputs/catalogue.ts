import { Field, Float, ID, InputType, Int } from "type-graphql";
import { IsInt, IsOptional, IsString, Matches, Max, Min } from "class-validator";
import { HttpUrlField, RequiredText } from "./fields";
import { DollarAmount, MAX, MaxLength } from "./validation";

/* What the catalogue takes besides parts: new arrivals (products, admins) and reviews (customers). */

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
