import { Args, Ctx, Directive, FieldResolver, ID, Info, Query, Resolver, Root } from "type-graphql";
import type { GraphQLResolveInfo } from "graphql";
import { ShopError } from "../../../domain/errors";
import { IdArgs } from "../../inputs/common";
import { GraphContext } from "../context";
import { fromGlobalId, NodeTypeName, toGlobalId } from "../global-id";
import { Node } from "../node";

const ADMIN_NODES = new Set<NodeTypeName>(["ShippingZone", "ShippingMethod", "TaxZone"]);

@Resolver(() => Node)
export class NodeResolver {
  /** Every Node's global id, from its type's name and the record's databaseId. */
  @FieldResolver(() => ID)
  id(@Root() node: { databaseId: string }, @Info() info: GraphQLResolveInfo): string {
    return toGlobalId(info.parentType.name as NodeTypeName, node.databaseId);
  }

  // For a visitor, only catalogue nodes can answer; a signed-in caller's node may be a user or order.
  @Directive("@cached(until: [CATALOGUE], scope: VISITOR)")
  @Query(() => Node, {
    nullable: true,
    description: "Any object by its global id; null when there is none you may see",
  })
  async node(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext): Promise<unknown> {
    const decoded = fromGlobalId(id);
    if (!decoded) return null;
    try {
      switch (decoded.type) {
        case "Part":
          return await services.parts.get(decoded.databaseId);
        case "Product":
          return await services.products.get(decoded.databaseId);
        case "Review":
          return await services.reviews.get(decoded.databaseId);
        case "Order":
          return await services.orders.get(await actor(), decoded.databaseId, { cancelled: true });
        case "Checkout":
          return await services.checkouts.get(await actor(), decoded.databaseId);
        case "User":
          return await services.users.get(await actor(), decoded.databaseId);
        case "LaptopModel":
          return await services.compatibility.getModel(decoded.databaseId);
        case "ShippingZone":
          return await services.shippingZones.get(await actor(), decoded.databaseId);
        case "ShippingMethod":
          return await services.shippingZones.getMethod(await actor(), decoded.databaseId);
        case "TaxZone":
          return await services.taxZones.get(await actor(), decoded.databaseId);
        case "Address":
          return await services.addresses.get(await actor(), decoded.databaseId);
        case "Shipment":
          return await services.fulfilment.getShipment(await actor(), decoded.databaseId);
        case "Invoice":
          return await services.invoicing.invoice(await actor(), decoded.databaseId);
        case "CreditNote":
          return await services.invoicing.creditNote(await actor(), decoded.databaseId);
        case "PartImport":
          // An import is read in the history (auditLog(importId:)), not as a node.
          return null;
      }
    } catch (error) {
      if (error instanceof ShopError && error.code === "NOT_FOUND") return null;
      // Zones are the admins': to a customer they are as if absent.
      if (error instanceof ShopError && error.code === "FORBIDDEN" && ADMIN_NODES.has(decoded.type)) return null;
      throw error;
    }
  }
}
