import crypto from "node:crypto";
import { gql, insertPart, orderBody, rest, shop, withDatabase } from "../../support/client";
import { payInSandbox, sandboxOf, uploadImage } from "../../support/fixtures";
import { freshShippingZone, freshTaxZone } from "../../support/zones";
import { People } from "./callers";

/**
 * Real values of records, so that generated requests get past "not found" and reach the services'
 * rules: ids (database and global) of every kind of record (addresses among them), the people's emails, an uploaded
 * image, cursors, PaymentIntent ids. Every record is the fuzzer's own (the suite's other tests
 * share the shop and count on theirs and on the seeded catalogue), and the ones the fuzzer may
 * use up (a product to delete, an order to cancel) are made afresh for every property.
 */
export interface World {
  people: People;
  /** Database ids (uuids) of parts, products, reviews, orders, users, addresses, shipping zones and methods, tax zones and shipments. */
  databaseIds: string[];
  /** Relay global ids of the same records. */
  globalIds: string[];
  emails: string[];
  /** Names of stored images (GET /uploads/{name}) and their URLs. */
  uploadNames: string[];
  uploadUrls: string[];
  cursors: string[];
  /** A paid order's PaymentIntent and an unpaid order's open one. */
  paymentIntentIds: string[];
  /** The customer's invoice and credit note numbers, and the bystander's invoice's. */
  documentNumbers: string[];
  firebaseIdTokens: string[];
  /** The records made for the current property (see `replenish`), ahead of the lasting ones. */
  fresh: Array<{ type: string; id: string }>;
  lasting: Array<{ type: string; id: string }>;
}

const globalIdOf = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64url");

async function placeOrder(token: string): Promise<string> {
  const placed = await rest("POST", "/order", { token, body: orderBody(await insertPart({ available: 50 }), 1) });
  if (placed.status !== 201) throw new Error(`order failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body.insertedId;
}

async function openPaymentIntent(token: string, orderId: string): Promise<string> {
  const intent = await rest("POST", "/create-payment-intent", { token, body: { orderId } });
  if (intent.status !== 200) throw new Error(`payment intent failed: ${intent.status} ${JSON.stringify(intent.body)}`);
  return intent.body.clientSecret as string;
}

/** Pays an order in the sandbox and waits for its webhook, so no change arrives later while the fuzzer compares the data. */
async function payOrder(token: string, orderId: string): Promise<string> {
  const { sandboxUrl, publishableKey } = await sandboxOf(shop().url);
  const intentId = await payInSandbox(sandboxUrl, publishableKey, await openPaymentIntent(token, orderId));
  await rest("PATCH", `/order/${orderId}`, { token, body: { transactionId: intentId } });
  for (let attempt = 0; attempt < 100; attempt++) {
    const order = await rest("GET", `/order/${orderId}`, { token });
    if (order.body.paid) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The sandbox's own webhook for this payment races the PATCH above; let it land.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return intentId;
}

/** A parcel of a paid order of the customer, recorded by the admin (the fuzzer may mark it delivered). */
async function shipOrder(adminToken: string, orderId: string): Promise<string> {
  const shipped = await gql(
    "mutation($input: RecordShipmentInput!) { recordShipment(input: $input) { databaseId } }",
    { input: { orderId, carrier: "ups", trackingNumber: "1Z999AA10123456784" } },
    adminToken,
  );
  if (shipped.body.errors) throw new Error(`shipment failed: ${JSON.stringify(shipped.body.errors)}`);
  return shipped.body.data.recordShipment.databaseId;
}

/** An address in the person's book (the fuzzer may edit or remove it). */
async function addAddress(token: string): Promise<string> {
  const added = await gql(
    "mutation($input: AddressInput!) { addAddress(input: $input) { address { databaseId } } }",
    {
      input: {
        name: "Fuzz",
        line1: "1 Fuzz Street",
        city: "Bristol",
        postalCode: "BS1 5TY",
        country: "GB",
        phone: "+441174960000",
      },
    },
    token,
  );
  if (added.body.errors) throw new Error(`address failed: ${JSON.stringify(added.body.errors)}`);
  return added.body.data.addAddress.address.databaseId;
}

/** A product of the fuzzer's own (products have no REST or GraphQL way in but the admin's). */
async function insertProduct(): Promise<string> {
  return withDatabase(
    async (client) =>
      (
        await client.query(`INSERT INTO products (name) VALUES ($1) RETURNING id`, [
          `Fuzz ${crypto.randomBytes(3).toString("hex")}`,
        ])
      ).rows[0].id,
  );
}

async function postReview(token: string): Promise<string> {
  const review = await rest("POST", "/review", {
    token,
    body: { name: "Fuzz", ratings: 4, description: "A review of the fuzzer's own", img: "https://example.com/r.png" },
  });
  if (review.status !== 201) throw new Error(`review failed: ${JSON.stringify(review.body)}`);
  return review.body.insertedId;
}

async function userIds(emails: string[]): Promise<string[]> {
  return withDatabase(async (client) =>
    (await client.query(`SELECT id FROM users WHERE email = ANY($1) ORDER BY email`, [emails])).rows.map((row) =>
      String(row.id),
    ),
  );
}

/** The invoices and credit notes of paid orders' headers (a reservation's header has its line's id). */
async function documentsOf(orderIds: string[]): Promise<Array<{ type: string; id: string; number: string }>> {
  return withDatabase(async (client) =>
    (
      await client.query(
        `SELECT 'Invoice' AS type, id, number FROM invoices WHERE checkout_id = ANY($1::uuid[])
         UNION ALL SELECT 'CreditNote', n.id, n.number FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id WHERE i.checkout_id = ANY($1::uuid[])`,
        [orderIds],
      )
    ).rows.map((row) => ({ type: String(row.type), id: String(row.id), number: String(row.number) })),
  );
}

/** Points the id pools at the current records: this property's fresh ones first. */
function refreshIds(world: World): void {
  const records = [...world.fresh, ...world.lasting];
  world.databaseIds = [...new Set(records.map((record) => record.id))];
  world.globalIds = [...new Set(records.map((record) => globalIdOf(record.type, record.id)))];
}

/**
 * A part, a product, an unpaid order, an address of the customer and zones made for the next
 * property (earlier ones may be used up). The address only while the book has room: properties may fill it.
 */
export async function replenish(world: World): Promise<void> {
  const [part, product, order, address, shipping, taxZone] = await Promise.all([
    insertPart({ available: 30, minOrderQuantity: 2 }),
    insertProduct(),
    placeOrder(world.people.customer.token),
    addAddress(world.people.customer.token).catch(() => null),
    freshShippingZone(),
    freshTaxZone(),
  ]);
  world.fresh = [
    { type: "Part", id: part },
    { type: "Product", id: product },
    { type: "Order", id: order },
    { type: "ShippingZone", id: shipping.zoneId },
    { type: "ShippingMethod", id: shipping.methodId },
    { type: "TaxZone", id: taxZone },
    ...(address ? [{ type: "Address", id: address }] : []),
  ];
  refreshIds(world);
}

export async function buildWorld(people: People): Promise<World> {
  const { customer, bystander, admin } = people;
  const unpaid = await placeOrder(customer.token);
  const foreign = await placeOrder(bystander.token);
  const paid = await placeOrder(customer.token);
  const shipped = await placeOrder(customer.token);
  const openIntent = (await openPaymentIntent(customer.token, unpaid)).split("_secret_")[0];
  const paidIntent = await payOrder(customer.token, paid);
  const refunded = await placeOrder(customer.token);
  const foreignPaid = await placeOrder(bystander.token);
  await Promise.all([
    payOrder(customer.token, shipped),
    payOrder(customer.token, refunded),
    payOrder(bystander.token, foreignPaid),
  ]);
  const [shipment] = await Promise.all([
    shipOrder(admin.token, shipped),
    gql("mutation($id: ID!) { refundOrder(id: $id) { id } }", { id: refunded }, admin.token),
  ]);
  const documents = await documentsOf([paid, refunded, foreignPaid]);
  const uploaded = await uploadImage(shop().url, customer.token);
  if (uploaded.status !== 201) throw new Error(`upload failed: ${JSON.stringify(uploaded.body)}`);
  const subscriber = `fuzz-subscriber-${Date.now()}@example.com`;
  await rest("POST", "/newsletter", { body: { email: subscriber } });
  const page = await gql("{ parts(first: 3) { edges { cursor } pageInfo { endCursor } } }");
  const url: string = uploaded.body.data.url;
  const emails = [customer.email, bystander.email, admin.email];
  const world: World = {
    people,
    databaseIds: [],
    globalIds: [],
    emails: [...emails, subscriber],
    uploadNames: [url.split("/").pop()!],
    uploadUrls: [url],
    cursors: [
      ...page.body.data.parts.edges.map((edge: { cursor: string }) => edge.cursor),
      page.body.data.parts.pageInfo.endCursor,
    ],
    paymentIntentIds: [paidIntent, openIntent],
    documentNumbers: documents.map((document) => document.number),
    firebaseIdTokens: [customer.idToken, bystander.idToken],
    fresh: [],
    lasting: [
      { type: "Order", id: unpaid },
      { type: "Order", id: foreign },
      { type: "Order", id: paid },
      { type: "Order", id: shipped },
      { type: "Shipment", id: shipment },
      { type: "Part", id: await insertPart({ available: 5 }) },
      { type: "Review", id: await postReview(customer.token) },
      { type: "Address", id: await addAddress(customer.token) },
      { type: "Address", id: await addAddress(bystander.token) },
      ...(await userIds(emails)).map((id) => ({ type: "User", id })),
      ...documents.map(({ type, id }) => ({ type, id })),
    ],
  };
  await replenish(world);
  return world;
}
