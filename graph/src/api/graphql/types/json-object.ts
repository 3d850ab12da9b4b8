import { GraphQLError, GraphQLScalarType } from "graphql";

/** A JSON object, as the server stores it (answers only: no argument takes one). */
export const JSONObjectScalar = new GraphQLScalarType({
  name: "JSONObject",
  description: "A JSON object (in answers only)",
  serialize: (value) => value,
  parseValue: () => {
    throw new GraphQLError("JSONObject is not accepted as input");
  },
  parseLiteral: () => {
    throw new GraphQLError("JSONObject is not accepted as input");
  },
});
