import { Field, ObjectType, registerEnumType } from "type-graphql";
import { AuditAction, AuditEntityType, Snapshot } from "../../../domain/audit/audit-entry.entity";
import { AuditValueKind } from "../../../domain/audit/value-kinds";
import { JSONObjectScalar } from "./json-object";

registerEnumType(AuditEntityType, {
  name: "AuditEntityType",
  description: "What kind of record an admin changed",
  valuesConfig: {
    PART: { description: "A part of the catalogue" },
    PRODUCT: { description: "A new arrival" },
    USER: { description: "An account (its role)" },
    ORDER: { description: "An order" },
    IMPORT: { description: "A bulk import of parts (its lines: auditLog(importId:))" },
    SHIPPING_ZONE: { description: "A shipping zone: its places, methods and weight bands" },
    TAX_ZONE: { description: "A tax zone: its places and rates" },
  },
});
registerEnumType(AuditAction, {
  name: "AuditAction",
  description: "What happened: what an admin did, or what the payment provider reported",
  valuesConfig: {
    PART_CREATED: { description: "Added a part" },
    PART_UPDATED: { description: "Edited a part" },
    PART_RESTOCKED: { description: "Added units to a part's stock" },
    PART_RETIRED: { description: "Took a part out of the shop" },
    PART_RESTORED: { description: "Put a retired part back on sale" },
    PARTS_IMPORTED: { description: "Imported parts from a CSV file: the parts it created or changed are its lines" },
    PRODUCT_CREATED: { description: "Added a new arrival" },
    PRODUCT_UPDATED: { description: "Edited a new arrival" },
    PRODUCT_DELETED: { description: "Deleted a new arrival" },
    USER_PROMOTED: { description: "Made a user an admin" },
    USER_DEMOTED: { description: "Took the admin role from a user" },
    ORDER_CANCELLED: { description: "Cancelled a customer's unpaid order" },
    ORDER_REFUNDED: { description: "Refunded a paid order in full (an admin, or a refund made at Stripe)" },
    PAYMENT_REFUNDED: {
      description: "Gave back a payment the shop could not keep (its order cancelled, or paid already)",
    },
    ORDER_DISPUTED: { description: "The customer's bank opened a dispute (chargeback) of the order's payment" },
    ORDER_SHIPPED: {
      description: "Shipped units of an order line: the carrier, tracking number and how many (one entry per line)",
    },
    SHIPMENT_DELIVERED: { description: "Marked a parcel delivered (one entry per order line in it)" },
    SHIPPING_ZONE_CREATED: { description: "Added a shipping zone" },
    SHIPPING_ZONE_UPDATED: { description: "Renamed a shipping zone or changed its places" },
    SHIPPING_ZONE_DELETED: { description: "Deleted a shipping zone with its methods" },
    SHIPPING_METHOD_ADDED: { description: "Added a shipping method to a zone" },
    SHIPPING_METHOD_UPDATED: {
      description: "Changed a shipping method: its bands, threshold, estimate or eligibility",
    },
    SHIPPING_METHOD_REMOVED: { description: "Removed a shipping method from a zone" },
    TAX_ZONE_CREATED: { description: "Added a tax zone" },
    TAX_ZONE_UPDATED: { description: "Changed a tax zone: its places, rates or how it shows prices" },
    TAX_ZONE_DELETED: { description: "Deleted a tax zone" },
  },
});

registerEnumType(AuditValueKind, {
  name: "AuditValueKind",
  description: "What a changed field's values are, so they can be shown as such",
  valuesConfig: {
    MONEY: { description: "An amount in dollars (a number, or text such as $12.00)" },
    WEIGHT: { description: "A weight in grams (a whole number)" },
    LIST: { description: "A list: beforeItems and afterItems hold its items" },
    DATE: { description: "A moment, ISO 8601 in UTC" },
    BOOLEAN: { description: "true or false" },
    NUMBER: { description: "A number (a quantity, a threshold)" },
    TEXT: { description: "Text" },
  },
});

@ObjectType({ description: "One field an admin change touched, as text (null: no value)" })
export class AuditChange {
  @Field(() => String, { description: "The field's name, as in the record" })
  field: string;

  @Field(() => AuditValueKind, { description: "What its values are (money, a list, a moment...)" })
  kind: AuditValueKind;

  @Field(() => [String], { nullable: true, description: "A list's items before the change (null: not a list)" })
  beforeItems: string[] | null;

  @Field(() => [String], { nullable: true, description: "A list's items after the change (null: not a list)" })
  afterItems: string[] | null;

  @Field(() => String, { nullable: true, description: "Its value before the change, as text" })
  before: string | null;

  @Field(() => String, { nullable: true, description: "Its value after the change, as text" })
  after: string | null;
}

/** The entry's actor id, entity id, name and changes are resolved in resolvers/audit.resolver.ts. */
@ObjectType("AuditEntry", { description: "One admin change: who, when, what, before and after" })
export class AuditEntryType {
  @Field(() => String, { description: "The entry's id" })
  databaseId: string;

  @Field(() => Date, { description: "When the change was committed (UTC)" })
  at: Date;

  @Field(() => String, { description: "The admin's email when they made the change" })
  actorEmail: string;

  @Field(() => AuditAction, { description: "What the admin did" })
  action: AuditAction;

  @Field(() => AuditEntityType, { description: "What kind of record changed" })
  entityType: AuditEntityType;

  @Field(() => JSONObjectScalar, {
    nullable: true,
    description: "The record before the change (null when it was created)",
  })
  before: Snapshot | null;

  @Field(() => JSONObjectScalar, {
    nullable: true,
    description: "The record after the change (null when it was deleted)",
  })
  after: Snapshot | null;
}
