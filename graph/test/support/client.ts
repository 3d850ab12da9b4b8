import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import pg from "pg";
import { inject } from "vitest";
import { assertMatchesContract } from "./contract";

/**
 * The shop this test file runs against: its worker's (VITEST_POOL_ID, from 1), with a database of
 * its own, shared only with the files that run in the same worker before and after this one.
 */
export const shop = () => {
  const shops = inject("shops");
  return shops[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % shops.length];
};

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function rest<T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(shop().url + path, { method, headers, body });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  const answer = { status: response.status, body: parsed, headers: response.headers };
  await assertMatchesContract(shop().url, method, path, answer);
  return answer;
}

/**
 * A GET sent as written, its answer as it came on the wire: fetch unpacks gzip by itself and adds
 * Cache-Control: no-cache to a conditional request (the Fetch standard), which no cache answers 304.
 */
export function getRaw(
  url: string,
  headers: http.OutgoingHttpHeaders,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    (url.startsWith("https:") ? https : http)
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

export async function gql<T = any>(
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<Answer<{ data?: T; errors?: any }>> {
  return rest("POST", "/graphql", { token, body: { query, variables } });
}

/** The first error's code, or undefined. */
export const errorCode = (answer: Answer<{ errors?: any[] }>) => answer.body.errors?.[0]?.extensions?.code;

const emulator = (path: string) => `${shop().emulatorUrl}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`;

/**
 * The emulator (Node's http server) closes a keep-alive connection idle for 5 s; fetch may send
 * on one at that very moment and see "other side closed" before the request was read. Sent again
 * once on a new connection.
 */
async function postToEmulator(url: string, body: string): Promise<Response> {
  const post = () => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
  try {
    return await post();
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw error;
    return post();
  }
}

export async function emulatorCall(path: string, body: unknown): Promise<any> {
  const response = await postToEmulator(emulator(path), JSON.stringify(body));
  const json = await response.json();
  if (!response.ok) throw new Error(`emulator ${path}: ${JSON.stringify(json)}`);
  return json;
}

export const uniqueEmail = (label: string) => `${label}${crypto.randomBytes(5).toString("hex")}@example.com`;

/** Creates a Firebase account in the Auth Emulator and returns its ID token. */
export async function createFirebaseAccount(email: string, password = "secret-123", displayName?: string) {
  const created = await emulatorCall("accounts:signUp", { email, password, returnSecureToken: true });
  if (displayName) {
    await emulatorCall("accounts:update", { idToken: created.idToken, displayName, returnSecureToken: true });
    return { ...(await firebaseSignIn(email, password)), localId: created.localId as string };
  }
  return { idToken: created.idToken as string, localId: created.localId as string };
}

export async function firebaseSignIn(email: string, password: string): Promise<{ idToken: string }> {
  const signedIn = await emulatorCall("accounts:signInWithPassword", { email, password, returnSecureToken: true });
  return { idToken: signedIn.idToken };
}

export interface Shopper {
  email: string;
  token: string;
  name: string;
}

/** A new customer with a shop access token, obtained the way the web app does (PUT /user/{email}). */
export async function newCustomer(label = "customer", displayName = "Test Customer"): Promise<Shopper> {
  const email = uniqueEmail(label);
  const { idToken } = await createFirebaseAccount(email, "secret-123", displayName);
  const answer = await rest("PUT", `/user/${email}`, { token: idToken, body: { email } });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { email, token: answer.body.token, name: displayName };
}

let adminPromise: Promise<Shopper> | undefined;
/** The seeded admin (admin@partshop.dev, listed in ADMIN_EMAILS). */
export function seededAdmin(): Promise<Shopper> {
  adminPromise ??= (async () => {
    const email = "admin@partshop.dev";
    const { idToken } = await firebaseSignIn(email, "partshop-admin");
    const answer = await rest("PUT", `/user/${email}`, { token: idToken, body: { email } });
    if (answer.status !== 200) throw new Error(`admin sign-in failed: ${JSON.stringify(answer.body)}`);
    return { email, token: answer.body.token, name: "Partshop Admin" };
  })();
  return adminPromise;
}

/** Runs `work` on a connection to the suite's database. */
export function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withDatabaseAt(shop().databaseUrl, work);
}

/** The PostgreSQL backends of the suite database's change-feed (LISTEN) connections, one per shop process on it. */
export const listenBackends = () =>
  withDatabase(async (client) =>
    (
      await client.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'partshop-change-feed' ORDER BY pid",
      )
    ).rows.map((row) => row.pid),
  );

/** Runs `work` on a connection to any database, closed afterwards. */
export async function withDatabaseAt<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh part for tests that need known stock (parts have no write API: the catalogue is seeded). */
export async function insertPart(fields: {
  available: number;
  minOrderQuantity?: number;
  priceCents?: number;
  name?: string;
}) {
  return withDatabase(async (client) => {
    const { rows } = await client.query(
      `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
       VALUES ($1, '/images/parts/dc-jack.svg', $2, $3, $4, 'A part made by a test') RETURNING id`,
      [
        fields.name ?? `Test part ${crypto.randomBytes(3).toString("hex")}`,
        fields.priceCents ?? 1250,
        fields.available,
        fields.minOrderQuantity ?? 1,
      ],
    );
    return rows[0].id as string;
  });
}

export async function availableOf(partId: string): Promise<number> {
  const answer = await rest("GET", `/parts/${partId}`);
  return answer.body.available;
}

export function orderBody(partId: string, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    orderId: partId,
    order: "ignored",
    price: 0.01,
    quantity,
    address: "12 Harbour Road, Bristol",
    phone: "0123456789",
    ...extra,
  };
}
