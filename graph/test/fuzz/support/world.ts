import { gql, insertPart, orderBody, rest, shop, withDatabase } from "../../support/client";
import { payInSandbox, sandboxOf, uploadImage } from "../../support/fixtures";
import { People } from "./callers";

/**
 * Real values of the shop's records, so that generated requests get past "not found" and reach
 * the services' rules: ids (database and global) of every kind of record, the people's emails,
 * an uploaded image, cursors, PaymentIntent ids.
 */
export interface World {
  people: People;
  /** Database ids (uuids) of parts, products, reviews, orders and users, the fixtures' first. */
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
  firebaseIdTokens: string[];
}

const NODE_TABLES = { Part: "parts", Product: "products", Review: "reviews", Order: "orders", User: "users" } as const;
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

/** Some records of each kind, newest first: the fuzzer's own and whatever the suite made before. */
async function recordIds(): Promise<Array<{ type: string; id: string }>> {
  return withDatabase(async (client) => {
    const found: Array<{ type: string; id: string }> = [];
    for (const [type, table] of Object.entries(NODE_TABLES)) {
      const { rows } = await client.query(`SELECT id FROM ${table} ORDER BY created_at DESC NULLS LAST, id LIMIT 4`);
      found.push(...rows.map((row) => ({ type, id: String(row.id) })));
    }
    return found;
  });
}

export async function buildWorld(people: People): Promise<World> {
  const { customer, bystander, admin } = people;
  const unpaid = await placeOrder(customer.token);
  const foreign = await placeOrder(bystander.token);
  const paid = await placeOrder(customer.token);
  const openIntent = (await openPaymentIntent(customer.token, unpaid)).split("_secret_")[0];
  const paidIntent = await payOrder(customer.token, paid);
  const uploaded = await uploadImage(shop().url, customer.token);
  if (uploaded.status !== 201) throw new Error(`upload failed: ${JSON.stringify(uploaded.body)}`);
  const subscriber = `fuzz-subscriber-${Date.now()}@example.com`;
  await rest("POST", "/newsletter", { body: { email: subscriber } });
  const page = await gql("{ parts(first: 3) { edges { cursor } pageInfo { endCursor } } }");
  const records = [{ type: "Order", id: unpaid }, { type: "Order", id: foreign }, { type: "Order", id: paid }, ...(await recordIds())];
  const url: string = uploaded.body.data.url;
  return {
    people,
    databaseIds: [...new Set(records.map((record) => record.id))],
    globalIds: [...new Set(records.map((record) => globalIdOf(record.type, record.id)))],
    emails: [customer.email, bystander.email, admin.email, "customer@partshop.dev", subscriber],
    uploadNames: [url.split("/").pop()!],
    uploadUrls: [url],
    cursors: [...page.body.data.parts.edges.map((edge: { cursor: string }) => edge.cursor), page.body.data.parts.pageInfo.endCursor],
    paymentIntentIds: [paidIntent, openIntent],
    firebaseIdTokens: [customer.idToken, bystander.idToken],
  };
}
