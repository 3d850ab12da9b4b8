import { Column, Entity, PrimaryColumn, UpdateDateColumn } from "typeorm";

@Entity({ name: "profiles" })
export class Profile {
  @PrimaryColumn({ type: "uuid", name: "user_id" })
  userId: string;

  @Column({ type: "varchar", length: 254, name: "user_email" })
  userEmail: string;

  @Column({ type: "varchar", length: 80, name: "user_name", nullable: true })
  userName: string | null;

  @Column({ type: "varchar", length: 200 })
  education: string;

  @Column({ type: "varchar", length: 300 })
  address: string;

  @Column({ type: "varchar", length: 20 })
  phone: string;

  @Column({ type: "varchar", length: 2048 })
  linkedin: string;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}
