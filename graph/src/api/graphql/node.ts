import { Field, ID, InterfaceType } from "type-graphql";

/**
 * Relay's Node. Resolvers return domain entities; an entity's class name is its GraphQL type's
 * name (Part, Product, Order, Review, User, LaptopModel), which is how a Node finds its type.
 */
export const nodeTypeName = (value: object): string | undefined => value.constructor?.name;

@InterfaceType({
  description: "An object with a global id, fetchable with Query.node",
  resolveType: nodeTypeName,
})
export abstract class Node {
  @Field(() => ID, { description: "Global id (opaque)" })
  id: string;
}
