import { Field, ObjectType } from "type-graphql";

/** What every Node type shows besides its global id (resolved in resolvers/node.resolver.ts). */
@ObjectType()
export abstract class NodeFields {
  @Field(() => String, { description: "The id REST answers with as _id" })
  databaseId: string;
}
