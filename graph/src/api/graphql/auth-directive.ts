import { defaultFieldResolver, DirectiveLocation, GraphQLDirective, GraphQLEnumType, GraphQLNonNull, GraphQLSchema } from "graphql";
import { getDirective, MapperKind, mapSchema } from "@graphql-tools/utils";
import { authorize, Requirement } from "../../domain/actor";
import type { GraphContext } from "./context";

export const AuthRequirementType = new GraphQLEnumType({
  name: "AuthRequirement",
  description: "Who may use a field: any signed-in USER, or only an ADMIN",
  values: { USER: { value: "USER" }, ADMIN: { value: "ADMIN" } },
});

export const authDirective = new GraphQLDirective({
  name: "auth",
  description: "The field needs a signed-in caller (Authorization: Bearer <access token>) with at least this role",
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: { requires: { type: new GraphQLNonNull(AuthRequirementType), defaultValue: "USER" } },
});

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
