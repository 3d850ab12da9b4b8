import { Column, Entity, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { Field, ObjectType } from "type-graphql";

@ObjectType({ description: "What a user told the shop about themselves" })
@Entity({ name: "profiles" })
export class Profile {
  @PrimaryColumn({ type: "uuid", name: "user_id" })
  userId: string;

  @Field(() => String, { description: "The owner's email" })
  @Column({ type: "varchar", length: 254, name: "user_email" })
  userEmail: string;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 80, name: "user_name", nullable: true })
  userName: string | null;

  @Field(() => String)
  @Column({ type: "varchar", length: 200 })
  education: string;

  @Field(() => String)
  @Column({ type: "varchar", length: 300 })
  address: string;

  @Field(() => String)
  @Column({ type: "varchar", length: 20 })
  phone: string;

  @Field(() => String)
  @Column({ type: "varchar", length: 2048 })
  linkedin: string;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}
