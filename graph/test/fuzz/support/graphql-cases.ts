import fc from "fast-check";
import {
  getNamedType,
  GraphQLArgument,
  GraphQLInputType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  isNullableType,
} from "graphql";
import { authorizationOf, Caller } from "./callers";
import { HttpRequest, jsonBytes, printable } from "./http";
import { FuzzCase } from "./property";
import { percentEncode } from "./rest-cases";
import { GraphqlTarget } from "./targets";
import {
  anyText,
  extraKey,
  Hint,
  hintOf,
  hostileJson,
  hostileText,
  mood,
  Mood,
  plausible,
  rarely,
  wrongJson,
} from "./values";
import { World } from "./world";

/*
 * Operations on one root field, derived from the field's arguments and their types: each
 * argument missing or given, as a variable (declared with its own type, or a wrong one, or left
 * without a value) or as a literal, with a value built from its type (input objects field by
 * field, lists, enums, scalars) that is mostly well-typed, with real records' ids and plausible
 * values, so it reaches the resolvers and services, and sometimes of a wrong type.
 */

export interface GraphqlCase extends FuzzCase {
  caller: string;
}

/** An enum value: a bare name in a literal, a string in variables. */
class EnumValue {
  constructor(readonly name: string) {}
  toJSON() {
    return this.name;
  }
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Where a value is built: the case's mood, the field-name hint, the world's records, the nesting depth. */
interface ValueContext {
  world: World;
  mood: Mood;
  depth: number;
}

/** A value of the right type for `type`; the hint (from the argument or field name) shapes scalars. */
function wellTyped(type: GraphQLInputType, hint: Hint, context: ValueContext): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return wellTypedNullable(type.ofType, hint, context);
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 6, arbitrary: wellTypedNullable(type, hint, context) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

function wellTypedNullable(type: GraphQLInputType, hint: Hint, context: ValueContext): fc.Arbitrary<unknown> {
  const deeper = { ...context, depth: context.depth + 1 };
  if (isListType(type)) {
    const item = inputValue(type.ofType, hint, deeper);
    // A single value stands for a list of one (GraphQL's input coercion).
    return fc.oneof(fc.array(item, { maxLength: 3 }), item);
  }
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((value) => new EnumValue(value.name)));
  if (isInputObjectType(type)) {
    if (context.depth > 4) return fc.constant({});
    const fields = Object.values(type.getFields()).map((field) => {
      const entry = inputValue(field.type, hintOf(field.name), deeper).map((value) => [field.name, value] as const);
      return isNonNullType(field.type) ? entry : fc.option(entry, { nil: undefined, freq: 4 });
    });
    return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter((entry) => entry !== undefined)));
  }
  if (isScalarType(type)) return scalarValue(type.name, hint, context);
  return hostileJson;
}

function scalarValue(scalar: string, hint: Hint, { world, mood }: ValueContext): fc.Arbitrary<unknown> {
  const unlessPlausible = (wild: fc.Arbitrary<unknown>, tame: fc.Arbitrary<unknown>) =>
    mood === "plausible" ? tame : fc.oneof({ withCrossShrink: true }, tame, wild);
  switch (scalar) {
    case "String":
      return anyText(hint, world, mood);
    case "ID":
      return unlessPlausible(fc.integer(), anyText(hint === "text" ? "id" : hint, world, mood));
    case "Int":
      return unlessPlausible(
        fc.oneof(fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31)), fc.integer()),
        plausible("count", world),
      );
    case "Float":
      return unlessPlausible(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        plausible(hint === "text" ? "money" : hint, world),
      );
    case "Boolean":
      return fc.boolean();
    case "DateTimeISO":
      return unlessPlausible(
        hostileText,
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      );
    default:
      return unlessPlausible(hostileJson, anyText(hint, world, mood));
  }
}

/** A value for an input position: mostly well-typed, sometimes not (wrong JSON types, unknown fields, nesting); always well-typed in a plausible case. */
function inputValue(type: GraphQLInputType, hint: Hint, context: ValueContext): fc.Arbitrary<unknown> {
  if (context.mood === "plausible") return wellTyped(type, hint, context);
  const illTyped = isInputObjectType(getNamedType(type))
    ? fc.oneof(wrongJson, fc.dictionary(extraKey, hostileJson, { maxKeys: 3 }))
    : fc.oneof(wrongJson, hostileJson);
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 8, arbitrary: wellTyped(type, hint, context) },
    { weight: 1, arbitrary: illTyped },
  );
}

/** Text already written, on toLiteral's stack. */
class Written {
  constructor(readonly text: string) {}
}

/**
 * A JavaScript value as a GraphQL literal (keys that are not GraphQL names cannot be written and
 * are left out). Without recursion: hostile values nest thousands of levels deep, more than the
 * test's own stack holds.
 */
export function toLiteral(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (item instanceof Written) out.push(item.text);
    else if (item instanceof EnumValue) out.push(item.name);
    else if (item === null || item === undefined) out.push("null");
    else if (typeof item === "string") out.push(JSON.stringify(item));
    else if (typeof item === "number") out.push(Number.isFinite(item) ? String(item) : "null");
    else if (typeof item === "boolean") out.push(String(item));
    else {
      // Pushed in reverse: the opening comes off the stack first.
      const parts: unknown[] = [];
      if (Array.isArray(item)) {
        parts.push(new Written("["));
        item.forEach((element, index) => parts.push(...(index ? [new Written(", ")] : []), element));
        parts.push(new Written("]"));
      } else {
        const fields = Object.entries(item as Record<string, unknown>).filter(([key]) => GRAPHQL_NAME.test(key));
        parts.push(new Written("{"));
        fields.forEach(([key, field], index) => parts.push(new Written(`${index ? ", " : ""}${key}: `), field));
        parts.push(new Written("}"));
      }
      for (let index = parts.length - 1; index >= 0; index--) stack.push(parts[index]);
    }
  }
  return out.join("");
}

/** How one argument is passed. */
interface ArgumentPlan {
  name: string;
  value: unknown;
  how: "literal" | "variable" | "declared without a value" | "missing";
  /** The type the variable is declared with: the argument's own, mostly. */
  declaredType: string;
}

/** Declared types that do not fit most arguments. */
const WRONG_VARIABLE_TYPES = [
  "String",
  "String!",
  "Int",
  "Float!",
  "Boolean",
  "ID",
  "[String]",
  "[ID!]!",
  "DateTimeISO",
  "NoSuchType",
];

function argumentPlan(argument: GraphQLArgument, world: World, caseMood: Mood): fc.Arbitrary<ArgumentPlan> {
  const ownType = String(argument.type);
  const required = isNonNullType(argument.type) && argument.defaultValue === undefined;
  const value = inputValue(argument.type, hintOf(argument.name), { world, mood: caseMood, depth: 0 });
  if (caseMood === "plausible") {
    const how = required
      ? fc.constantFrom("variable" as const, "literal" as const)
      : fc.constantFrom("variable" as const, "literal" as const, "missing" as const);
    return fc.record({ name: fc.constant(argument.name), value, how, declaredType: fc.constant(ownType) });
  }
  return fc.record({
    name: fc.constant(argument.name),
    value,
    how: fc.oneof(
      { weight: 5, arbitrary: fc.constant("variable" as const) },
      { weight: 4, arbitrary: fc.constant("literal" as const) },
      { weight: 1, arbitrary: fc.constant("declared without a value" as const) },
      { weight: required ? 1 : 4, arbitrary: fc.constant("missing" as const) },
    ),
    declaredType: fc.oneof(
      { weight: 10, arbitrary: fc.constant(ownType) },
      { weight: 1, arbitrary: fc.constant(isNullableType(argument.type) ? `${ownType}!` : ownType.slice(0, -1)) },
      { weight: 1, arbitrary: fc.constantFrom(...WRONG_VARIABLE_TYPES) },
    ),
  });
}

/** The selection under a field: `{ __typename }` for objects (it cannot fail, so any error is the field's own), none for scalars. */
const selectionOf = (target: GraphqlTarget) =>
  isCompositeType(getNamedType(target.field.type)) ? " { __typename }" : "";

function operationText(
  target: GraphqlTarget,
  plans: ArgumentPlan[],
  unknownArgument: [string, unknown] | null,
  operationName: string | null,
): string {
  const definitions = plans
    .filter((plan) => plan.how === "variable" || plan.how === "declared without a value")
    .map((plan) => `$${plan.name}: ${plan.declaredType}`);
  const args = plans
    .filter((plan) => plan.how !== "missing")
    .map((plan) => `${plan.name}: ${plan.how === "literal" ? toLiteral(plan.value) : `$${plan.name}`}`);
  if (unknownArgument) args.push(`${unknownArgument[0]}: ${toLiteral(unknownArgument[1])}`);
  const header = `${target.operation}${operationName ? ` ${operationName}` : ""}${definitions.length ? `(${definitions.join(", ")})` : ""}`;
  return `${header} { ${target.field.name}${args.length ? `(${args.join(", ")})` : ""}${selectionOf(target)} }`;
}

/** A GraphQL request's fields for one operation on one root field. */
export interface GraphqlPayload {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

/** Operations on one root field: in a plausible mood, well-formed ones that reach the resolver. */
export function operationArbitrary(target: GraphqlTarget, world: World, caseMood: Mood): fc.Arbitrary<GraphqlPayload> {
  const wild = <T>(arbitrary: fc.Arbitrary<T | null>) => (caseMood === "plausible" ? fc.constant(null) : arbitrary);
  return fc
    .record({
      plans: fc.tuple(...target.field.args.map((argument) => argumentPlan(argument, world, caseMood))),
      unknownArgument: wild(rarely(fc.tuple(fc.stringMatching(/^[a-z][A-Za-z]{0,8}$/), hostileJson), 10)),
      operationName: fc.option(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/)),
      sendOperationName: fc.boolean(),
      extraVariables: wild(rarely(fc.dictionary(extraKey, hostileJson, { maxKeys: 2 }), 6)),
    })
    .map(({ plans, unknownArgument, operationName, sendOperationName, extraVariables }) => {
      const variables: Record<string, unknown> = { ...extraVariables };
      for (const plan of plans) if (plan.how === "variable") variables[plan.name] = plan.value;
      const payload: GraphqlPayload = {
        query: operationText(target, plans, unknownArgument, operationName),
        variables,
      };
      if (operationName && sendOperationName) payload.operationName = operationName;
      return payload;
    });
}

export function graphqlCases(
  target: GraphqlTarget,
  world: World,
  callers: fc.Arbitrary<Caller>,
): fc.Arbitrary<GraphqlCase> {
  return mood
    .chain((caseMood) =>
      fc.record({
        caller: callers,
        payload: operationArbitrary(target, world, caseMood),
        // Queries also over GET, one time in four.
        overGet: target.operation === "query" ? rarely(fc.constant(true), 4).map(Boolean) : fc.constant(false),
      }),
    )
    .map(({ caller, payload, overGet }) => {
      const request = overGet ? overHttpGet(payload, caller) : overHttpPost(payload, caller);
      return printable({ request, caller: caller.name });
    });
}

function overHttpPost(payload: GraphqlPayload, caller: Caller): HttpRequest {
  return {
    method: "POST",
    path: "/graphql",
    headers: { accept: "application/json", "content-type": "application/json", ...authorizationOf(caller) },
    body: jsonBytes(payload),
    shownAuthorization: caller.shown,
  };
}

/** A query over GET, as Apollo takes it: each request field a query parameter, objects as JSON; the CSRF header set. */
function overHttpGet(payload: GraphqlPayload, caller: Caller): HttpRequest {
  const parameters = Object.entries(payload).map(
    ([key, value]) => `${key}=${percentEncode(typeof value === "string" ? value : JSON.stringify(value))}`,
  );
  return {
    method: "GET",
    path: `/graphql?${parameters.join("&")}`,
    headers: { accept: "application/json", "apollo-require-preflight": "true", ...authorizationOf(caller) },
    shownAuthorization: caller.shown,
  };
}
