import { ArgsType, Field, ID, InputType, Int } from "type-graphql";
import { ArrayMaxSize, IsArray, IsInt, IsString, Max, Min, ValidateNested } from "class-validator";
import { MAX_CART_LINES } from "../../domain/orders/cart.service";
import { all, type PropertyDecorator } from "./fields";
import { MaxLength, NotBlank } from "./validation";

/* A customer's cart (kept by the shop once signed in, in the browser before) and its lines. */

@InputType({ description: "A quantity of a part: a line of a cart or of a checkout" })
export class CartLineInput {
  @Field(() => ID, { description: "The part (global id or databaseId)" })
  @IsString({ message: "The part is required" })
  @NotBlank("The part is required")
  @MaxLength(200, { message: "Part not found" })
  partId: string;

  @Field(() => Int, { description: "How many units: from the part's minimum order quantity up to what is available" })
  @IsInt({ message: "Quantity must be a whole number" })
  @Min(1, { message: "Quantity must be at least 1" })
  @Max(1_000_000, { message: "Quantity is larger than any stock" })
  quantity: number;
}

/** A list of cart lines, at most as many as a cart holds. */
export function CartLinesField(description: string): PropertyDecorator {
  return all(
    Field(() => [CartLineInput], { description }),
    IsArray({ message: "lines must be a list of parts and quantities" }),
    ArrayMaxSize(MAX_CART_LINES, { message: `A cart holds at most ${MAX_CART_LINES} lines` }),
    ValidateNested({ each: true }),
  );
}

@ArgsType()
export class CartLinesArgs {
  @CartLinesField(`Lines of a cart kept in the browser (at most ${MAX_CART_LINES})`)
  lines: CartLineInput[];
}

@ArgsType()
export class PartIdArgs {
  @Field(() => ID, { description: "The part (global id or databaseId)" })
  @IsString({ message: "The part is required" })
  @NotBlank("The part is required")
  @MaxLength(200, { message: "Part not found" })
  partId: string;
}

@ArgsType()
export class CartLineArgs {
  @Field(() => CartLineInput, { description: "The part and how many units" })
  @ValidateNested()
  line: CartLineInput;
}
