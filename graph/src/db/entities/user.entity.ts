import { Column, CreateDateColumn, Entity, UpdateDateColumn } from "typeorm";
import { Field, ObjectType, registerEnumType } from "type-graphql";
import { Node } from "../../graphql/node";
import { NodeEntity } from "./node-entity";

export enum Role {
  ADMIN = "admin",
  USER = "user",
}
registerEnumType(Role, { name: "Role", description: "What a user may do: ADMIN runs the shop" });

@ObjectType({ implements: Node, description: "A shop account, created at first sign-in" })
@Entity({ name: "users" })
export class User extends NodeEntity {
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
