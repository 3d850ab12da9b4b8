import { Args, Ctx, Directive, FieldResolver, ID, Query, Resolver, Root } from "type-graphql";
import { AuditEntityType, AuditEntry } from "../../../domain/audit/audit-entry.entity";
import { changesBetween, shownValue } from "../../../domain/audit/value-kinds";
import { AuditLogArgs } from "../../inputs/audit";
import { GraphContext } from "../context";
import { databaseIdFor, fromGlobalId, NodeTypeName, toGlobalId } from "../global-id";
import { AuditChange, AuditEntryType } from "../types/audit.type";
import { AuditEntryConnection } from "../types/connection";

const NODE_TYPE: Record<AuditEntityType, NodeTypeName> = {
  [AuditEntityType.PART]: "Part",
  [AuditEntityType.PRODUCT]: "Product",
  [AuditEntityType.USER]: "User",
  [AuditEntityType.ORDER]: "Order",
  [AuditEntityType.IMPORT]: "PartImport",
  [AuditEntityType.SHIPPING_ZONE]: "ShippingZone",
  [AuditEntityType.TAX_ZONE]: "TaxZone",
};
const ENTITY_TYPE = Object.fromEntries(Object.entries(NODE_TYPE).map(([entity, node]) => [node, entity])) as Partial<
  Record<NodeTypeName, AuditEntityType>
>;

/** How the history names a record: a part's or product's name, a user's email, an order's part and customer. */
function nameOf(entry: AuditEntry): string | null {
  const snapshot = entry.after ?? entry.before ?? {};
  if (entry.entityType === AuditEntityType.USER) return shownValue(snapshot.email);
  if (entry.entityType === AuditEntityType.IMPORT) return shownValue(snapshot.fileName);
  if (entry.entityType === AuditEntityType.ORDER) {
    const part = shownValue(snapshot.partName);
    const customer = shownValue(snapshot.userEmail);
    return part && customer ? `${part} for ${customer}` : (part ?? customer);
  }
  return shownValue(snapshot.name);
}

@Resolver(() => AuditEntryType)
export class AuditResolver {
  @Directive("@auth(requires: ADMIN)")
  @Query(() => AuditEntryConnection, {
    description:
      "The history of admin changes (parts, products, roles, orders, imports), newest first; filtered by kind of record, record, import, admin and time",
  })
  async auditLog(
    @Args() { first, after, entityType, entityId, importId, actorId, from, to }: AuditLogArgs,
    @Ctx() { services, actor }: GraphContext,
  ) {
    let type = entityType ?? null;
    let id = entityId ?? null;
    const global = id ? fromGlobalId(id) : null;
    if (id && global) {
      const typeOfId = ENTITY_TYPE[global.type];
      // A global id of another kind than asked for names nothing here.
      id = typeOfId && (!type || type === typeOfId) ? global.databaseId : "";
      type ??= typeOfId ?? null;
    }
    // An import's id, global or not, names its lines.
    const lines = importId
      ? fromGlobalId(importId)?.type === "PartImport"
        ? fromGlobalId(importId)!.databaseId
        : importId
      : null;
    return services.audit.list(
      await actor(),
      {
        entityType: type,
        entityId: id,
        importId: lines,
        actorId: actorId ? databaseIdFor("User", actorId) : null,
        from,
        to,
      },
      { first, after },
    );
  }

  @FieldResolver(() => ID, { description: "Global id of the admin who made the change" })
  actorId(@Root() entry: AuditEntry): string {
    return toGlobalId("User", entry.actorId);
  }

  @FieldResolver(() => ID, { description: "Global id of the changed record (it may no longer exist)" })
  entityId(@Root() entry: AuditEntry): string {
    return toGlobalId(NODE_TYPE[entry.entityType], entry.entityId);
  }

  @FieldResolver(() => String, { description: "The changed record's databaseId" })
  entityDatabaseId(@Root() entry: AuditEntry): string {
    return entry.entityId;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "The record's name as the change left it (for an order: its part and customer)",
  })
  entityName(@Root() entry: AuditEntry): string | null {
    return nameOf(entry);
  }

  @FieldResolver(() => [AuditChange], { description: "The fields that differ between before and after" })
  changes(@Root() entry: AuditEntry): AuditChange[] {
    return changesBetween(entry.before, entry.after);
  }
}
