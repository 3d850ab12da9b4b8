import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAPH_DIR, type ShopProcess } from "./support/processes";
import { startSiblingShop } from "./support/siblings";

/*
 * The web app's documents known to the server: a shop whose web build carries
 * codegen's manifest runs a document of it from its hash alone; any other hash without text is
 * refused with PERSISTED_QUERY_NOT_FOUND and is never learnt; documents sent as text (Sandbox, API
 * clients) run as before.
 */

const MANIFEST = path.join(GRAPH_DIR, "..", "web", "src", "lib", "gql", "persisted-documents.json");
const manifest = JSON.parse(fs.readFileSync(MANIFEST, "utf8")) as Record<string, string>;

/** The hex sha256 the web app sends for its document named `operation`, and the document's text. */
function webDocument(operation: string): { hash: string; text: string } {
  const found = Object.entries(manifest).find(([, text]) => text.startsWith(`query ${operation} `));
  if (!found) throw new Error(`the web app has no query ${operation}: pick another one for this test`);
  return { hash: found[0].replace(/^sha256:/, ""), text: found[1] };
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");
const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

let persistedShop: ShopProcess;
let webDistDir: string;
beforeAll(async () => {
  // A web build as the shop reads it: its page and, beside the server entry, codegen's manifest.
  webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-persisted-web-"));
  fs.writeFileSync(path.join(webDistDir, "index.html"), "<!doctype html><title>Persisted documents</title>");
  fs.mkdirSync(path.join(webDistDir, "server"));
  fs.copyFileSync(MANIFEST, path.join(webDistDir, "server", "persisted-documents.json"));
  persistedShop = await startSiblingShop("persisted", { WEB_DIST_DIR: webDistDir });
}, 120_000);
afterAll(async () => {
  await persistedShop?.stop();
  if (webDistDir) fs.rmSync(webDistDir, { recursive: true, force: true });
});

async function post(body: unknown) {
  const response = await fetch(`${persistedShop.url}/graphql`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

describe("the web app's documents sent by hash", () => {
  it("a document of the web app runs from its hash alone, with the answer its text gets", async () => {
    const brands = webDocument("CatalogueBrands");
    const byHash = await post({ operationName: "CatalogueBrands", variables: {}, extensions: persisted(brands.hash) });
    expect(byHash.status).toBe(200);
    expect(byHash.body.errors).toBeUndefined();
    expect(byHash.body.data.laptopBrands.length).toBeGreaterThan(0);
    const byText = await post({ query: brands.text, variables: {} });
    expect(byHash.body).toEqual(byText.body);
  });

  it("a hash the shop does not know answers PERSISTED_QUERY_NOT_FOUND with a message, and sending its text does not register it", async () => {
    const text = "query NotTheWebApps { laptopBrands }";
    const unknown = await post({ extensions: persisted(sha256(text)) });
    expect(unknown.status).toBeLessThan(500);
    expect(unknown.body.errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect(unknown.body.errors[0].message).toMatch(/send the document's text in `query`/);
    expect(unknown.body.data).toBeUndefined();

    // An automatic-persisted-query client sends the text with the hash: it runs, as text does...
    const withText = await post({ query: text, extensions: persisted(sha256(text)) });
    expect(withText.body.errors).toBeUndefined();
    expect(withText.body.data.laptopBrands.length).toBeGreaterThan(0);
    // ...and the shop still knows only the web app's documents.
    const again = await post({ extensions: persisted(sha256(text)) });
    expect(again.body.errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
  });

  it("a hash sent with a text it is not the hash of is refused, and the text does not run", async () => {
    const brands = webDocument("CatalogueBrands");
    const answer = await post({
      query: "query Other { publicConfig { firebaseProjectId } }",
      extensions: persisted(brands.hash),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(answer.body.errors[0].message).toMatch(/sha256Hash is not the sha256 of `query`/);
    expect(answer.body.data).toBeUndefined();
  });

  it("a document sent as text still runs, within the same limits", async () => {
    const answer = await post({ query: "query FromSandbox { laptopBrands publicConfig { firebaseProjectId } }" });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.publicConfig.firebaseProjectId).toBeTruthy();
    // Nested past the depth limit: refused by text exactly as before.
    const tooDeep = "{ " + Array.from({ length: 11 }, (_, i) => `f${i} {`).join(" ") + " x " + "} ".repeat(11) + "}";
    const refused = await post({ query: tooDeep });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error: any) => error.extensions.limit)).toContain("depth");
  });

  it("a document sent by hash is answered from memory at the edge like its text", async () => {
    const brands = webDocument("CatalogueBrands");
    const ask = () => post({ operationName: "CatalogueBrands", variables: {}, extensions: persisted(brands.hash) });
    const first = await ask();
    let answer = await ask();
    // Recorded the second time it is asked; a change committed meanwhile may drop it: ask a few times.
    for (let attempt = 0; attempt < 3 && answer.headers.get("x-sql-queries") !== "0"; attempt++) answer = await ask();
    expect(answer.headers.get("x-sql-queries")).toBe("0");
    expect(answer.body).toEqual(first.body);
  });
});
