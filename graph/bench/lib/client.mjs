// HTTP helpers for the benchmark: the shop's REST and GraphQL, and the Auth Emulator.
import crypto from "node:crypto";
import http from "node:http";

export async function call(baseUrl, method, path, { token, body, headers = {} } = {}) {
  const allHeaders = { accept: "application/json", ...headers };
  if (token) allHeaders.authorization = `Bearer ${token}`;
  if (body !== undefined) allHeaders["content-type"] = "application/json";
  const response = await fetch(baseUrl + path, {
    method,
    headers: allHeaders,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed, text, headers: response.headers };
}

// Kept-alive sockets for the reservation storms: Node's fetch costs the load generator several
// times the CPU of a plain http.request, and it shares the machine with the servers.
const stormAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** POST of a JSON body over a kept-alive socket; answers { status, body, text }. */
export function postJson(baseUrl, path, { token, body }) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const headers = {
      accept: "application/json",
      "content-type": "application/json",
      "content-length": Buffer.byteLength(payload),
    };
    if (token) headers.authorization = `Bearer ${token}`;
    const request = http.request(baseUrl + path, { method: "POST", agent: stormAgent, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        let parsed = text;
        try {
          parsed = JSON.parse(text);
        } catch {}
        resolve({ status: response.statusCode, body: parsed, text });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(payload);
  });
}

export const gql = (baseUrl, query, variables = {}, token) =>
  call(baseUrl, "POST", "/graphql", { token, body: { query, variables } });

export function expectOk(answer, what) {
  if (answer.status < 200 || answer.status >= 300 || answer.body?.errors) {
    throw new Error(`${what}: ${answer.status} ${typeof answer.text === "string" ? answer.text.slice(0, 500) : ""}`);
  }
  return answer.body;
}

async function emulatorCall(emulatorHost, path, body) {
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`emulator ${path}: ${JSON.stringify(json)}`);
  return json;
}

/** A Firebase account in the emulator, exchanged for the shop's access token (PUT /user/{email}). */
export async function newCustomer(emulatorHost, shopUrl, label) {
  const email = `${label}-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const { idToken } = await emulatorCall(emulatorHost, "accounts:signUp", {
    email,
    password: "bench-secret-123",
    returnSecureToken: true,
  });
  return { email, token: await exchange(shopUrl, email, idToken) };
}

export async function signIn(emulatorHost, shopUrl, email, password) {
  const { idToken } = await emulatorCall(emulatorHost, "accounts:signInWithPassword", {
    email,
    password,
    returnSecureToken: true,
  });
  return { email, token: await exchange(shopUrl, email, idToken) };
}

async function exchange(shopUrl, email, idToken) {
  const answer = await call(shopUrl, "PUT", `/user/${encodeURIComponent(email)}`, { token: idToken, body: { email } });
  return expectOk(answer, `sign-in of ${email}`).token;
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function inBatches(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

/** One request of a scenario (autocannon options), sent once: its answer's text, or an error if it failed. */
export async function answerOnce(name, options) {
  const request = options.requests
    ? { ...options.requests[0], body: options.requests[0].setupRequest({}).body }
    : options;
  const response = await fetch(options.url, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  if (response.status !== 200 || text.includes('"errors"'))
    throw new Error(`${name} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}
