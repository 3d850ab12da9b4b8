import crypto from "node:crypto";
import zlib from "node:zlib";
import pg from "pg";
import { Answer, createFirebaseAccount, firebaseSignIn, rest, shop, uniqueEmail, withDatabase } from "./client";
import { assertMatchesContract } from "./contract";

/** A signed-in user with both credentials: the Firebase ID token (proof) and the shop's access token. */
export interface Person {
  email: string;
  idToken: string;
  token: string;
}

/** A new customer of the suite's shop, keeping the Firebase ID token too (for sign-in tests). */
export async function newPerson(label: string): Promise<Person> {
  const email = uniqueEmail(label);
  const { idToken } = await createFirebaseAccount(email, "secret-123", `${label} person`);
  const answer = await rest("PUT", `/user/${email}`, { token: idToken });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { email, idToken, token: answer.body.token };
}

/** The seeded admin, with a fresh ID token. */
export async function adminPerson(): Promise<Person> {
  const email = "admin@partshop.dev";
  const { idToken } = await firebaseSignIn(email, "partshop-admin");
  const answer = await rest("PUT", `/user/${email}`, { token: idToken });
  if (answer.status !== 200) throw new Error(`admin sign-in failed: ${JSON.stringify(answer.body)}`);
  return { email, idToken, token: answer.body.token };
}

/** `rest` for any shop, not only the suite's. */
export async function restAt<T = any>(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(baseUrl + urlPath, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  const answer = { status: response.status, body, headers: response.headers };
  await assertMatchesContract(baseUrl, method, urlPath, answer);
  return answer;
}

/** What the browser does with a client secret: confirm the card (a test card's number) in the payment sandbox. */
export async function payInSandbox(
  sandboxUrl: string,
  publishableKey: string,
  clientSecret: string,
  card = "4242424242424242",
) {
  const intentId = clientSecret.split("_secret_")[0];
  const form = new URLSearchParams({
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": card,
    "payment_method_data[card][exp_month]": "12",
    "payment_method_data[card][exp_year]": "2034",
    "payment_method_data[card][cvc]": "123",
  });
  const response = await fetch(`${sandboxUrl}/v1/payment_intents/${intentId}/confirm`, {
    method: "POST",
    headers: { authorization: `Bearer ${publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
  const body: any = await response.json();
  if (response.status !== 200 || body.status !== "succeeded")
    throw new Error(`payment failed: ${response.status} ${JSON.stringify(body)}`);
  return intentId;
}

export async function sandboxOf(baseUrl: string): Promise<{ sandboxUrl: string; publishableKey: string }> {
  const answer = await restAt(baseUrl, "POST", "/graphql", {
    body: { query: "{ publicConfig { paymentSandboxUrl stripePublishableKey } }" },
  });
  return {
    sandboxUrl: answer.body.data.publicConfig.paymentSandboxUrl,
    publishableKey: answer.body.data.publicConfig.stripePublishableKey,
  };
}

/**
 * Columns the shop's own jobs change in the background, whatever requests arrive: the email
 * worker's delivery state. Comparisons of the data before and after requests leave them out.
 */
export const BACKGROUND_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  email_outbox: ["attempts", "next_attempt_at", "last_error", "sent_at", "failed_at"],
};

/** A row of `table` as text for comparisons: every column but BACKGROUND_COLUMNS, `t` its alias. */
export function comparedRowText(table: string, columns: readonly string[]) {
  const background = BACKGROUND_COLUMNS[table];
  if (!background) return null;
  return `ROW(${columns
    .filter((column) => !background.includes(column))
    .map((column) => `t."${column}"`)
    .join(", ")})::text`;
}

/** Every row of every table of the shop's schema, in a stable order: equal dumps mean equal data. */
export async function dumpDatabase(databaseUrl = shop().databaseUrl): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ table_name: string; columns: string[] }>(
      // rate_limits counts requests, refused ones included: it is not the shop's data.
      `SELECT c.table_name, array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
       FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> 'rate_limits'
       GROUP BY c.table_name ORDER BY c.table_name`,
    );
    const dump: Record<string, unknown[]> = {};
    for (const { table_name, columns } of tables) {
      // Row text ordered by itself: every column compared, whatever the table's key.
      const row = comparedRowText(table_name, columns) ?? "t::text";
      const { rows } = await client.query(`SELECT ${row} AS row FROM "${table_name}" t ORDER BY 1`);
      dump[table_name] = rows.map((row) => row.row);
    }
    return dump;
  } finally {
    await client.end();
  }
}

/** The names of the images the shop has stored (in its database). */
export const storedImages = (): Promise<string[]> =>
  withDatabase(async (client) =>
    (await client.query("SELECT name FROM images ORDER BY name")).rows.map((row) => row.name),
  );

/** A 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63d0aabff21f0004d1027d3d64a16a0000000049454e44ae426082",
  "hex",
);

/** A complete PNG no other test has: TINY_PNG with a text chunk of random words before its end. */
export function distinctPng(): Buffer {
  const text = Buffer.from(`Comment\0${crypto.randomBytes(12).toString("hex")}`, "latin1");
  const chunk = Buffer.alloc(12 + text.length);
  chunk.writeUInt32BE(text.length, 0);
  chunk.write("tEXt", 4, "latin1");
  text.copy(chunk, 8);
  chunk.writeUInt32BE(zlib.crc32(chunk.subarray(4, 8 + text.length)), 8 + text.length);
  const end = TINY_PNG.length - 12; // IEND
  return Buffer.concat([TINY_PNG.subarray(0, end), chunk, TINY_PNG.subarray(end)]);
}

export async function uploadImage(
  baseUrl: string,
  token: string | undefined,
  file: Buffer = TINY_PNG,
  field = "image",
) {
  const form = new FormData();
  form.append(field, new Blob([file], { type: "image/png" }), "photo.png");
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}/upload`, { method: "POST", body: form, headers });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  const answer = { status: response.status, body, headers: response.headers };
  await assertMatchesContract(baseUrl, "POST", "/upload", answer);
  return answer;
}

/** Waits for what happens after an answer (a webhook, a job): `check` passes within the time given, or its last failure is the test's. */
export async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
