import { Column, CreateDateColumn, Entity } from "typeorm";
import { Field, Int, ObjectType } from "type-graphql";
import { Node } from "../../graphql/node";
import { NodeEntity } from "./node-entity";

@ObjectType({ implements: Node, description: "A customer's review of the shop" })
@Entity({ name: "reviews" })
export class Review extends NodeEntity {
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
