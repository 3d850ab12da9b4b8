import { Column, CreateDateColumn, Entity, UpdateDateColumn } from "typeorm";
import { NodeEntity } from "../node-entity";

export enum Role {
  ADMIN = "admin",
  USER = "user",
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
