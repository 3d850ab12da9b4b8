import "reflect-metadata";
import {
  GraphQLFieldResolver,
  GraphQLSchema,
  isInterfaceType,
  isObjectType,
  lexicographicSortSchema,
  specifiedDirectives,
} from "graphql";
import { getDirective, printSchemaWithDirectives } from "@graphql-tools/utils";
import { buildSchemaSync } from "type-graphql";
import { authDirective, describeWhoMayCall, enforceAuthDirective } from "./auth-directive";
import { cachedDirective } from "./cache-directive";
import { LaptopModelResolver, PartResolver, ProductResolver, ReviewResolver } from "./resolvers/catalogue.resolver";
import { validateArgument } from "../inputs/validation";
import { nodeTypeName } from "./node";
import { NodeResolver } from "./resolvers/node.resolver";
import { OrderResolver } from "./resolvers/order.resolver";
import { InvoiceResolver, OrderDocumentsResolver } from "./resolvers/invoice.resolver";
import { CheckoutResolver } from "./resolvers/checkout.resolver";
import { CartResolver } from "./resolvers/cart.resolver";
import { AddressResolver, ViewerAddressesResolver } from "./resolvers/address.resolver";
import { UserResolver, ViewerResolver } from "./resolvers/user.resolver";
import { PaymentResolver } from "./resolvers/payment.resolver";
import { AuditResolver } from "./resolvers/audit.resolver";
import { OverviewResolver } from "./resolvers/overview.resolver";
import { PartImportResolver } from "./resolvers/part-import.resolver";
import { CustomerResolver } from "./resolvers/customer.resolver";
import { PartImageResolver, ProductImageResolver, ReviewImageResolver } from "./resolvers/image.resolver";
import { ShippingMethodResolver, ShippingZoneResolver, TaxZoneResolver } from "./resolvers/zones.resolver";
import { SaleQuoteLineResolver, SaleResolver } from "./resolvers/sale.resolver";
import {
  CheckoutSummaryResolver,
  OrderSaleResolver,
  PartShownPriceResolver,
  PriceDisplayResolver,
} from "./resolvers/sale-display.resolver";
import { FulfilmentResolver, OrderFulfilmentResolver, ShipmentLineResolver } from "./resolvers/fulfilment.resolver";

export const resolvers = [
  NodeResolver,
  PartResolver,
  LaptopModelResolver,
  ProductResolver,
  ReviewResolver,
  OrderResolver,
  OrderDocumentsResolver,
  InvoiceResolver,
  CheckoutResolver,
  CartResolver,
  AddressResolver,
  ViewerAddressesResolver,
  UserResolver,
  ViewerResolver,
  PaymentResolver,
  AuditResolver,
  OverviewResolver,
  PartImportResolver,
  CustomerResolver,
  PartImageResolver,
  ProductImageResolver,
  ReviewImageResolver,
  ShippingZoneResolver,
  ShippingMethodResolver,
  TaxZoneResolver,
  SaleResolver,
  SaleQuoteLineResolver,
  OrderSaleResolver,
  CheckoutSummaryResolver,
  PartShownPriceResolver,
  PriceDisplayResolver,
  FulfilmentResolver,
  OrderFulfilmentResolver,
  ShipmentLineResolver,
] as const;

let cached: GraphQLSchema | undefined;

/** The executable schema: type-graphql's output with the @auth directive enforced. */
export function buildShopSchema(): GraphQLSchema {
  cached ??= callPerNodeResolversDirectly(
    resolveNodesAtOnce(
      enforceAuthDirective(
        describeWhoMayCall(
          buildSchemaSync({
            resolvers,
            directives: [...specifiedDirectives, authDirective, cachedDirective],
            validateFn: validateArgument,
          }),
        ),
      ),
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

/**
 * The field resolvers that run once per node of a page: every Node's global id, an order's or a
 * review's part, a part's laptop models and shown price. type-graphql calls a @FieldResolver through a wrapper
 * that, on every call, sorts the method's parameter list, maps it to values and builds the
 * resolver's data: in a sampling heap profile of the parts page past the cache (new variables),
 * the wrapper around each part's `id` made 8% of the bytes allocated per request (its sort alone
 * 5.6%). These methods take only @Root and @Ctx or @Info (no arguments to convert or validate; the
 * shop has no middlewares, and none of these fields has @auth), so the same methods are called
 * directly here, on the resolvers' own instances. Their roots are entities, already of the
 * declared class, which is all type-graphql's conversion of a root would check.
 */
function callPerNodeResolversDirectly(schema: GraphQLSchema): GraphQLSchema {
  const nodes = new NodeResolver();
  const orders = new OrderResolver();
  const reviews = new ReviewResolver();
  const parts = new PartResolver();
  const shownPrices = new PartShownPriceResolver();
  const nodeId: GraphQLFieldResolver<{ databaseId: string }, unknown> = (node, _args, _context, info) =>
    nodes.id(node, info);
  for (const type of Object.values(schema.getTypeMap())) {
    if (isObjectType(type) && type.getInterfaces().some((implemented) => implemented.name === "Node"))
      resolveDirectly(schema, type.name, "id", nodeId);
  }
  resolveDirectly(schema, "Order", "part", (order, _args, context) => orders.part(order, context));
  resolveDirectly(schema, "Review", "part", (review, _args, context) => reviews.part(review, context));
  resolveDirectly(schema, "Part", "compatibleModels", (part, _args, context) => parts.compatibleModels(part, context));
  resolveDirectly(schema, "Part", "shownPrice", (part, _args, context) => shownPrices.shownPrice(part, context));
  return schema;
}

function resolveDirectly(
  schema: GraphQLSchema,
  typeName: string,
  fieldName: string,
  resolve: GraphQLFieldResolver<any, any>,
): void {
  const type = schema.getType(typeName);
  const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
  if (!field) throw new Error(`${typeName}.${fieldName} is not in the schema`);
  // A field with @auth keeps the resolver that enforces it.
  if (getDirective(schema, field, "auth"))
    throw new Error(`${typeName}.${fieldName} has @auth: it cannot be called directly`);
  field.resolve = resolve;
}

/** The SDL committed as schema.graphql (sorted, so diffs are stable). */
export function printShopSchema(): string {
  return printSchemaWithDirectives(lexicographicSortSchema(buildShopSchema())) + "\n";
}
