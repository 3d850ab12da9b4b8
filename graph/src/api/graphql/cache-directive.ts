import { DirectiveLocation, GraphQLDirective, GraphQLEnumType, GraphQLList, GraphQLNonNull, GraphQLSchema } from "graphql";
import { getDirective } from "@graphql-tools/utils";
import type { ChangeTopic } from "../../domain/events";

/** Who a cached answer may be replayed to. */
export type CacheScope = "PUBLIC" | "VISITOR" | "CALLER";

const CacheScopeType = new GraphQLEnumType({
  name: "CacheScope",
  description:
    "Who a cached answer may be replayed to: PUBLIC anyone (shared by visitors, kept per caller for signed-in callers), VISITOR only requests without a caller, CALLER only its own signed-in caller",
  values: { PUBLIC: { value: "PUBLIC" }, VISITOR: { value: "VISITOR" }, CALLER: { value: "CALLER" } },
});

const ChangeTopicType = new GraphQLEnumType({
  name: "ChangeTopic",
  description:
    "A kind of change the database announces: CATALOGUE (parts and stock, products, reviews), ACCOUNTS (orders, profiles), USERS (accounts and roles)",
  values: { CATALOGUE: { value: "CATALOGUE" }, ACCOUNTS: { value: "ACCOUNTS" }, USERS: { value: "USERS" } },
});

/**
 * A root field's cache hint, in the spirit of Apollo's @cacheControl: its answer depends only on
 * what the listed topics cover, so the edge may replay it until one of them changes (edge/answer-cache.ts).
 */
export const cachedDirective = new GraphQLDirective({
  name: "cached",
  description:
    "The edge may answer this root field from memory until a change of one of `until` is committed (answers stay per caller where the scope says so)",
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: {
    until: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(ChangeTopicType))) },
    scope: { type: new GraphQLNonNull(CacheScopeType), defaultValue: "PUBLIC" },
  },
});

export interface CacheHint {
  scope: CacheScope;
  until: ChangeTopic[];
}

/** The cache hints of the root query fields, by field name. */
export function rootCacheHints(schema: GraphQLSchema): Map<string, CacheHint> {
  const hints = new Map<string, CacheHint>();
  const query = schema.getQueryType();
  for (const field of Object.values(query?.getFields() ?? {})) {
    const hint = getDirective(schema, field, "cached")?.[0];
    if (hint) hints.set(field.name, { scope: hint.scope as CacheScope, until: (hint.until as string[]).map((topic) => topic.toLowerCase() as ChangeTopic) });
  }
  return hints;
}
