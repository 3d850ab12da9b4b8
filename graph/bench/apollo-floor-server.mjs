// The Apollo floor: fastify + Apollo Server 5 + pg pool (20), as the shop runs them (the answer
// cache's and cache-control's wrappers off, execution compiled by graphql-jit through the shop's
// own compiledExecution and document store), over a plain graphql-js schema of the catalogue
// page: no type-graphql, no TypeORM, no services, no edge hooks. What the GraphQL framework alone
// costs for the bench's "new variables" and "new document" requests against the node + pg
// ceiling's same SELECT. And a customer's orders as the shop's `viewer { orders }` reads them (the
// access token checked with the shop's own AccessTokens, the same columns in one prepared
// statement): what the framework alone costs for the "viewer.orders uncached" request.
// Usage: FLOOR_JWT_SECRET=<the shop's> node apollo-floor-server.mjs <port> <database url>   (needs graph/dist: the bench builds it)
import crypto from "node:crypto";
// Before the shop's modules: parsedDocuments comes with edge/graphql.js, which loads type-graphql's decorated inputs.
import "reflect-metadata";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled } from "@apollo/server/plugin/disabled";
import { fastifyApolloHandler } from "@as-integrations/fastify";
import Fastify from "fastify";
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLError,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from "graphql";
import pg from "pg";
import { AccessTokens } from "../dist/domain/accounts/access-tokens.js";
import { compiledExecution } from "../dist/edge/compiled-execution.js";
import { parsedDocuments } from "../dist/edge/graphql.js";

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
const SELECT =
  "SELECT id, name, img, price_cents, available, min_order_quantity, short_desc FROM parts ORDER BY seq LIMIT $1";

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
  fields: {
    cursor: { type: GraphQLString, resolve: (row) => Buffer.from(row.id).toString("base64url") },
    node: { type: Part, resolve: (row) => row },
  },
});
const PageInfo = new GraphQLObjectType({
  name: "PageInfo",
  fields: { hasNextPage: { type: GraphQLBoolean }, endCursor: { type: GraphQLString } },
});
const PartConnection = new GraphQLObjectType({
  name: "PartConnection",
  fields: { edges: { type: new GraphQLList(PartEdge) }, pageInfo: { type: PageInfo } },
});
// The columns the shop's list reads for the bench's viewer.orders document (ORDER_ROW_PROPERTIES,
// the part's card), newest first, one page and one more row.
const ORDERS = {
  name: "floor_live_orders_of_email",
  text: `SELECT o.id, o.seq, o.part_id, o.part_name, o.quantity, o.unit_price_cents, o.total_cents, o.status, o.transaction_id, o.created_at, o.paid_at,
                p.id AS p_id, p.name AS p_name, p.img AS p_img, p.price_cents AS p_price_cents, p.available AS p_available,
                p.min_order_quantity AS p_min_order_quantity, p.short_desc AS p_short_desc
         FROM orders o JOIN parts p ON p.id = o.part_id
         WHERE o.status <> 'cancelled' AND o.user_email = $1 AND o.seq < $2::bigint
         ORDER BY o.seq DESC LIMIT $3`,
};
// The shop's JWT_SECRET, from the bench: without it no token is accepted.
const tokens = new AccessTokens(process.env.FLOOR_JWT_SECRET || crypto.randomBytes(32));
const globalId = (type, id) => Buffer.from(`${type}:${id}`).toString("base64url");

const OrderPart = new GraphQLObjectType({
  name: "OrderPart",
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: (row) => globalId("Part", row.p_id) },
    name: { type: GraphQLString, resolve: (row) => row.p_name },
    available: { type: GraphQLInt, resolve: (row) => row.p_available },
  },
});
const OrderStatus = new GraphQLEnumType({
  name: "OrderStatus",
  values: { CANCELLED: { value: "cancelled" }, PAID: { value: "paid" }, UNPAID: { value: "unpaid" } },
});
const Order = new GraphQLObjectType({
  name: "Order",
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: (row) => globalId("Order", row.id) },
    databaseId: { type: GraphQLID, resolve: (row) => row.id },
    partName: { type: GraphQLString, resolve: (row) => row.part_name },
    quantity: { type: GraphQLInt },
    price: { type: GraphQLFloat, resolve: (row) => row.total_cents / 100 },
    paid: { type: GraphQLBoolean, resolve: (row) => row.status === "paid" },
    status: { type: OrderStatus },
    createdAt: { type: GraphQLString, resolve: (row) => row.created_at.toISOString() },
    part: { type: OrderPart, resolve: (row) => row },
  },
});
const OrderConnection = new GraphQLObjectType({
  name: "OrderConnection",
  fields: {
    edges: {
      type: new GraphQLList(
        new GraphQLObjectType({ name: "OrderEdge", fields: { node: { type: Order, resolve: (row) => row } } }),
      ),
    },
    pageInfo: { type: PageInfo },
  },
});
const User = new GraphQLObjectType({
  name: "User",
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: (claims) => globalId("User", claims.sub) },
    orders: {
      type: OrderConnection,
      args: { first: { type: GraphQLInt }, after: { type: GraphQLString } },
      async resolve(claims, { first }) {
        const limit = Math.min(first ?? 20, 100);
        const { rows } = await pool.query({ ...ORDERS, values: [claims.email, "9223372036854775807", limit + 1] });
        const edges = rows.slice(0, limit);
        return {
          edges,
          pageInfo: {
            hasNextPage: rows.length > limit,
            endCursor: edges.length ? Buffer.from(edges[edges.length - 1].seq).toString("base64url") : null,
          },
        };
      },
    },
  },
});

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: "Query",
    fields: {
      parts: {
        type: PartConnection,
        args: { first: { type: GraphQLInt }, after: { type: GraphQLString } },
        async resolve(_root, { first }) {
          const { rows } = await pool.query(SELECT, [Math.min(first ?? 20, 100)]);
          return {
            edges: rows,
            pageInfo: {
              hasNextPage: false,
              endCursor: rows.length ? Buffer.from(rows[rows.length - 1].id).toString("base64url") : null,
            },
          };
        },
      },
      viewer: {
        type: User,
        async resolve(_root, _args, { authorization }) {
          const claims = authorization?.startsWith("Bearer ") ? await tokens.verify(authorization.slice(7)) : null;
          if (!claims) throw new GraphQLError("Sign in first", { extensions: { code: "UNAUTHENTICATED" } });
          return claims;
        },
      },
    },
  }),
});

// The shop's document store (weighed by the text's length, not by Apollo's JSON of each tree): a
// new document costs Apollo's parsing, graphql-js's validation and a first execution, no more.
const apollo = new ApolloServer({
  gateway: compiledExecution(schema),
  documentStore: parsedDocuments(),
  plugins: [ApolloServerPluginCacheControlDisabled()],
});
await apollo.start();
const app = Fastify();
app.post(
  "/graphql",
  fastifyApolloHandler(apollo, { context: async (request) => ({ authorization: request.headers.authorization }) }),
);
await app.listen({ port: Number(port), host: "127.0.0.1" });
process.stdout.write("ready\n");
process.on("SIGTERM", () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
