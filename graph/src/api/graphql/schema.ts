import "reflect-metadata";
import { GraphQLSchema, isInterfaceType, lexicographicSortSchema, specifiedDirectives } from "graphql";
import { printSchemaWithDirectives } from "@graphql-tools/utils";
import { buildSchemaSync } from "type-graphql";
import { authDirective, enforceAuthDirective } from "./auth-directive";
import { cachedDirective } from "./cache-directive";
import { LaptopModelResolver, PartResolver, ProductResolver, ReviewResolver } from "./resolvers/catalogue.resolver";
import { validateArgument } from "../inputs/validation";
import { nodeTypeName } from "./node";
import { NodeResolver } from "./resolvers/node.resolver";
import { OrderResolver } from "./resolvers/order.resolver";
import { UserResolver, ViewerResolver } from "./resolvers/user.resolver";
import { PaymentResolver } from "./resolvers/payment.resolver";
import { AuditResolver } from "./resolvers/audit.resolver";
import { OverviewResolver } from "./resolvers/overview.resolver";

export const resolvers = [
  NodeResolver,
  PartResolver,
  LaptopModelResolver,
  ProductResolver,
  ReviewResolver,
  OrderResolver,
  UserResolver,
  ViewerResolver,
  PaymentResolver,
  AuditResolver,
  OverviewResolver,
] as const;

let cached: GraphQLSchema | undefined;

/** The executable schema: type-graphql's output with the @auth directive enforced. */
export function buildShopSchema(): GraphQLSchema {
  cached ??= resolveNodesAtOnce(
    enforceAuthDirective(
      buildSchemaSync({
        resolvers,
        directives: [...specifiedDirectives, authDirective, cachedDirective],
        validateFn: validateArgument,
      }),
    ),
  );
  return cached;
}

/**
 * type-graphql wraps Node's resolveType in an async function; graphql-jit (edge/compiled-execution.ts)
 * needs the type at once, and the name is known at once.
 */
function resolveNodesAtOnce(schema: GraphQLSchema): GraphQLSchema {
  const node = schema.getType("Node");
  if (isInterfaceType(node)) node.resolveType = nodeTypeName;
  return schema;
}

/** The SDL committed as schema.graphql (sorted, so diffs are stable). */
export function printShopSchema(): string {
  return printSchemaWithDirectives(lexicographicSortSchema(buildShopSchema())) + "\n";
}
