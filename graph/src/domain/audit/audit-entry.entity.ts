import { Column, Entity } from "typeorm";
import { NodeEntity } from "../node-entity";

/** What an admin change is about. */
export enum AuditEntityType {
  PART = "part",
  PRODUCT = "product",
  USER = "user",
  ORDER = "order",
  /** A bulk import of parts: one entry, its lines the entries that name it (importId). */
  IMPORT = "import",
  /** A shipping zone, its places, methods and weight bands. */
  SHIPPING_ZONE = "shipping_zone",
  /** A tax zone, its places and rates. */
  TAX_ZONE = "tax_zone",
}

/** Every kind of admin change the history records. */
export enum AuditAction {
  PART_CREATED = "part.created",
  PART_UPDATED = "part.updated",
  PART_RESTOCKED = "part.restocked",
  PART_RETIRED = "part.retired",
  PART_RESTORED = "part.restored",
  /** An import applied (entity IMPORT): its file and what it did; the parts it created or changed have entries of their own. */
  PARTS_IMPORTED = "parts.imported",
  PRODUCT_CREATED = "product.created",
  PRODUCT_UPDATED = "product.updated",
  PRODUCT_DELETED = "product.deleted",
  USER_PROMOTED = "user.promoted",
  USER_DEMOTED = "user.demoted",
  ORDER_CANCELLED = "order.cancelled",
  ORDER_REFUNDED = "order.refunded",
  /** A payment the shop could not keep (its order cancelled, or paid already) was given back. */
  PAYMENT_REFUNDED = "payment.refunded",
  ORDER_DISPUTED = "order.disputed",
  /** Units of an order line left in a parcel (entity ORDER, one entry per line): carrier, tracking number, how many. */
  ORDER_SHIPPED = "order.shipped",
  /** A parcel was marked delivered (entity ORDER, one entry per line in it). */
  SHIPMENT_DELIVERED = "shipment.delivered",
  SHIPPING_ZONE_CREATED = "shipping_zone.created",
  SHIPPING_ZONE_UPDATED = "shipping_zone.updated",
  SHIPPING_ZONE_DELETED = "shipping_zone.deleted",
  SHIPPING_METHOD_ADDED = "shipping_method.added",
  SHIPPING_METHOD_UPDATED = "shipping_method.updated",
  SHIPPING_METHOD_REMOVED = "shipping_method.removed",
  TAX_ZONE_CREATED = "tax_zone.created",
  TAX_ZONE_UPDATED = "tax_zone.updated",
  TAX_ZONE_DELETED = "tax_zone.deleted",
}

export type Snapshot = Record<string, unknown>;

/** One admin change: who, when, what, and the record before and after (migration 1764610000000). */
@Entity({ name: "audit_log" })
export class AuditEntry extends NodeEntity {
  @Column({ type: "timestamptz" })
  at: Date;

  @Column({ type: "uuid", name: "actor_id" })
  actorId: string;

  @Column({ type: "varchar", length: 254, name: "actor_email" })
  actorEmail: string;

  @Column({ type: "varchar", length: 40 })
  action: AuditAction;

  @Column({ type: "varchar", length: 20, name: "entity_type" })
  entityType: AuditEntityType;

  @Column({ type: "uuid", name: "entity_id" })
  entityId: string;

  @Column({ type: "json", nullable: true })
  before: Snapshot | null;

  @Column({ type: "json", nullable: true })
  after: Snapshot | null;

  /** The import this change is a line of (migration 1764910000000); null for a change made on its own. */
  @Column({ type: "uuid", name: "import_id", nullable: true })
  importId: string | null;
}
