import { Column, PrimaryGeneratedColumn } from "typeorm";
import { Field, ID, ObjectType } from "type-graphql";
import { Node } from "../../graphql/node";
import { NodeTypeName, toGlobalId } from "../../graphql/global-id";

/** What every Relay node table has: a uuid, an insertion sequence for cursors, a global id. */
@ObjectType()
export abstract class NodeEntity implements Node {
  @Field(() => String, { description: "The id REST answers with as _id" })
  @PrimaryGeneratedColumn("uuid", { name: "id" })
  databaseId: string;

  /** Insertion order: the stable key of cursor pagination. */
  @Column({ type: "bigint", insert: false, update: false })
  seq: string;

  @Field(() => ID)
  get id(): string {
    // The GraphQL type name is the class name (Part, Product, Order, Review, User).
    return toGlobalId(this.constructor.name as NodeTypeName, this.databaseId);
  }
}
