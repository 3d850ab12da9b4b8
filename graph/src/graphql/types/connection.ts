import { ClassType, Field, ObjectType } from "type-graphql";
import { Order, Part, Product, Review, User } from "../../db/entities";

@ObjectType({ description: "Where a page of a connection ends" })
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage: boolean;

  @Field(() => String, { nullable: true, description: "Pass as `after` to get the next page" })
  endCursor: string | null;
}

/** Relay cursor connections: `edges { cursor node }` and `pageInfo`. */
function connectionOf<T extends object>(NodeClass: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field(() => String)
    cursor: string;

    @Field(() => NodeClass)
    node: T;
  }

  @ObjectType(`${name}Connection`)
  class Connection {
    @Field(() => [Edge])
    edges: Edge[];

    @Field(() => PageInfo)
    pageInfo: PageInfo;
  }
  return Connection;
}

export const PartConnection = connectionOf(Part, "Part");
export const ProductConnection = connectionOf(Product, "Product");
export const ReviewConnection = connectionOf(Review, "Review");
export const OrderConnection = connectionOf(Order, "Order");
export const UserConnection = connectionOf(User, "User");
