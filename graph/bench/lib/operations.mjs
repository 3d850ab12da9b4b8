// The requests the benchmark measures and the fixtures they read: shared by `npm run bench`
// (bench.mjs) and the comparison of two builds (compare.mjs).
import { call, expectOk, gql, newCustomer } from "./client.mjs";

/** What the home page asks for (the web app's HomeParts with its card fragment, __typename as Apollo Client adds it). */
export const HOME_PARTS = `query HomeParts($first: Int, $after: String) {
  parts(first: $first, after: $after) {
    edges { cursor node { id ...PartCard_part __typename } __typename }
    pageInfo { hasNextPage endCursor __typename }
    __typename
  }
}
fragment PartCard_part on Part { id databaseId name img price available minOrderQuantity shortDesc __typename }`;

export const NODE_PART = `query PartNode($id: ID!) {
  node(id: $id) { id __typename ... on Part { databaseId name img price available minOrderQuantity shortDesc } }
}`;

export const VIEWER_ORDERS = `query MyOrders($first: Int) {
  viewer { id orders(first: $first) { edges { node { id databaseId partName quantity price paid status createdAt part { id name available } } } pageInfo { hasNextPage endCursor } } }
}`;

export const post = (url, query, variables, token) => ({
  url: `${url}/graphql`,
  method: "POST",
  headers: {
    "content-type": "application/json",
    accept: "application/json",
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify({ query, variables }),
});

export const withHeaders = (options, headers) => ({ ...options, headers: { ...options.headers, ...headers } });

/** A request body that differs on every request (autocannon calls setupRequest for each one). */
export function everyRequestNew(options, change) {
  let n = 0;
  const { url, ...request } = options;
  return { url, requests: [{ ...request, setupRequest: (req) => ({ ...req, body: change(++n) }) }] };
}

/** A Cookie header: never answered from memory. */
export const uncached = (options) => withHeaders(options, { cookie: "bench=uncached" });

/** The shop's five paths past the answer cache (the misses phase), as autocannon options. */
export function missScenarios(shopUrl, { customerToken, partGlobalId }) {
  return [
    {
      key: "restMiss",
      name: "REST GET /parts, uncached",
      options: uncached({ url: `${shopUrl}/parts`, method: "GET", headers: { accept: "application/json" } }),
    },
    {
      key: "graphqlFreshVariables",
      name: "GraphQL parts, new variables",
      options: everyRequestNew(post(shopUrl, HOME_PARTS, { first: 20 }), (n) =>
        JSON.stringify({ query: HOME_PARTS, variables: { first: 20, request: n } }),
      ),
    },
    {
      key: "graphqlFreshDocument",
      name: "GraphQL parts, new document",
      options: everyRequestNew(post(shopUrl, HOME_PARTS, { first: 20 }), (n) =>
        JSON.stringify({ query: `${HOME_PARTS}\n# request ${n}`, variables: { first: 20 } }),
      ),
    },
    {
      key: "viewerOrdersUncached",
      name: "GraphQL viewer.orders, uncached",
      options: uncached(post(shopUrl, VIEWER_ORDERS, { first: 20 }, customerToken)),
    },
    {
      key: "partUncached",
      name: "GraphQL node(id:) part, uncached",
      options: uncached(post(shopUrl, NODE_PART, { id: partGlobalId })),
    },
  ];
}

/** The seed has 14 parts: 6 more make the home page's first page a full 20, like the reference shop's list. */
export async function fillFirstPage(db) {
  const {
    rows: [{ count }],
  } = await db.query("SELECT count(*)::int AS count FROM parts");
  await db.query(
    `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
     SELECT 'Bench part ' || n, '/images/parts/dc-jack.svg', 1000 + n, 100000, 1, 'A part the benchmark adds so the first page is full'
     FROM generate_series(1, $1::int) AS n`,
    [Math.max(0, 20 - count)],
  );
}

/** A new customer who ordered each of the first 20 parts, and the global id of the first part. */
export async function customerWithOrders(emulatorHost, shopUrl) {
  const customer = await newCustomer(emulatorHost, shopUrl, "bench-customer");
  const parts = expectOk(await call(shopUrl, "GET", "/parts"), "GET /parts");
  for (const part of parts.slice(0, 20)) {
    expectOk(
      await call(shopUrl, "POST", "/order", {
        token: customer.token,
        body: {
          orderId: part._id,
          quantity: part.min_order_quantity,
          address: "1 Bench Road, York",
          phone: "0123456789",
        },
      }),
      "place order",
    );
  }
  const first = expectOk(await gql(shopUrl, HOME_PARTS, { first: 1 }), "parts").data.parts.edges[0].node;
  return { customer, parts, partGlobalId: first.id };
}
