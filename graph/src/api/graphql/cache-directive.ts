import {
  DirectiveLocation,
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLSchema,
} from "graphql";
import { getDirective } from "@graphql-tools/utils";
import type { ChangeTopic } from "../../domain/change-feed";

/** Who a cached answer may be replayed to. */
export type CacheScope = "PUBLIC" | "VISITOR" | "CALLER";

const CacheScopeType = new GraphQLEnumType({
  name: "CacheScope",
  description:
    "Who a cached answer may be replayed to: PUBLIC anyone (shared by visitors, kept per caller for signed-in callers), VISITOR only requests without a caller, CALLER only its own signed-in caller",
  values: {
    PUBLIC: { value: "PUBLIC", description: "Anyone: one answer shared by visitors, one per signed-in caller" },
    VISITOR: {
      value: "VISITOR",
      description: "Only requests without a caller (signed-in callers are never answered from memory)",
    },
    CALLER: { value: "CALLER", description: "Only the signed-in caller it was made for" },
  },
});

const ChangeTopicType = new GraphQLEnumType({
  name: "ChangeTopic",
  description:
    "A kind of change the database announces: CATALOGUE (parts and stock, products, reviews), ACCOUNTS (orders, profiles), USERS (accounts and roles)",
  values: {
    CATALOGUE: { value: "CATALOGUE", description: "Parts and their stock, products, reviews, laptop models" },
    ACCOUNTS: { value: "ACCOUNTS", description: "Orders and profiles" },
    USERS: { value: "USERS", description: "Accounts and their roles" },
  },
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
    until: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(ChangeTopicType))),
      description:
        "The kinds of change that end a kept answer; none for the shop's own settings, which only a restart changes",
    },
    scope: {
      type: new GraphQLNonNull(CacheScopeType),
      defaultValue: "PUBLIC",
      description: "Who a kept answer may be replayed to",
    },
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
    if (hint)
      hints.set(field.name, {
        scope: hint.scope as CacheScope,
        until: (hint.until as string[]).map((topic) => topic.toLowerCase() as ChangeTopic),
      });
  }
  return hints;
}
