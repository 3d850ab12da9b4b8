import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";
import { Field, ID, Int, ObjectType } from "type-graphql";
import { Node } from "../../graphql/node";
import { toGlobalId } from "../../graphql/global-id";

@ObjectType({ implements: Node, description: "A customer's review of the shop" })
@Entity({ name: "reviews" })
export class Review implements Node {
  @Field(() => String, { description: "The id REST answers with as _id" })
  @PrimaryGeneratedColumn("uuid", { name: "id" })
  databaseId: string;

  @Column({ type: "bigint", insert: false, update: false })
  seq: string;

  @Field(() => ID)
  get id(): string {
    return toGlobalId("Review", this.databaseId);
  }

  @Field(() => String)
  @Column({ type: "varchar", length: 80 })
  name: string;

  @Field(() => Int, { description: "1 to 5 stars" })
  @Column({ type: "smallint" })
  ratings: number;

  @Field(() => String)
  @Column({ type: "text" })
  description: string;

  @Field(() => String, { description: "URL of the reviewer's image" })
  @Column({ type: "text" })
  img: string;

  /** The author, when the review was written by a signed-in user (seeded reviews have none). */
  @Column({ type: "uuid", name: "user_id", nullable: true })
  userId: string | null;

  @Field(() => Date)
  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}
