import { Args, Ctx, Directive, FieldResolver, ID, Query, Resolver, Root } from "type-graphql";
import { AuditEntityType, AuditEntry, Snapshot } from "../../../domain/audit/audit-entry.entity";
import { AuditLogArgs } from "../../inputs/audit";
import { GraphContext } from "../context";
import { fromGlobalId, NodeTypeName, toGlobalId } from "../global-id";
import { AuditChange, AuditEntryType } from "../types/audit.type";
import { AuditEntryConnection } from "../types/connection";

const NODE_TYPE: Record<AuditEntityType, NodeTypeName> = {
  [AuditEntityType.PART]: "Part",
  [AuditEntityType.PRODUCT]: "Product",
  [AuditEntityType.USER]: "User",
  [AuditEntityType.ORDER]: "Order",
  [AuditEntityType.IMPORT]: "PartImport",
};
const ENTITY_TYPE = Object.fromEntries(Object.entries(NODE_TYPE).map(([entity, node]) => [node, entity])) as Partial<
  Record<NodeTypeName, AuditEntityType>
>;

/** A value of a snapshot as a person reads it. */
function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** The fields whose values differ between two snapshots, in the order the record lists them. */
export function changesBetween(before: Snapshot | null, after: Snapshot | null): AuditChange[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return fields
    .filter((field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after?.[field] ?? null))
    .map((field) => ({ field, before: shown(before?.[field]), after: shown(after?.[field]) }));
}

/** How the history names a record: a part's or product's name, a user's email, an order's part and customer. */
function nameOf(entry: AuditEntry): string | null {
  const snapshot = entry.after ?? entry.before ?? {};
  if (entry.entityType === AuditEntityType.USER) return shown(snapshot.email);
  if (entry.entityType === AuditEntityType.IMPORT) return shown(snapshot.fileName);
  if (entry.entityType === AuditEntityType.ORDER) {
    const part = shown(snapshot.partName);
    const customer = shown(snapshot.userEmail);
    return part && customer ? `${part} for ${customer}` : (part ?? customer);
  }
  return shown(snapshot.name);
}

@Resolver(() => AuditEntryType)
export class AuditResolver {
  @Directive("@auth(requires: ADMIN)")
  @Query(() => AuditEntryConnection, {
    description: "The history of admin changes (parts, products, roles, order cancellations), newest first",
  })
  async auditLog(
    @Args() { first, after, entityType, entityId, importId }: AuditLogArgs,
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
    return services.audit.list(await actor(), { entityType: type, entityId: id, importId: lines }, { first, after });
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
