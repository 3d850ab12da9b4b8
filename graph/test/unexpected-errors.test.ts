import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shop } from "./support/client";
import { embeddedDatabaseUrl, ShopProcess, shopEnv, spawnShop } from "./support/processes";

/*
 * A fault nobody planned for (here: a column renamed under the running shop) must answer 500 with a
 * request id the client can quote, and the shop's log must have one line for it with the same id,
 * the route or GraphQL operation, and the stack.
 */
let faulty: ShopProcess;
let databaseUrl: string;

const logLines = () =>
  faulty
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));
/** The error lines logged for a request (the shop's output reaches the test a moment after its answer). */
async function errorLinesOf(requestId: string | null): Promise<any[]> {
  for (let waited = 0; ; waited += 50) {
    const lines = logLines().filter((line) => line.requestId === requestId && line.level >= 50);
    if (lines.length || waited > 3000) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const onDatabase = async (sql: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  const env = await shopEnv("faulty", {
    FIREBASE_AUTH_EMULATOR_HOST: new URL(shop().emulatorUrl).host,
    LOG_FORMAT: "json",
  });
  faulty = await spawnShop(env, { timeoutMs: 90_000 });
  databaseUrl = embeddedDatabaseUrl(env.DATA_DIR, Number(env.EMBEDDED_PG_PORT));
  await onDatabase("ALTER TABLE products RENAME COLUMN description TO description_gone");
});

afterAll(async () => {
  await faulty?.stop();
  if (faulty) fs.rmSync(faulty.dataDir, { recursive: true, force: true });
});

describe("an unexpected error", () => {
  it("over REST answers 500 with the request id, logged once with that id, the route and the stack", async () => {
    const response = await fetch(`${faulty.url}/product`, { headers: { accept: "application/json" } });
    const body = await response.json();
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toEqual({ error: "Something went wrong on our side", requestId });
    const lines = await errorLinesOf(requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "Unexpected error", route: "GET /product" });
    expect(lines[0].err.stack).toMatch(/description/);
    expect(lines[0].err.stack).toMatch(/\n\s+at /);
  });

  it("over GraphQL answers INTERNAL_SERVER_ERROR with the request id, logged once with the operation and the stack", async () => {
    const response = await fetch(`${faulty.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: "query NewArrivalsForTheLog { products(first: 1) { edges { node { description } } } }",
      }),
    });
    const body = (await response.json()) as any;
    const requestId = response.headers.get("x-request-id");
    expect(body.errors[0]).toEqual(
      expect.objectContaining({
        message: "Something went wrong on our side",
        extensions: { code: "INTERNAL_SERVER_ERROR", requestId },
      }),
    );
    const lines = await errorLinesOf(requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "Unexpected GraphQL error", operation: "NewArrivalsForTheLog" });
    expect(lines[0].err.stack).toMatch(/\n\s+at /);
  });

  it("a client's own request id (from a load balancer) is kept and answered", async () => {
    const response = await fetch(`${faulty.url}/healthz`, { headers: { "x-request-id": "lb-7f3a9c21" } });
    expect(response.headers.get("x-request-id")).toBe("lb-7f3a9c21");
    const cached = await fetch(`${faulty.url}/parts`, { headers: { "x-request-id": "lb-cached-01" } });
    const again = await fetch(`${faulty.url}/parts`, { headers: { "x-request-id": "lb-cached-02" } });
    expect([cached.headers.get("x-request-id"), again.headers.get("x-request-id")]).toEqual([
      "lb-cached-01",
      "lb-cached-02",
    ]);
  });
});
