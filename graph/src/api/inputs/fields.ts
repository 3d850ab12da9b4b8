import { Field, Int } from "type-graphql";
import { IsInt, IsOptional, IsString, Matches, Max, Min } from "class-validator";
import { PHONE } from "../../domain/addresses/address-rules";
import { MAX, MaxLength, NotBlank } from "./validation";

/*
 * The field shapes several inputs share: each is a type-graphql field and its class-validator
 * checks in one decorator, so GraphQL and REST (parseInput) refuse the same values with the same words.
 */

const HTTP_URL = /^https?:\/\/[^\s]+$/i;
const SEARCH_MAX = 200;

export type PropertyDecorator = (target: object, propertyName: string) => void;
/** Applies decorators as if stacked in this order above a property (the last one runs first). */
export const all =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, propertyName) =>
    [...decorators].reverse().forEach((decorate) => decorate(target, propertyName));

/** Characters as the limits count them (Unicode code points, as PostgreSQL does). */
const atMost = (max: number) => `at most ${max.toLocaleString("en-US")} characters`;

/** A required, trimmed-non-blank text field (ill-formed text never gets this far: see text.ts). */
export function RequiredText(
  label: string,
  max: number,
  description: string,
  requiredMessage = `${label} is required`,
): PropertyDecorator {
  return all(
    Field(() => String, { description: `${description}; required, not blank, ${atMost(max)}` }),
    IsString({ message: requiredMessage }),
    NotBlank(requiredMessage),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );
}

export function PhoneField(): PropertyDecorator {
  return all(
    Field(() => String, { description: "Phone number: 4 to 20 digits, optionally with a leading +" }),
    IsString({ message: "Phone is required" }),
    NotBlank("Phone is required"),
    Matches(PHONE, { message: "Phone must be 4 to 20 digits" }),
  );
}

export function HttpUrlField(
  label: string,
  requiredMessage: string,
  invalidMessage: string,
  description: string,
): PropertyDecorator {
  return all(
    Field(() => String, { description: `${description}; required, ${atMost(MAX.url)}` }),
    IsString({ message: requiredMessage }),
    NotBlank(requiredMessage),
    MaxLength(MAX.url, { message: `${label} must be at most ${MAX.url} characters` }),
    Matches(HTTP_URL, { message: invalidMessage }),
  );
}

/** A whole number from `min` to `max`, required unless `optional`. */
export function WholeNumber(
  label: string,
  min: number,
  max: number,
  options: { optional?: boolean; description: string },
): PropertyDecorator {
  const bounds = `${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`;
  const range = `${label} must be a whole number from ${bounds}`;
  return all(
    Field(() => Int, { nullable: options.optional, description: `${options.description} (${bounds})` }),
    ...(options.optional ? [IsOptional()] : []),
    IsInt({ message: range }),
    Min(min, { message: range }),
    Max(max, { message: range }),
  );
}

/** Optional text that, when given, is not blank. */
export function OptionalText(label: string, max: number, description: string): PropertyDecorator {
  return all(
    Field(() => String, { nullable: true, description: `${description}; when given, not blank, ${atMost(max)}` }),
    IsOptional(),
    IsString({ message: `${label} must be text` }),
    NotBlank(`${label} cannot be blank`),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );
}

/** An admin list's free-text search. */
export function SearchField(description: string): PropertyDecorator {
  return all(
    Field(() => String, { nullable: true, description: `${description}; ${atMost(SEARCH_MAX)}` }),
    IsOptional(),
    IsString({ message: "search must be text" }),
    MaxLength(SEARCH_MAX, { message: `search must be at most ${SEARCH_MAX} characters` }),
  );
}
