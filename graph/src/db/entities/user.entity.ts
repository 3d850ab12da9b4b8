import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";
import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { Node } from "../../graphql/node";
import { toGlobalId } from "../../graphql/global-id";

export enum Role {
  ADMIN = "admin",
  USER = "user",
}
registerEnumType(Role, { name: "Role", description: "What a user may do: ADMIN runs the shop" });

@ObjectType({ implements: Node, description: "A shop account, created at first sign-in" })
@Entity({ name: "users" })
export class User implements Node {
  @Field(() => String, { description: "The id REST answers with as _id" })
  @PrimaryGeneratedColumn("uuid", { name: "id" })
  databaseId: string;

  @Column({ type: "bigint", insert: false, update: false })
  seq: string;

  @Field(() => ID)
  get id(): string {
    return toGlobalId("User", this.databaseId);
  }

  /** Always stored lower-case: emails are compared case-insensitively. */
  @Field(() => String)
  @Column({ type: "varchar", length: 254 })
  email: string;

  @Field(() => Role)
  @Column({ type: "varchar", length: 16 })
  role: Role;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 80, name: "display_name", nullable: true })
  displayName: string | null;

  @Column({ type: "varchar", length: 128, name: "firebase_uid", nullable: true })
  firebaseUid: string | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;

  get isAdmin(): boolean {
    return this.role === Role.ADMIN;
  }
}
