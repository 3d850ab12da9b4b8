import { ArgsType, Field, ID, Int } from "type-graphql";
import { IsInt, IsOptional, IsString, Max, Min } from "class-validator";
import { MaxLength } from "./validation";

/*
 * The edge's validation: the input classes in this folder check GraphQL arguments (type-graphql
 * runs class-validator) and REST bodies (parseInput) alike, one file per feature. Business rules
 * that need the database (stock, ownership, state) live in the services.
 */

export const PAGE_MAX = 100;

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

@ArgsType()
export class IdArgs {
  @Field(() => ID, { description: "A global id, or the record's databaseId" })
  @IsString()
  @MaxLength(200, { message: "Not a valid id" })
  id: string;
}
