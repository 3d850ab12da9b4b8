// The Apollo floor: fastify + Apollo Server 5 + pg pool (20), as the shop runs them (the answer
// cache's and cache-control's wrappers off, execution compiled by graphql-jit through the shop's
// own compiledExecution and document store), over a plain graphql-js schema of the catalogue
// page: no type-graphql, no TypeORM, no services, no edge hooks. What the GraphQL framework alone
// costs for the bench's "new variables" and "new document" requests against the node + pg
// ceiling's same SELECT.
// Usage: node apollo-floor-server.mjs <port> <database url>   (needs graph/dist: the bench builds it)
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled } from "@apollo/server/plugin/disabled";
import { fastifyApolloHandler } from "@as-integrations/fastify";
import Fastify from "fastify";
import { GraphQLBoolean, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from "graphql";
import pg from "pg";
import { compiledExecution } from "../dist/edge/compiled-execution.js";
import { parsedDocuments } from "../dist/edge/graphql.js";

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
const SELECT = "SELECT id, name, img, price_cents, available, min_order_quantity, short_desc FROM parts ORDER BY seq LIMIT $1";

const Part = new GraphQLObjectType({
  name: "Part",
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: (row) => Buffer.from(`Part:${row.id}`).toString("base64") },
    databaseId: { type: GraphQLID, resolve: (row) => row.id },
    name: { type: GraphQLString },
    img: { type: GraphQLString },
    price: { type: GraphQLFloat, resolve: (row) => row.price_cents / 100 },
    available: { type: GraphQLInt },
    minOrderQuantity: { type: GraphQLInt, resolve: (row) => row.min_order_quantity },
    shortDesc: { type: GraphQLString, resolve: (row) => row.short_desc },
  },
});
const PartEdge = new GraphQLObjectType({
  name: "PartEdge",
  fields: { cursor: { type: GraphQLString, resolve: (row) => Buffer.from(row.id).toString("base64url") }, node: { type: Part, resolve: (row) => row } },
});
const PageInfo = new GraphQLObjectType({ name: "PageInfo", fields: { hasNextPage: { type: GraphQLBoolean }, endCursor: { type: GraphQLString } } });
const PartConnection = new GraphQLObjectType({ name: "PartConnection", fields: { edges: { type: new GraphQLList(PartEdge) }, pageInfo: { type: PageInfo } } });
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: "Query",
    fields: {
      parts: {
        type: PartConnection,
        args: { first: { type: GraphQLInt }, after: { type: GraphQLString } },
        async resolve(_root, { first }) {
          const { rows } = await pool.query(SELECT, [Math.min(first ?? 20, 100)]);
          return { edges: rows, pageInfo: { hasNextPage: false, endCursor: rows.length ? Buffer.from(rows[rows.length - 1].id).toString("base64url") : null } };
        },
      },
    },
  }),
});

// The shop's document store (weighed by the text's length, not by Apollo's JSON of each tree): a
// new document costs Apollo's parsing, graphql-js's validation and a first execution, no more.
const apollo = new ApolloServer({ gateway: compiledExecution(schema), documentStore: parsedDocuments(), plugins: [ApolloServerPluginCacheControlDisabled()] });
await apollo.start();
const app = Fastify();
app.post("/graphql", fastifyApolloHandler(apollo));
await app.listen({ port: Number(port), host: "127.0.0.1" });
process.stdout.write("ready\n");
process.on("SIGTERM", () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
