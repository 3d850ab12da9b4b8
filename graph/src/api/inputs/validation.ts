import {
  ValidationError,
  ValidationOptions,
  ValidatorOptions,
  getMetadataStorage,
  registerDecorator,
  validate,
  validateOrReject,
} from "class-validator";
import type { ValidationMetadata } from "class-validator/types/metadata/ValidationMetadata";
import { ArgumentValidationError } from "type-graphql";
import { badInput } from "../../domain/errors";
import { dollarsToCents } from "../../domain/money";
export { MAX } from "../../domain/limits";

/** A string with at least one visible character: blank strings count as missing. */
export function NotBlank(message: string, options: ValidationOptions = {}) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: "notBlank",
      target: object.constructor,
      propertyName,
      options: { message, ...options },
      validator: { validate: (value: unknown) => typeof value === "string" && /\S/.test(value) },
    });
}

/**
 * At most `max` characters, counted as PostgreSQL counts them (Unicode code points), so text
 * that passes here always fits its varchar(max) column. (class-validator's MaxLength skips
 * emoji variation selectors, so "❤️" x 80 passed as 80 and failed in the database as 160.)
 */
export function MaxLength(max: number, options: ValidationOptions = {}) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: "maxLength",
      target: object.constructor,
      propertyName,
      constraints: [max],
      options: { message: `${propertyName} must be at most ${max} characters`, ...options },
      validator: { validate: (value: unknown) => typeof value !== "string" || [...value].length <= max },
    });
}

/**
 * An amount in dollars with at most two decimals, as the shop stores it (integer cents). Any
 * number notation is judged by its value: 1e-7 is not a price, 12.5 is.
 */
export function DollarAmount(message: string, options: ValidationOptions = {}) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: "dollarAmount",
      target: object.constructor,
      propertyName,
      options: { message, ...options },
      validator: {
        validate: (value: unknown) =>
          value === null || value === undefined || (typeof value === "number" && dollarsToCents(value) !== null),
      },
    });
}

/**
 * An email that identifies someone is plain ASCII, as the spec's email pattern is: a look-alike
 * ("аdmin" with a Cyrillic а, a fullwidth "ａdmin") would be another account that reads the same.
 */
export function IdentityEmail(label: string, options: ValidationOptions = {}) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: "identityEmail",
      target: object.constructor,
      propertyName,
      options: {
        message: `${label} must be written in plain ASCII letters, digits and symbols (no look-alike characters)`,
        ...options,
      },
      validator: { validate: (value: unknown) => typeof value !== "string" || /^[\x21-\x7e]*$/.test(value.trim()) },
    });
}

export function describeValidationErrors(errors: ValidationError[]): {
  message: string;
  fields: Record<string, string[]>;
} {
  const fields: Record<string, string[]> = {};
  const messages: string[] = [];
  const walk = (list: ValidationError[], prefix: string) => {
    for (const error of list) {
      const key = prefix + error.property;
      const constraintMessages = Object.values(error.constraints ?? {});
      if (constraintMessages.length) {
        fields[key] = constraintMessages;
        // The first message per field is enough for a person; the rest are in `fields`.
        messages.push(constraintMessages[constraintMessages.length - 1]);
      }
      if (error.children?.length) walk(error.children, `${key}.`);
    }
  };
  walk(errors, "");
  return { message: messages.join("; ") || "Invalid input", fields };
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Builds a validated input object from an untrusted JSON value: unknown fields are dropped,
 * types are checked as they are (no coercion: "5" is not a number).
 */
export async function parseInput<T extends object>(InputClass: new () => T, body: unknown): Promise<T> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badInput("Expected a JSON object in the request body");
  }
  const input = new InputClass();
  for (const [key, value] of Object.entries(body)) {
    if (!FORBIDDEN_KEYS.has(key)) (input as Record<string, unknown>)[key] = value;
  }
  await assertValid(input);
  return input;
}

export async function assertValid(input: object): Promise<void> {
  const errors = await validate(input, { whitelist: true, forbidUnknownValues: true, stopAtFirstError: false });
  if (errors.length) {
    const { message, fields } = describeValidationErrors(errors);
    throw badInput(message, { fields });
  }
}

/** What type-graphql's own argument validation passes to class-validator (see validateArgument). */
const ARGUMENT_VALIDATION: ValidatorOptions = { forbidUnknownValues: false, skipMissingProperties: true };
const isObject = (value: unknown): value is object => value !== null && typeof value === "object";

/**
 * type-graphql's argument validation, as its default does it (input objects and lists of them,
 * through class-validator), given as its `validateFn`: its default loads class-validator with a
 * dynamic `require` on every validated argument (in the profile of a query past the cache).
 */
export async function validateArgument(value: unknown): Promise<void> {
  if (!isObject(value)) return;
  try {
    if (Array.isArray(value))
      await Promise.all(value.filter(isObject).map((item) => validateOrReject(item, ARGUMENT_VALIDATION)));
    else await validateOrReject(value, ARGUMENT_VALIDATION);
  } catch (errors) {
    throw new ArgumentValidationError(errors as ValidationError[]);
  }
}

/**
 * class-validator looks a class's rules up again on every validation, walking every class it
 * knows for inherited ones, and groups them by property, a cost the profile of queries past the
 * answer cache shows. The rules of a class are fixed once its
 * module has loaded, so both are kept per class and schema name (a nested object is validated
 * under its class's name as the schema), without groups (the only way the shop validates), and
 * forgotten whenever a rule is added.
 */
function rememberRulesPerClass(): void {
  const storage = getMetadataStorage();
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let rulesOf = new Map<Parameters<typeof lookUp>[0], Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], ReturnType<typeof group>>();
  storage.addValidationMetadata = (rule) => {
    rulesOf = new Map();
    grouped = new WeakMap();
    addRule(rule);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (always || strictGroups || groups?.length) return lookUp(target, schema, always, strictGroups, groups);
    let bySchema = rulesOf.get(target);
    if (!bySchema) rulesOf.set(target, (bySchema = new Map()));
    let rules = bySchema.get(schema ?? "");
    if (!rules) bySchema.set(schema ?? "", (rules = lookUp(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.groupByPropertyName = (rules) => {
    let byProperty = grouped.get(rules);
    if (!byProperty) grouped.set(rules, (byProperty = group(rules)));
    return byProperty;
  };
}
rememberRulesPerClass();
