import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { gql, insertPart, orderBody, rest, shop, withDatabase } from "./support/client";
import { adminPerson, newPerson, payInSandbox, Person, restAt, sandboxOf, uploadImage } from "./support/fixtures";
import { storefrontFormToken } from "./support/cart-forms";
import { collectedInOregon } from "./support/sale";
import { graphqlRootFields, restRoutes, routeKey } from "./support/routes";
import { freeCountries, freshShippingZone, freshTaxZone, methodInput } from "./support/zones";

/*
 * THE authorization matrix: every REST route and every GraphQL root field, against a visitor, the
 * customer who owns the records involved, another customer and an admin. Columns:
 *
 *   [visitor, customer (owner), another customer, admin]
 *
 * REST cells are HTTP statuses. GraphQL cells are "ok" (data, no error), "null" (no error, the
 * field is null) or the error's extensions.code. Routes and fields are read from the running
 * server, so adding one without a row here fails the first test.
 */

type Role = "visitor" | "customer" | "other" | "admin";
const ROLES: Role[] = ["visitor", "customer", "other", "admin"];
type Row<T> = [T, T, T, T];

interface World {
  customer: Person;
  other: Person;
  admin: Person;
  /** The customer's unpaid order. */
  order: { id: string; globalId: string };
  /** The customer's order, paid in the sandbox with this PaymentIntent. */
  paid: { id: string; transactionId: string };
  /** Path of an uploaded image. */
  upload: string;
  /** The customer's unpaid checkout. */
  checkout: { id: string };
  /** The customer's checkout, paid in the sandbox with this PaymentIntent. */
  paidCheckout: { id: string; transactionId: string };
}

interface RestRequest {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** Whose credential goes in Authorization: the role's access token (default) or its Firebase ID token. */
  credential?: "access" | "idToken";
}

interface RestRow {
  expect: Row<number>;
  /** Called once per cell, so a destructive route gets a fresh record each time. */
  request?: (world: World, role: Role) => Promise<RestRequest> | RestRequest;
  /** For routes that are not JSON (uploads). */
  send?: (world: World, token: string | undefined) => Promise<{ status: number }>;
}

type GqlExpect = "ok" | "null" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND";
interface GqlRow {
  expect: Row<GqlExpect>;
  query: string;
  variables?: (world: World, role: Role) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** The access token to send instead of the role's own (a row that revokes it needs one of its own). */
  token?: (world: World, role: Role) => Promise<string | undefined>;
}

const freshPart = () => insertPart({ available: 10 });
/** The id of a part's first image (every part has one: its img). */
const firstImageOf = (partId: string): Promise<string> =>
  withDatabase(
    async (client) =>
      (await client.query(`SELECT id FROM part_images WHERE part_id = $1 AND position = 0`, [partId])).rows[0].id,
  );
/** A second image given to the part, which may be removed (its first may not). */
const secondImageOf = (partId: string): Promise<string> =>
  withDatabase(
    async (client) =>
      (
        await client.query(
          `INSERT INTO part_images (part_id, position, url) VALUES ($1, 1, 'https://example.com/second.png') RETURNING id`,
          [partId],
        )
      ).rows[0].id,
  );
async function freshProduct(): Promise<string> {
  return withDatabase(
    async (client) =>
      (await client.query(`INSERT INTO products (name) VALUES ('Matrix product') RETURNING id`)).rows[0].id,
  );
}
async function userIdOf(email: string): Promise<string> {
  return withDatabase(
    async (client) => (await client.query(`SELECT id FROM users WHERE email = $1`, [email])).rows[0].id,
  );
}
async function freshAdminEmail(): Promise<string> {
  const email = `admin${crypto.randomBytes(5).toString("hex")}@example.com`;
  await withDatabase((client) =>
    client.query(`INSERT INTO users (email, role, admin_source) VALUES ($1, 'admin', 'promotion')`, [email]),
  );
  return email;
}
/** Another session of the role's person: a token of its own, to sign out without signing the matrix out. */
async function freshSession(world: World, role: Role): Promise<string | undefined> {
  if (role === "visitor") return undefined;
  const person = world[role];
  const answer = await rest("PUT", `/user/${person.email}`, { token: person.idToken });
  return answer.body.token;
}
/** An order of the customer, paid (the webhook recorded it). */
async function freshPaidOrder(world: World): Promise<string> {
  const orderId = await freshOrder(world.customer);
  const intent = await rest("POST", "/create-payment-intent", { token: world.customer.token, body: { orderId } });
  const { sandboxUrl, publishableKey } = await sandboxOf(shop().url);
  const transactionId = await payInSandbox(sandboxUrl, publishableKey, intent.body.clientSecret);
  await rest("PATCH", `/order/${orderId}`, { token: world.customer.token, body: { transactionId } });
  return orderId;
}
/** A parcel of a fresh paid order of the customer, recorded by the admin: its id. */
async function freshShipment(world: World): Promise<string> {
  const shipped = await gql(
    "mutation($input: RecordShipmentInput!) { recordShipment(input: $input) { id } }",
    { input: { orderId: await freshPaidOrder(world), carrier: "dhl", trackingNumber: "JD014600006281" } },
    world.admin.token,
  );
  if (shipped.body.errors) throw new Error(`shipment failed: ${JSON.stringify(shipped.body.errors)}`);
  return shipped.body.data.recordShipment.id;
}
/** A checkout of one fresh part by the person. */
async function freshCheckout(owner: Person): Promise<string> {
  const placed = await gql(
    "mutation($input: PlaceCheckoutInput!) { placeCheckout(input: $input) { databaseId } }",
    { input: { lines: [{ partId: await freshPart(), quantity: 1 }], ...(await collectedInOregon()) } },
    owner.token,
  );
  if (placed.body.errors) throw new Error(`checkout failed: ${JSON.stringify(placed.body.errors)}`);
  return placed.body.data.placeCheckout.databaseId;
}
/** The customer's paid order's invoice and a refunded one's credit note: made once, on first use. */
let documents: Promise<{ invoice: string; creditNote: string }> | undefined;
function documentsOf(world: World): Promise<{ invoice: string; creditNote: string }> {
  documents ??= (async () => {
    const [invoiced, refunded] = [await freshPaidOrder(world), await freshPaidOrder(world)];
    const refund = await gql("mutation($id: ID!) { refundOrder(id: $id) { id } }", { id: refunded }, world.admin.token);
    if (refund.body.errors) throw new Error(`refund failed: ${JSON.stringify(refund.body.errors)}`);
    return withDatabase(async (client) => {
      const numberOf = async (sql: string, id: string) => (await client.query(sql, [id])).rows[0].number as string;
      return {
        invoice: await numberOf(`SELECT number FROM invoices WHERE checkout_id = $1`, invoiced),
        creditNote: await numberOf(
          `SELECT n.number FROM credit_notes n JOIN credit_note_lines l ON l.credit_note_id = n.id WHERE l.order_id = $1`,
          refunded,
        ),
      };
    });
  })();
  return documents;
}
const freshLine = async () => ({ line: { partId: await freshPart(), quantity: 1 } });
async function freshUserEmail(): Promise<string> {
  const email = `target${crypto.randomBytes(5).toString("hex")}@example.com`;
  await withDatabase((client) => client.query(`INSERT INTO users (email, role) VALUES ($1, 'user')`, [email]));
  return email;
}
async function freshOrder(owner: Person): Promise<string> {
  const placed = await rest("POST", "/order", { token: owner.token, body: orderBody(await freshPart(), 1) });
  if (placed.status !== 201) throw new Error(`order failed: ${JSON.stringify(placed.body)}`);
  return placed.body.insertedId;
}
/** An address of the owner's book, made for one cell (a row may remove it). */
const matrixAddress = {
  name: "Matrix Owner",
  line1: "1 Main Street",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  country: "US",
  phone: "+12175550100",
};
async function freshAddress(owner: Person): Promise<string> {
  const added = await gql(
    "mutation($input: AddressInput!) { addAddress(input: $input) { address { id } } }",
    { input: matrixAddress },
    owner.token,
  );
  if (added.body.errors) throw new Error(`address failed: ${JSON.stringify(added.body.errors)}`);
  return added.body.data.addAddress.address.id;
}
const freshEmail = () => `matrix${crypto.randomBytes(5).toString("hex")}@example.com`;
const orderGlobalId = (id: string) => Buffer.from(`Order:${id}`).toString("base64url");
const productInput = { name: "Matrix product", price: 12.5 };
const partInput = {
  name: "Matrix part",
  shortDesc: "Made by the matrix",
  img: "/images/parts/dc-jack.svg",
  price: 9.5,
  available: 5,
  minOrderQuantity: 1,
};
const partBody = {
  name: "Matrix part",
  short_desc: "Made by the matrix",
  img: "/images/parts/dc-jack.svg",
  price: 9.5,
  available: 5,
  min_order_quantity: 1,
};
const reviewInput = { name: "Matrix", ratings: 4, description: "Good part", img: "https://example.com/r.png" };
const profileInput = {
  education: "BSc",
  address: "1 Main St",
  phone: "0123456789",
  linkedin: "https://linkedin.com/in/x",
};

const REST: Record<string, RestRow> = {
  "GET /healthz": { expect: [200, 200, 200, 200] },
  // Readiness tells a load balancer whether to send traffic; it shows no data.
  "GET /readyz": { expect: [200, 200, 200, 200] },
  // Stripe's webhook is authorised by its signature, whoever sends it: unsigned is refused for all.
  "POST /stripe/webhook": {
    expect: [400, 400, 400, 400],
    request: () => ({ body: { type: "payment_intent.succeeded" } }),
  },
  "POST /upload": { expect: [401, 201, 201, 201], send: (_world, token) => uploadImage(shop().url, token) },
  // Uploaded images are public (unguessable content-hash names), as on the image host the spec uses.
  "GET /uploads/:name": { expect: [200, 200, 200, 200], request: (world) => ({ params: { name: world.upload } }) },
  "GET /parts": { expect: [200, 200, 200, 200] },
  "GET /parts/:id": { expect: [200, 200, 200, 200], request: async () => ({ params: { id: await freshPart() } }) },
  // A bare id is the record's address with its words left out: moved (301, followed) to its own.
  "GET /p/:slug": { expect: [200, 200, 200, 200], request: async () => ({ params: { slug: await freshPart() } }) },
  "GET /products/:slug": {
    expect: [200, 200, 200, 200],
    request: async () => ({ params: { slug: await freshProduct() } }),
  },
  "GET /robots.txt": { expect: [200, 200, 200, 200] },
  "GET /sitemap.xml": { expect: [200, 200, 200, 200] },
  "GET /sitemap/:file": { expect: [200, 200, 200, 200], request: () => ({ params: { file: "1.xml" } }) },
  "GET /product": { expect: [200, 200, 200, 200] },
  "POST /product": { expect: [401, 403, 403, 201], request: () => ({ body: productInput }) },
  "DELETE /product/:id": {
    expect: [401, 403, 403, 200],
    request: async () => ({ params: { id: await freshProduct() } }),
  },
  // A browser's cart: its cookie is the credential, so anyone may fill one with the storefront's form token.
  "POST /cart/lines": {
    expect: [200, 200, 200, 200],
    request: async () => ({ body: { part: await freshPart(), quantity: 1, token: storefrontFormToken() } }),
  },
  // A line changes only with the cart page's own token, which a browser without this cart cannot have.
  "POST /cart/lines/:part": {
    expect: [403, 403, 403, 403],
    request: async () => ({ params: { part: await freshPart() }, body: { quantity: 1, token: storefrontFormToken() } }),
  },
  "GET /cart/summary": { expect: [200, 200, 200, 200] },
  "POST /cart/join": { expect: [401, 200, 200, 200] },
  "POST /cart/leave": { expect: [204, 204, 204, 204] },
  "POST /order": { expect: [401, 201, 201, 201], request: async () => ({ body: orderBody(await freshPart(), 1) }) },
  "GET /order": {
    expect: [401, 200, 403, 200],
    request: (world) => ({ query: `user=${encodeURIComponent(world.customer.email)}` }),
  },
  "GET /order/:id": { expect: [401, 200, 404, 200], request: (world) => ({ params: { id: world.order.id } }) },
  "PATCH /order/:id": {
    expect: [401, 200, 404, 404],
    request: (world) => ({ params: { id: world.paid.id }, body: { transactionId: world.paid.transactionId } }),
  },
  "DELETE /userOrder/:id": {
    expect: [401, 200, 404, 404],
    request: async (world) => ({ params: { id: await freshOrder(world.customer) } }),
  },
  // An order's documents are its customer's and the admins'; to another customer they do not exist.
  "GET /invoices/:number": {
    expect: [401, 200, 404, 200],
    request: async (world) => ({ params: { number: (await documentsOf(world)).invoice } }),
  },
  "GET /credit-notes/:number": {
    expect: [401, 200, 404, 200],
    request: async (world) => ({ params: { number: (await documentsOf(world)).creditNote } }),
  },
  "GET /getOrders": { expect: [401, 403, 403, 200] },
  "GET /admin/orders.csv": { expect: [401, 403, 403, 200], request: () => ({ query: "status=unpaid&search=matrix" }) },
  "GET /admin/parts.csv": { expect: [401, 403, 403, 200] },
  // A dry run of a one-line file: the body is CSV, not JSON.
  "POST /admin/parts/import": {
    expect: [401, 403, 403, 200],
    send: async (_world, token) =>
      fetch(`${shop().url}/admin/parts/import?dryRun=true`, {
        method: "POST",
        headers: { "content-type": "text/csv", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: "part_number,price\r\nMATRIX-1,9.50\r\n",
      }),
  },
  "POST /parts": { expect: [401, 403, 403, 201], request: () => ({ body: partBody }) },
  "PATCH /parts/:id": {
    expect: [401, 403, 403, 200],
    request: async () => ({ params: { id: await freshPart() }, body: { name: "Matrix renamed" } }),
  },
  "POST /parts/:id/restock": {
    expect: [401, 403, 403, 200],
    request: async () => ({ params: { id: await freshPart() }, body: { quantity: 3 } }),
  },
  "POST /parts/:id/retire": {
    expect: [401, 403, 403, 200],
    request: async () => ({ params: { id: await freshPart() } }),
  },
  "POST /parts/:id/restore": {
    expect: [401, 403, 403, 200],
    request: async () => ({ params: { id: await freshPart() } }),
  },
  "POST /create-payment-intent": {
    expect: [401, 200, 404, 404],
    request: (world) => ({ body: { orderId: world.order.id } }),
  },
  "GET /review": { expect: [200, 200, 200, 200] },
  "POST /review": { expect: [401, 201, 201, 201], request: () => ({ body: reviewInput }) },
  "GET /user": { expect: [401, 403, 403, 200] },
  "PUT /user/admin/:email": {
    expect: [401, 403, 403, 200],
    request: async () => ({ params: { email: await freshUserEmail() } }),
  },
  "DELETE /user/admin/:email": {
    expect: [401, 403, 403, 200],
    request: async () => ({ params: { email: await freshAdminEmail() } }),
  },
  // Token issuance: each role presents its own Firebase ID token for the customer's email.
  "PUT /user/:email": {
    expect: [401, 200, 403, 403],
    request: (world) => ({ params: { email: world.customer.email }, credential: "idToken" }),
  },
  "GET /admin/:email": {
    expect: [401, 200, 403, 200],
    request: (world) => ({ params: { email: world.customer.email } }),
  },
  "PUT /profileUpdate/:email": {
    expect: [401, 200, 403, 403],
    request: (world) => ({ params: { email: world.customer.email }, body: profileInput }),
  },
  "POST /newsletter": { expect: [201, 201, 201, 201], request: () => ({ body: { email: freshEmail() } }) },
  // The API's own documents are public: the OpenAPI document, and (outside production) its reference page.
  "GET /openapi.json": { expect: [200, 200, 200, 200] },
  "GET /docs": { expect: [200, 200, 200, 200] },
  "GET /docs/json": { expect: [200, 200, 200, 200] },
  "GET /docs/yaml": { expect: [200, 200, 200, 200] },
  "GET /docs/static/index.html": { expect: [200, 200, 200, 200] },
  "GET /docs/static/swagger-initializer.js": { expect: [200, 200, 200, 200] },
  "GET /docs/static/*": { expect: [200, 200, 200, 200], request: () => ({ params: { "*": "swagger-ui.css" } }) },
};

const GRAPHQL: Record<string, GqlRow> = {
  "Query.node": {
    expect: ["UNAUTHENTICATED", "ok", "null", "ok"],
    query: "query($id: ID!) { node(id: $id) { id } }",
    variables: (world) => ({ id: world.order.globalId }),
  },
  "Query.parts": { expect: ["ok", "ok", "ok", "ok"], query: "{ parts(first: 1) { edges { cursor } } }" },
  "Query.part": {
    expect: ["ok", "ok", "ok", "ok"],
    query: "query($id: ID!) { part(id: $id) { id } }",
    variables: async () => ({ id: await freshPart() }),
  },
  "Query.products": { expect: ["ok", "ok", "ok", "ok"], query: "{ products(first: 1) { edges { cursor } } }" },
  "Query.product": {
    expect: ["ok", "ok", "ok", "ok"],
    query: "query($id: ID!) { product(id: $id) { id slug } }",
    variables: async () => ({ id: await freshProduct() }),
  },
  "Query.laptopBrands": { expect: ["ok", "ok", "ok", "ok"], query: "{ laptopBrands }" },
  "Query.laptopModels": { expect: ["ok", "ok", "ok", "ok"], query: "{ laptopModels(first: 1) { edges { cursor } } }" },
  "Query.reviews": { expect: ["ok", "ok", "ok", "ok"], query: "{ reviews(first: 1) { edges { cursor } } }" },
  "Query.publicConfig": { expect: ["ok", "ok", "ok", "ok"], query: "{ publicConfig { firebaseProjectId } }" },
  "Query.priceDisplay": {
    expect: ["ok", "ok", "ok", "ok"],
    query: "{ priceDisplay { pricesIncludeTax taxZoneName country } }",
  },
  "Query.viewer": { expect: ["null", "ok", "ok", "ok"], query: "{ viewer { email } }" },
  "Query.isAdmin": {
    expect: ["UNAUTHENTICATED", "ok", "FORBIDDEN", "ok"],
    query: "query($email: String!) { isAdmin(email: $email) }",
    variables: (world) => ({ email: world.customer.email }),
  },
  "Query.users": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "{ users(first: 1) { edges { cursor } } }",
  },
  "Query.order": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "ok"],
    // What the whole sale comes to is the order's: read only by whoever reads the order.
    query:
      "query($id: ID!) { order(id: $id) { id shipping tax total sale { total shipTo { name } } shipped fulfilment deliveredAt shipments { trackingUrl } } }",
    variables: (world) => ({ id: world.order.globalId }),
  },
  "Query.orders": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: '{ orders(first: 1, status: UNPAID, search: "a") { edges { cursor } } }',
  },
  // A signed-in customer's cart is their own: no id names it.
  "Query.cart": { expect: ["UNAUTHENTICATED", "ok", "ok", "ok"], query: "{ cart { lineCount } }" },
  "Query.cartPreview": {
    expect: ["ok", "ok", "ok", "ok"],
    query: "query($lines: [CartLineInput!]!) { cartPreview(lines: $lines) { lineCount } }",
    variables: async () => ({ lines: [{ partId: await freshPart(), quantity: 1 }] }),
  },
  // Anyone may quote a cart's lines; a reservation is quoted only by its customer (an admin is told it does not exist).
  "Query.saleQuote": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "NOT_FOUND"],
    query: "query($input: SaleQuoteInput!) { saleQuote(input: $input) { total } }",
    variables: async (world) => ({ input: { orderId: world.order.id, ...(await collectedInOregon()) } }),
  },
  // The address form's countries are public.
  "Query.countries": { expect: ["ok", "ok", "ok", "ok"], query: "{ countries { code } }" },
  "Query.checkout": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "ok"],
    query: "query($id: ID!) { checkout(id: $id) { id summary { total shipTo { name } } } }",
    variables: (world) => ({ id: world.checkout.id }),
  },
  "Query.adminParts": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "{ adminParts(first: 1, status: RETIRED) { edges { cursor } } }",
  },
  "Query.auditLog": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "{ auditLog(first: 1, entityType: PART) { edges { cursor } } }",
  },
  "Query.customer": {
    // Even the customer's own detail is the admins': customers have viewer.
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "query($id: ID!) { customer(id: $id) { user { email } totals { orders } } }",
    variables: async (world) => ({ id: await userIdOf(world.customer.email) }),
  },
  // The carriers and their tracking links are public; the To-ship queue is the admins'.
  "Query.carriers": { expect: ["ok", "ok", "ok", "ok"], query: "{ carriers { code trackingUrlTemplate } }" },
  "Query.toShip": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "{ toShip(first: 1) { totalCount edges { cursor node { customerEmail lines { toShip } } } } }",
  },
  "Query.adminOverview": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "{ adminOverview { revenue revenueByDay { day } } }",
  },

  "Mutation.addProduct": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($input: AddProductInput!) { addProduct(input: $input) { id } }",
    variables: () => ({ input: productInput }),
  },
  "Mutation.updateProduct": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { updateProduct(id: $id, input: { price: 3.5 }) { id } }",
    variables: async () => ({ id: await freshProduct() }),
  },
  "Query.shippingZones": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "{ shippingZones { id } }",
  },
  "Query.taxZones": { expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"], query: "{ taxZones { id } }" },
  "Mutation.createShippingZone": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($input: CreateShippingZoneInput!) { createShippingZone(input: $input) { id } }",
    variables: async () => ({
      input: {
        name: `Matrix ${crypto.randomBytes(4).toString("hex")}`,
        places: [{ country: (await freeCountries(1))[0] }],
      },
    }),
  },
  "Mutation.updateShippingZone": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: 'mutation($id: ID!) { updateShippingZone(id: $id, input: { name: "Matrix renamed" }) { id } }',
    variables: async () => ({ id: (await freshShippingZone()).zoneId }),
  },
  "Mutation.deleteShippingZone": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { deleteShippingZone(id: $id) { deletedId } }",
    variables: async () => ({ id: (await freshShippingZone()).zoneId }),
  },
  "Mutation.addShippingMethod": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query:
      "mutation($zoneId: ID!, $input: ShippingMethodInput!) { addShippingMethod(zoneId: $zoneId, input: $input) { id } }",
    variables: async () => ({ zoneId: (await freshShippingZone()).zoneId, input: methodInput() }),
  },
  "Mutation.updateShippingMethod": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!, $input: ShippingMethodInput!) { updateShippingMethod(id: $id, input: $input) { id } }",
    variables: async () => ({ id: (await freshShippingZone()).methodId, input: methodInput() }),
  },
  "Mutation.removeShippingMethod": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { removeShippingMethod(id: $id) { id } }",
    variables: async () => ({ id: (await freshShippingZone()).methodId }),
  },
  "Mutation.createTaxZone": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($input: CreateTaxZoneInput!) { createTaxZone(input: $input) { id } }",
    variables: async () => ({
      input: {
        name: `Matrix ${crypto.randomBytes(4).toString("hex")}`,
        places: [{ country: (await freeCountries(1, "tax"))[0] }],
        pricesIncludeTax: true,
        taxesShipping: true,
        standardRate: 20,
        reducedRate: 5,
      },
    }),
  },
  "Mutation.updateTaxZone": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { updateTaxZone(id: $id, input: { standardRate: 8.875 }) { id } }",
    variables: async () => ({ id: await freshTaxZone() }),
  },
  "Mutation.deleteTaxZone": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { deleteTaxZone(id: $id) { deletedId } }",
    variables: async () => ({ id: await freshTaxZone() }),
  },
  "Mutation.deleteProduct": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { deleteProduct(id: $id) { deletedId } }",
    variables: async () => ({ id: await freshProduct() }),
  },
  "Mutation.createPart": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($input: CreatePartInput!) { createPart(input: $input) { id } }",
    variables: () => ({ input: partInput }),
  },
  "Mutation.updatePart": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query:
      'mutation($id: ID!) { updatePart(id: $id, input: { name: "Matrix renamed", available: 6, expectedAvailable: 10 }) { id } }',
    variables: async () => ({ id: await freshPart() }),
  },
  "Mutation.importParts": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: 'mutation { importParts(csv: "part_number,price\\nMATRIX-1,9.50\\n", dryRun: true) { lines refused } }',
  },
  "Mutation.restockPart": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { restockPart(id: $id, quantity: 2) { id } }",
    variables: async () => ({ id: await freshPart() }),
  },
  "Mutation.retirePart": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { retirePart(id: $id) { id } }",
    variables: async () => ({ id: await freshPart() }),
  },
  "Mutation.restorePart": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { restorePart(id: $id) { id } }",
    variables: async () => ({ id: await freshPart() }),
  },
  "Mutation.addPartImage": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query:
      'mutation($partId: ID!) { addPartImage(partId: $partId, input: { url: "https://example.com/m.png", alt: "Matrix" }) { id } }',
    variables: async () => ({ partId: await freshPart() }),
  },
  "Mutation.reorderPartImages": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($partId: ID!, $ids: [ID!]!) { reorderPartImages(partId: $partId, imageIds: $ids) { id } }",
    variables: async () => {
      const partId = await freshPart();
      return { partId, ids: [await firstImageOf(partId)] };
    },
  },
  "Mutation.setPartImageAlt": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: 'mutation($id: ID!) { setPartImageAlt(imageId: $id, alt: "Matrix alt") { id } }',
    variables: async () => ({ id: await firstImageOf(await freshPart()) }),
  },
  "Mutation.removePartImage": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { removePartImage(imageId: $id) { id } }",
    variables: async () => ({ id: await secondImageOf(await freshPart()) }),
  },
  "Mutation.addReview": {
    expect: ["UNAUTHENTICATED", "ok", "ok", "ok"],
    query: "mutation($input: AddReviewInput!) { addReview(input: $input) { id } }",
    variables: () => ({ input: reviewInput }),
  },
  "Mutation.placeOrder": {
    expect: ["UNAUTHENTICATED", "ok", "ok", "ok"],
    query: "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }",
    variables: async () => ({
      input: { partId: await freshPart(), quantity: 1, address: "1 Main St", phone: "0123456789" },
    }),
  },
  "Mutation.cancelOrder": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "NOT_FOUND"],
    query: "mutation($id: ID!) { cancelOrder(id: $id) { id } }",
    variables: async (world) => ({ id: await freshOrder(world.customer) }),
  },
  "Mutation.chooseOrderDelivery": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "NOT_FOUND"],
    query: "mutation($input: ChooseOrderDeliveryInput!) { chooseOrderDelivery(input: $input) { id } }",
    variables: async (world) => ({
      input: { orderId: await freshOrder(world.customer), ...(await collectedInOregon()) },
    }),
  },
  "Mutation.adminCancelOrder": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { adminCancelOrder(id: $id) { id } }",
    variables: async (world) => ({ id: await freshOrder(world.customer) }),
  },
  "Mutation.createPaymentIntent": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "NOT_FOUND"],
    query: "mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { clientSecret } }",
    variables: (world) => ({ orderId: world.order.id }),
  },
  "Mutation.confirmOrderPayment": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "NOT_FOUND"],
    query:
      "mutation($orderId: ID!, $transactionId: String!) { confirmOrderPayment(orderId: $orderId, transactionId: $transactionId) { id } }",
    variables: (world) => ({ orderId: world.paid.id, transactionId: world.paid.transactionId }),
  },
  "Mutation.addToCart": {
    expect: ["UNAUTHENTICATED", "ok", "ok", "ok"],
    query: "mutation($line: CartLineInput!) { addToCart(line: $line) { lineCount } }",
    variables: freshLine,
  },
  "Mutation.setCartQuantity": {
    expect: ["UNAUTHENTICATED", "ok", "ok", "ok"],
    query: "mutation($line: CartLineInput!) { setCartQuantity(line: $line) { lineCount } }",
    variables: freshLine,
  },
  "Mutation.removeFromCart": {
    expect: ["UNAUTHENTICATED", "ok", "ok", "ok"],
    query: "mutation($partId: ID!) { removeFromCart(partId: $partId) { lineCount } }",
    variables: async () => ({ partId: await freshPart() }),
  },
  "Mutation.mergeCart": {
    expect: ["UNAUTHENTICATED", "ok", "ok", "ok"],
    query: "mutation($lines: [CartLineInput!]!) { mergeCart(lines: $lines) { lineCount } }",
    variables: async () => ({ lines: [{ partId: await freshPart(), quantity: 1 }] }),
  },
  // A customer's address book is their own: another customer, and an admin, are told the address does not exist.
  "Mutation.addAddress": {
    expect: ["UNAUTHENTICATED", "ok", "ok", "ok"],
    query: "mutation($input: AddressInput!) { addAddress(input: $input) { address { id } } }",
    variables: () => ({ input: matrixAddress }),
  },
  "Mutation.updateAddress": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "NOT_FOUND"],
    query: "mutation($id: ID!, $input: AddressInput!) { updateAddress(id: $id, input: $input) { address { id } } }",
    variables: async (world) => ({ id: await freshAddress(world.customer), input: matrixAddress }),
  },
  "Mutation.removeAddress": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "NOT_FOUND"],
    query: "mutation($id: ID!) { removeAddress(id: $id) { removedId } }",
    variables: async (world) => ({ id: await freshAddress(world.customer) }),
  },
  "Mutation.setDefaultAddress": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "NOT_FOUND"],
    query: "mutation($id: ID!) { setDefaultAddress(id: $id) { address { isDefault } } }",
    variables: async (world) => ({ id: await freshAddress(world.customer) }),
  },
  "Mutation.placeCheckout": {
    expect: ["UNAUTHENTICATED", "ok", "ok", "ok"],
    query: "mutation($input: PlaceCheckoutInput!) { placeCheckout(input: $input) { id } }",
    variables: async () => ({
      input: { lines: [{ partId: await freshPart(), quantity: 1 }], ...(await collectedInOregon()) },
    }),
  },
  // Only the customer pays their checkout; an admin is told it does not exist, as for an order's payment.
  "Mutation.createCheckoutPaymentIntent": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "NOT_FOUND"],
    query: "mutation($checkoutId: ID!) { createCheckoutPaymentIntent(checkoutId: $checkoutId) { clientSecret } }",
    variables: (world) => ({ checkoutId: world.checkout.id }),
  },
  "Mutation.confirmCheckoutPayment": {
    expect: ["UNAUTHENTICATED", "ok", "NOT_FOUND", "NOT_FOUND"],
    query:
      "mutation($checkoutId: ID!, $transactionId: String!) { confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) { id } }",
    variables: (world) => ({ checkoutId: world.paidCheckout.id, transactionId: world.paidCheckout.transactionId }),
  },
  // Each role presents its own Firebase ID token; the visitor has none that verifies.
  "Mutation.signIn": {
    expect: ["UNAUTHENTICATED", "ok", "ok", "ok"],
    query: "mutation($idToken: String!) { signIn(idToken: $idToken) { token } }",
    variables: (world, role) => ({ idToken: role === "visitor" ? "not-a-firebase-token" : world[role].idToken }),
  },
  "Mutation.makeAdmin": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($email: String!) { makeAdmin(email: $email) { id } }",
    variables: async () => ({ email: await freshUserEmail() }),
  },
  "Mutation.demoteAdmin": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($email: String!) { demoteAdmin(email: $email) { id } }",
    variables: async () => ({ email: await freshAdminEmail() }),
  },
  "Mutation.signOut": {
    expect: ["UNAUTHENTICATED", "ok", "ok", "ok"],
    query: "mutation { signOut }",
    token: freshSession,
  },
  // Only admins refund; the customer whose order it is may not refund it either.
  "Mutation.refundOrder": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($id: ID!) { refundOrder(id: $id) { id } }",
    variables: async (world, role) => ({ id: role === "admin" ? await freshPaidOrder(world) : world.paid.id }),
  },
  // Only admins ship and mark parcels delivered; the customer whose order it is may not.
  "Mutation.recordShipment": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($input: RecordShipmentInput!) { recordShipment(input: $input) { id trackingUrl } }",
    variables: async (world, role) => ({
      input: {
        orderId: role === "admin" ? await freshPaidOrder(world) : world.paid.id,
        carrier: "ups",
        trackingNumber: "1Z999AA10123456784",
      },
    }),
  },
  "Mutation.markShipmentDelivered": {
    expect: ["UNAUTHENTICATED", "FORBIDDEN", "FORBIDDEN", "ok"],
    query: "mutation($input: MarkShipmentDeliveredInput!) { markShipmentDelivered(input: $input) { deliveredAt } }",
    variables: async (world, role) => ({
      input: { shipmentId: role === "admin" ? await freshShipment(world) : crypto.randomUUID() },
    }),
  },
  "Mutation.updateProfile": {
    expect: ["UNAUTHENTICATED", "ok", "ok", "ok"],
    query: "mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { userEmail } }",
    variables: () => ({ input: profileInput }),
  },
  "Mutation.subscribeNewsletter": {
    expect: ["ok", "ok", "ok", "ok"],
    query: "mutation($email: String!) { subscribeNewsletter(email: $email) { subscribed } }",
    variables: () => ({ email: freshEmail() }),
  },
};

let world: World;

beforeAll(async () => {
  const [customer, other, admin] = await Promise.all([newPerson("owner"), newPerson("other"), adminPerson()]);
  const orderId = await freshOrder(customer);
  const paidId = await freshOrder(customer);
  const intent = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId: paidId } });
  const { sandboxUrl, publishableKey } = await sandboxOf(shop().url);
  const transactionId = await payInSandbox(sandboxUrl, publishableKey, intent.body.clientSecret);
  const uploaded = await uploadImage(shop().url, customer.token);
  const checkoutId = await freshCheckout(customer);
  const paidCheckoutId = await freshCheckout(customer);
  const checkoutIntent = await gql(
    "mutation($checkoutId: ID!) { createCheckoutPaymentIntent(checkoutId: $checkoutId) { clientSecret } }",
    { checkoutId: paidCheckoutId },
    customer.token,
  );
  const checkoutTransactionId = await payInSandbox(
    sandboxUrl,
    publishableKey,
    checkoutIntent.body.data.createCheckoutPaymentIntent.clientSecret,
  );
  world = {
    customer,
    other,
    admin,
    order: { id: orderId, globalId: orderGlobalId(orderId) },
    paid: { id: paidId, transactionId },
    upload: new URL(uploaded.body.data.url).pathname.split("/").pop()!,
    checkout: { id: checkoutId },
    paidCheckout: { id: paidCheckoutId, transactionId: checkoutTransactionId },
  };
});

const tokenOf = (role: Role, credential: "access" | "idToken" = "access") =>
  role === "visitor" ? undefined : credential === "idToken" ? world[role].idToken : world[role].token;

async function restOutcome(key: string, row: RestRow, role: Role): Promise<number> {
  if (row.send) return (await row.send(world, tokenOf(role))).status;
  const [method, template] = key.split(" ");
  const request = (await row.request?.(world, role)) ?? {};
  const urlPath = template.replace(/:(\w+)|\*$/g, (_match, name = "*") =>
    encodeURIComponent(request.params?.[name] ?? ""),
  );
  const answer = await restAt(shop().url, method, urlPath + (request.query ? `?${request.query}` : ""), {
    token: tokenOf(role, request.credential),
    body: request.body,
  });
  return answer.status;
}

async function graphqlOutcome(key: string, row: GqlRow, role: Role): Promise<string> {
  const field = key.split(".")[1];
  const token = row.token ? await row.token(world, role) : tokenOf(role);
  const answer = await gql(row.query, (await row.variables?.(world, role)) ?? {}, token);
  const error = answer.body.errors?.[0];
  if (error) return error.extensions?.code ?? `no code: ${error.message}`;
  return answer.body.data?.[field] === null ? "null" : "ok";
}

describe("authorization matrix", () => {
  it("has exactly one row for every REST route and every GraphQL query and mutation of the server", async () => {
    const routes = (await restRoutes()).map(routeKey).sort();
    expect(routes.length).toBeGreaterThan(20);
    expect(Object.keys(REST).sort(), "REST routes without a row, or rows for routes that are gone").toEqual(routes);
    const { query, mutation } = await graphqlRootFields();
    const fields = [...query.map((name) => `Query.${name}`), ...mutation.map((name) => `Mutation.${name}`)].sort();
    expect(Object.keys(GRAPHQL).sort(), "GraphQL fields without a row, or rows for fields that are gone").toEqual(
      fields,
    );
  });

  it("every route and operation answers visitor, owner, another customer and admin as the table says", async () => {
    const mismatches: string[] = [];
    for (const [key, row] of Object.entries(REST)) {
      for (const [index, role] of ROLES.entries()) {
        const status = await restOutcome(key, row, role);
        if (status !== row.expect[index])
          mismatches.push(`${key} as ${role}: ${status}, expected ${row.expect[index]}`);
      }
    }
    for (const [key, row] of Object.entries(GRAPHQL)) {
      for (const [index, role] of ROLES.entries()) {
        const outcome = await graphqlOutcome(key, row, role);
        if (outcome !== row.expect[index])
          mismatches.push(`${key} as ${role}: ${outcome}, expected ${row.expect[index]}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
