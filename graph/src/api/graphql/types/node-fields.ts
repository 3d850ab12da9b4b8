import { Field, ObjectType } from "type-graphql";

/**
 * What every Node type shows besides its global id (resolved in resolvers/node.resolver.ts).
 *
 * The object types here declare `simpleResolvers`: their fields are the entities' own properties,
 * read by graphql-js's default resolver instead of through type-graphql's per-field wrapper
 * (middlewares, which the shop does not use). Fields with a @FieldResolver keep theirs.
 */
@ObjectType()
export abstract class NodeFields {
  @Field(() => String, { description: "The id REST answers with as _id" })
  databaseId: string;
}
