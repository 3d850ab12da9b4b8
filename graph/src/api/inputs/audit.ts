import { ArgsType, Field, ID } from "type-graphql";
import { IsDate, IsEnum, IsOptional, IsString } from "class-validator";
import { AuditEntityType } from "../../domain/audit/audit-entry.entity";
import { PageArgs } from "./common";
import { MaxLength } from "./validation";

/* The admins' history. */

@ArgsType()
export class AuditLogArgs extends PageArgs {
  @Field(() => AuditEntityType, { nullable: true, description: "Only changes to this kind of record" })
  @IsOptional()
  @IsEnum(AuditEntityType, {
    message: "entityType must be PART, PRODUCT, USER, ORDER, IMPORT, SHIPPING_ZONE or TAX_ZONE",
  })
  entityType?: AuditEntityType | null;

  @Field(() => ID, { nullable: true, description: "Only changes to this record (global id or databaseId)" })
  @IsOptional()
  @IsString({ message: "entityId must be an id" })
  @MaxLength(200, { message: "entityId must be an id" })
  entityId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: "Only the lines of this import (the parts it created or changed): the entityId of its IMPORT entry",
  })
  @IsOptional()
  @IsString({ message: "importId must be an id" })
  @MaxLength(200, { message: "importId must be an id" })
  importId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: "Only the changes of this admin (their User id); the id of actorId's automatic changes gives those",
  })
  @IsOptional()
  @IsString({ message: "actorId must be an id" })
  @MaxLength(200, { message: "actorId must be an id" })
  actorId?: string | null;

  @Field(() => Date, { nullable: true, description: "Only changes committed at or after this moment" })
  @IsOptional()
  @IsDate({ message: "from must be a date and time" })
  from?: Date | null;

  @Field(() => Date, { nullable: true, description: "Only changes committed before this moment" })
  @IsOptional()
  @IsDate({ message: "to must be a date and time" })
  to?: Date | null;
}
