import { Column, CreateDateColumn, Entity, UpdateDateColumn } from "typeorm";
import { NodeEntity } from "../node-entity";

export enum Role {
  ADMIN = "admin",
  USER = "user",
}

/** Where an admin's role comes from: ADMIN_EMAILS (while the address is listed) or another admin. */
export enum AdminSource {
  CONFIG = "config",
  PROMOTION = "promotion",
}

@Entity({ name: "users" })
export class User extends NodeEntity {
  /** Always stored lower-case: emails are compared case-insensitively. */
  @Column({ type: "varchar", length: 254 })
  email: string;

  @Column({ type: "varchar", length: 16 })
  role: Role;

  @Column({ type: "varchar", length: 80, name: "display_name", nullable: true })
  displayName: string | null;

  /** The identity provider's account: what a shop account is. */
  @Column({ type: "varchar", length: 128, name: "firebase_uid", nullable: true })
  firebaseUid: string | null;

  /** Whether the identity provider has verified that the account's owner receives mail at `email`. */
  @Column({ type: "boolean", name: "email_verified", default: false })
  emailVerified: boolean;

  @Column({ type: "varchar", length: 16, name: "admin_source", nullable: true })
  adminSource: AdminSource | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;

  get isAdmin(): boolean {
    return this.role === Role.ADMIN;
  }
}
