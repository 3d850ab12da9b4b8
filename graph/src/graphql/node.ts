import { Field, ID, InterfaceType } from "type-graphql";

@InterfaceType({
  description: "An object with a global id, fetchable with Query.node",
  resolveType: (value) => value.constructor?.name,
})
export abstract class Node {
  @Field(() => ID, { description: "Global id (opaque)" })
  id: string;
}
