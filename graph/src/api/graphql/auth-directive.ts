import {
  defaultFieldResolver,
  DirectiveLocation,
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
} from "graphql";
import { getDirective, MapperKind, mapSchema } from "@graphql-tools/utils";
import { authorize, Requirement } from "../../domain/actor";
import type { GraphContext } from "./context";

export const AuthRequirementType = new GraphQLEnumType({
  name: "AuthRequirement",
  description: "Who may use a field: any signed-in USER, or only an ADMIN",
  values: {
    USER: { value: "USER", description: "Any signed-in user, customer or admin" },
    ADMIN: { value: "ADMIN", description: "Admins only" },
  },
});

export const authDirective = new GraphQLDirective({
  name: "auth",
  description: "The field needs a signed-in caller (Authorization: Bearer <access token>) with at least this role",
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: {
    requires: {
      type: new GraphQLNonNull(AuthRequirementType),
      defaultValue: "USER",
      description: "The least role that may use the field",
    },
  },
});

/** What a root field's description says of its callers, by its @auth requirement (none: anyone). */
const WHO_MAY_CALL: Record<Requirement | "ANYONE", string> = {
  ANYONE: "Who may call it: anyone, no token needed.",
  USER: "Who may call it: any signed-in user, with `Authorization: Bearer <access token>`; without one, UNAUTHENTICATED.",
  ADMIN:
    "Who may call it: admins only, with `Authorization: Bearer <access token>`; a customer gets FORBIDDEN, a visitor UNAUTHENTICATED.",
};

const ROOT_DESCRIPTIONS = {
  Query:
    "Reads: the catalogue for anyone; a signed-in user's own orders and profile; every order, user, the history and the overview for admins",
  Mutation:
    "Writes: signing in, orders and payments, reviews and profiles for customers; parts, products, roles and cancellations for admins",
};

/**
 * Sandbox and other clients read the schema by introspection, which shows descriptions but not
 * directives: each root field's description ends with who may call it, read from its @auth (the
 * directive stays the one rule that is enforced, and this text cannot disagree with it).
 */
export function describeWhoMayCall(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.ROOT_OBJECT]: (type) => {
      const description = ROOT_DESCRIPTIONS[type.name as keyof typeof ROOT_DESCRIPTIONS];
      return description ? new GraphQLObjectType({ ...type.toConfig(), description }) : type;
    },
    [MapperKind.ROOT_FIELD]: (fieldConfig) => {
      const requirement =
        (getDirective(schema, fieldConfig, "auth")?.[0]?.requires as Requirement | undefined) ?? "ANYONE";
      return {
        ...fieldConfig,
        description: [fieldConfig.description, WHO_MAY_CALL[requirement]].filter(Boolean).join(". "),
      };
    },
  });
}

/** Role requirements live in the schema as @auth; this is the one place that enforces them. */
export function enforceAuthDirective(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (fieldConfig) => {
      const directive = getDirective(schema, fieldConfig, "auth")?.[0];
      if (!directive) return fieldConfig;
      const requirement = directive.requires as Requirement;
      const resolve = fieldConfig.resolve ?? defaultFieldResolver;
      return {
        ...fieldConfig,
        resolve: async (source, args, context: GraphContext, info) => {
          authorize(await context.actor(), requirement);
          return resolve(source, args, context, info);
        },
      };
    },
  });
}
