import { ClassType, Field, ObjectType } from "type-graphql";
import { AuditEntryType } from "./audit.type";
import { LaptopModelType } from "./laptop-model.type";
import { OrderType } from "./order.type";
import { PartType } from "./part.type";
import { ProductType } from "./product.type";
import { ReviewType } from "./review.type";
import { UserType } from "./user.type";

@ObjectType({ simpleResolvers: true, description: "Where a page of a connection ends" })
export class PageInfo {
  @Field(() => Boolean, { description: "Whether another page follows this one" })
  hasNextPage: boolean;

  @Field(() => String, { nullable: true, description: "Pass as `after` to get the next page" })
  endCursor: string | null;
}

/** Relay cursor connections: `edges { cursor node }` and `pageInfo`. */
function connectionOf<T extends object>(NodeClass: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`, { simpleResolvers: true, description: `One ${name} of a page, with its cursor` })
  class Edge {
    @Field(() => String, { description: "Opaque: pass it as `after` to get what follows this edge" })
    cursor: string;

    @Field(() => NodeClass, { description: `The ${name}` })
    node: T;
  }

  @ObjectType(`${name}Connection`, {
    simpleResolvers: true,
    description: `A page of ${name} records (Relay cursor connection)`,
  })
  class Connection {
    @Field(() => [Edge], { description: "The page's records, in the list's order" })
    edges: Edge[];

    @Field(() => PageInfo, { description: "Whether more follow, and the cursor to ask for them" })
    pageInfo: PageInfo;
  }
  return Connection;
}

export const PartConnection = connectionOf(PartType, "Part");
export const ProductConnection = connectionOf(ProductType, "Product");
export const ReviewConnection = connectionOf(ReviewType, "Review");
export const OrderConnection = connectionOf(OrderType, "Order");
export const UserConnection = connectionOf(UserType, "User");
export const AuditEntryConnection = connectionOf(AuditEntryType, "AuditEntry");
export const LaptopModelConnection = connectionOf(LaptopModelType, "LaptopModel");
