import { Field, ObjectType, registerEnumType } from "type-graphql";
import { AuditAction, AuditEntityType, Snapshot } from "../../../domain/audit/audit-entry.entity";
import { JSONObjectScalar } from "./json-object";

registerEnumType(AuditEntityType, { name: "AuditEntityType", description: "What kind of record an admin changed" });
registerEnumType(AuditAction, { name: "AuditAction", description: "What an admin did" });

@ObjectType({ description: "One field an admin change touched, as text (null: no value)" })
export class AuditChange {
  @Field(() => String)
  field: string;

  @Field(() => String, { nullable: true })
  before: string | null;

  @Field(() => String, { nullable: true })
  after: string | null;
}

/** The entry's actor id, entity id, name and changes are resolved in resolvers/audit.resolver.ts. */
@ObjectType("AuditEntry", { description: "One admin change: who, when, what, before and after" })
export class AuditEntryType {
  @Field(() => String)
  databaseId: string;

  @Field(() => Date)
  at: Date;

  @Field(() => String, { description: "The admin's email when they made the change" })
  actorEmail: string;

  @Field(() => AuditAction)
  action: AuditAction;

  @Field(() => AuditEntityType)
  entityType: AuditEntityType;

  @Field(() => JSONObjectScalar, { nullable: true, description: "The record before the change (null when it was created)" })
  before: Snapshot | null;

  @Field(() => JSONObjectScalar, { nullable: true, description: "The record after the change (null when it was deleted)" })
  after: Snapshot | null;
}
