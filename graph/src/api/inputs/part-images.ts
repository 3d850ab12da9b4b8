import { ArgsType, Field, ID, InputType } from "type-graphql";
import { ArrayMaxSize, IsArray, IsOptional, IsString, registerDecorator } from "class-validator";
import { ALT_TOO_LONG_MESSAGE, imageProblem, MAX_ALT_LENGTH, MAX_PART_IMAGES } from "../../domain/catalogue/part-rules";
import { all, WholeNumber, type PropertyDecorator } from "./fields";
import { MAX, MaxLength, NotBlank } from "./validation";

/* A part's images (admins): adding one by URL, reordering them, their alt text, removing one. */

/** A URL given (blank is "required", above): the part rules' image rule, its size and its form. */
const ImageUrl = (): PropertyDecorator => (target, propertyName) =>
  registerDecorator({
    name: "partImageUrl",
    target: target.constructor,
    propertyName,
    options: { message: (args) => imageProblem(args.value, true) ?? "" },
    validator: {
      validate: (value: unknown) =>
        typeof value !== "string" || !/\S/.test(value) || imageProblem(value, true) === null,
    },
  });

function AltField(optional: boolean): PropertyDecorator {
  return all(
    Field(() => String, {
      nullable: optional,
      description: `What the image shows, read to those who cannot see it; at most ${MAX_ALT_LENGTH} characters, "" for none`,
    }),
    ...(optional ? [IsOptional()] : []),
    IsString({ message: "Alt text must be text" }),
    MaxLength(MAX_ALT_LENGTH, { message: ALT_TOO_LONG_MESSAGE }),
  );
}

@InputType({
  description: "An image to add to a part: an upload of this shop (POST /upload answers its URL) or an image elsewhere",
})
export class AddPartImageInput {
  @Field(() => String, {
    description: `http(s) URL of the image, or a path on this shop (/uploads/...); at most ${MAX.url.toLocaleString("en-US")} characters`,
  })
  @IsString({ message: "Image URL is required" })
  @NotBlank("Image URL is required")
  @ImageUrl()
  url: string;

  @AltField(true)
  alt?: string | null;

  @WholeNumber("Position", 0, MAX_PART_IMAGES, {
    optional: true,
    description: "Where it goes among the part's images, 0 first; at the end when left out",
  })
  position?: number | null;
}

@ArgsType()
export class PartImageArgs {
  @Field(() => ID, { description: "The part: a global id, or its databaseId" })
  @IsString()
  @MaxLength(200, { message: "Not a valid id" })
  partId: string;
}

@ArgsType()
export class ReorderPartImagesArgs extends PartImageArgs {
  @Field(() => [ID], {
    description: "Every one of the part's image ids, once each, in the new order (first: its main image)",
  })
  @IsArray({ message: "imageIds must be a list of the part's image ids" })
  @ArrayMaxSize(MAX_PART_IMAGES, { message: `A part has at most ${MAX_PART_IMAGES} images` })
  @IsString({ each: true, message: "imageIds must be a list of the part's image ids" })
  @MaxLength(200, { each: true, message: "Not a valid id" })
  imageIds: string[];
}

@ArgsType()
export class PartImageIdArgs {
  @Field(() => ID, { description: "The image's id (PartImage.id)" })
  @IsString()
  @MaxLength(200, { message: "Not a valid id" })
  imageId: string;
}

@ArgsType()
export class SetPartImageAltArgs extends PartImageIdArgs {
  @AltField(false)
  alt: string;
}
