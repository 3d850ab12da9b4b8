import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { buildSchema, parse, validate } from "graphql";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirebaseAccount, gql, insertPart, rest, shop } from "./support/client";
import { assertMatchesContract } from "./support/contract";
import { adminPerson, payInSandbox, sandboxOf } from "./support/fixtures";
import { GRAPH_DIR, SHOP_MAIN, ShopProcess, shopEnv, spawnShop } from "./support/processes";
import { restRoutes } from "./support/routes";

const requireBuilt = createRequire(path.join(GRAPH_DIR, "dist", "main.js"));
requireBuilt("reflect-metadata");
const { undescribedElements, deprecationsWithoutReplacement } = requireBuilt("./scripts/schema-rules.js");
const { committedVersions, unexcusedBreakingChanges, schemaChangelog } = requireBuilt("./scripts/schema-history.js");

/** Every route of the spec's "calls it makes" (section 7), in OpenAPI's path syntax. */
const SPEC_ROUTES = [
  "GET /admin/{email}",
  "GET /product",
  "POST /product",
  "DELETE /product/{id}",
  "GET /parts",
  "GET /parts/{id}",
  "POST /order",
  "GET /order",
  "GET /order/{id}",
  "PATCH /order/{id}",
  "DELETE /userOrder/{id}",
  "GET /getOrders",
  "GET /review",
  "POST /review",
  "GET /user",
  "PUT /user/{email}",
  "PUT /user/admin/{email}",
  "PUT /profileUpdate/{email}",
  "POST /create-payment-intent",
];

/** Routes the app answers that are not REST operations: the document, its page and the page's files. */
const NOT_OPERATIONS = /^(\/openapi\.json|\/docs(\/.*)?)$/;

const openapiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, "{$1}");

async function openapiDocument(baseUrl = shop().url): Promise<any> {
  const response = await fetch(`${baseUrl}/openapi.json`);
  expect(response.status).toBe(200);
  return response.json();
}

const operationsOf = (document: any): string[] =>
  Object.entries(document.paths as Record<string, object>).flatMap(([template, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${template}`),
  );

describe("the OpenAPI document at /openapi.json", () => {
  it("lists every route of the spec, and exactly the REST routes the app registers", async () => {
    const operations = operationsOf(await openapiDocument());
    expect(operations.filter((operation) => SPEC_ROUTES.includes(operation)).sort()).toEqual([...SPEC_ROUTES].sort());
    const registered = (await restRoutes())
      .filter((route) => !NOT_OPERATIONS.test(route.path))
      .map((route) => `${route.method} ${openapiPath(route.path)}`);
    expect(operations.sort()).toEqual([...new Set(registered)].sort());
  });

  it("is valid OpenAPI 3.1: Redocly's strict rules find nothing", async () => {
    const document = await openapiDocument();
    expect(document.openapi).toBe("3.1.0");
    // A private shop's API states no license.
    const config = await createConfig({ extends: ["recommended-strict"], rules: { "info-license": "off" } });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "/openapi.json", config });
    expect(
      problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
    ).toEqual([]);
  });

  it("describes every operation: who may call it, its parameters, body fields, answers and their refusals", async () => {
    const document = await openapiDocument();
    const declared = new Map<string, { reads?: { body?: string[]; query?: string[] } }>(
      requireBuilt("./api/rest/index.js")
        .restRoutes(new Proxy({}, { get: () => ({}) }))
        .map((route: any) => [`${route.method} ${openapiPath(route.path)}`, route]),
    );
    for (const operation of operationsOf(document)) {
      const [method, template] = operation.split(" ");
      const described = document.paths[template][method.toLowerCase()];
      expect(described.summary, operation).toBeTruthy();
      expect(described.description, operation).toMatch(/Who may call it: /);
      expect(described.responses["500"] ?? described.responses["503"], `${operation} says how it fails`).toBeTruthy();
      for (const parameter of described.parameters ?? [])
        expect(parameter.description, `${operation} ${parameter.name}`).toBeTruthy();
      for (const response of Object.values<any>(described.responses))
        expect(response.description, operation).toBeTruthy();
      // The fields the fuzzer feeds (the declaration's `reads`) are the ones the document describes.
      const reads = declared.get(operation)?.reads;
      const body = described.requestBody?.content?.["application/json"]?.schema?.properties;
      if (reads?.body || body)
        expect(Object.keys(body ?? {}).sort(), `${operation} body`).toEqual([...(reads?.body ?? [])].sort());
      const query = (described.parameters ?? [])
        .filter((parameter: any) => parameter.in === "query")
        .map((parameter: any) => parameter.name);
      expect(query.sort(), `${operation} query`).toEqual([...(reads?.query ?? [])].sort());
    }
    const signedIn = document.paths["/order"].post;
    expect(signedIn.security).toEqual([{ accessToken: [] }]);
    expect(Object.keys(signedIn.responses)).toEqual(
      expect.arrayContaining(["201", "400", "401", "404", "409", "500", "503"]),
    );
    expect(document.paths["/user/{email}"].put.security).toEqual([{ firebaseIdToken: [] }]);
    const limited = document.paths["/newsletter"].post.responses["429"];
    expect(limited.headers["retry-after"]).toMatchObject({ required: true, schema: { type: "integer" } });
    expect(document.paths["/getOrders"].get.responses["403"].description).toMatch(/not an admin/);
  });

  it("fails a test whose answer differs from it: another shape, an unlisted status, a missing Retry-After", async () => {
    const parts = await rest("GET", "/parts");
    await expect(assertMatchesContract(shop().url, "GET", "/parts", parts)).resolves.toBeUndefined();
    const priced = { ...parts, body: [{ ...parts.body[0], price: String(parts.body[0].price) }] };
    await expect(assertMatchesContract(shop().url, "GET", "/parts", priced)).rejects.toThrow(
      /\/0\/price must be number/,
    );
    const extra = { ...parts, body: [{ ...parts.body[0], secret: 1 }] };
    await expect(assertMatchesContract(shop().url, "GET", "/parts", extra)).rejects.toThrow(
      /must NOT have additional properties/,
    );
    await expect(assertMatchesContract(shop().url, "GET", "/parts?q=x", { ...parts, status: 418 })).rejects.toThrow(
      /418, a status the document does not list/,
    );
    const limited = {
      status: 429,
      headers: new Headers({ "content-type": "application/json" }),
      body: { error: "Too many" },
    };
    await expect(assertMatchesContract(shop().url, "POST", "/newsletter", limited)).rejects.toThrow(
      /without its retry-after header/,
    );
    const html = { status: 200, headers: new Headers({ "content-type": "text/plain" }), body: "hello" };
    await expect(assertMatchesContract(shop().url, "GET", "/parts/abc", html)).rejects.toThrow(
      /as text\/plain, where the document lists application\/json, text\/html/,
    );
  });
});

describe("the reference page at /docs", () => {
  let production: ShopProcess;
  let productionWithDocs: ShopProcess;

  const productionEnv = (label: string, extra: Record<string, string> = {}) =>
    shopEnv(label, {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: shop().databaseUrl,
      FIREBASE_PROJECT_ID: "partshop-production-test",
      FIREBASE_API_KEY: "AIza-test-key",
      JWT_SECRET: crypto.randomBytes(32).toString("hex"),
      STRIPE_SECRET_KEY: "sk_test_unused",
      STRIPE_PUBLISHABLE_KEY: "pk_test_unused",
      STRIPE_WEBHOOK_SECRET: "whsec_unused",
      // Required in production; nothing is sent from this shop (the suite's database's outbox is the suite shop's to send).
      SMTP_URL: "smtp://127.0.0.1:9",
      MAIL_FROM: "orders@shop.example.com",
      EMAIL_SEND_INTERVAL_SECONDS: "0",
      ...extra,
    });

  beforeAll(async () => {
    [production, productionWithDocs] = await Promise.all([
      productionEnv("docs-off").then((env) => spawnShop(env, { timeoutMs: 90_000, main: SHOP_MAIN })),
      productionEnv("docs-on", { API_DOCS: "true" }).then((env) =>
        spawnShop(env, { timeoutMs: 90_000, main: SHOP_MAIN }),
      ),
    ]);
  });

  afterAll(async () => {
    for (const spawned of [production, productionWithDocs].filter(Boolean)) {
      await spawned.stop();
      fs.rmSync(spawned.dataDir, { recursive: true, force: true });
    }
  });

  it("renders the document with Swagger UI outside production, under the shop's own CSP", async () => {
    const page = await fetch(`${shop().url}/docs`, { headers: { accept: "text/html" } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html).toContain("<title>Partshop REST API</title>");
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual([
      "/docs/static/swagger-ui-bundle.js",
      "/docs/static/swagger-ui-standalone-preset.js",
      "/docs/static/swagger-initializer.js",
    ]);
    // No inline script: the shop's CSP (scripts from 'self' only) applies to the page as it is.
    expect(html).not.toMatch(/<script>/);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    for (const script of scripts) expect((await fetch(`${shop().url}${script}`)).status, script).toBe(200);
    // The page loads the document the shop serves at /openapi.json.
    const initializer = await (await fetch(`${shop().url}/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain("resolveUrl('./json')");
    expect(await (await fetch(`${shop().url}/docs/json`)).json()).toEqual(await openapiDocument());
  });

  it("is off in production unless API_DOCS=true; the document itself is always served", async () => {
    const off = await fetch(`${production.url}/docs`, { headers: { accept: "application/json" } });
    expect(off.status).toBe(404);
    expect(await off.text()).not.toMatch(/swagger/i);
    expect((await fetch(`${production.url}/docs/json`)).status).toBe(404);
    expect(operationsOf(await openapiDocument(production.url))).toEqual(expect.arrayContaining(SPEC_ROUTES));
    const on = await fetch(`${productionWithDocs.url}/docs`, { headers: { accept: "text/html" } });
    expect(on.status).toBe(200);
    expect(await on.text()).toContain("swagger-ui-bundle.js");
  });
});

describe("Apollo Sandbox's example operations", () => {
  const { SANDBOX_DOCUMENT, SANDBOX_VARIABLES, SANDBOX_OPERATIONS } = requireBuilt("./api/graphql/examples.js");
  const operationNames = [...SANDBOX_OPERATIONS.visitor, ...SANDBOX_OPERATIONS.customer, ...SANDBOX_OPERATIONS.admin];

  it("Sandbox opens with them, for a visitor, a customer and an admin", async () => {
    const page = await fetch(`${shop().url}/graphql`, { headers: { accept: "text/html" } });
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const name of operationNames) expect(html).toMatch(new RegExp(`(query|mutation) ${name}\\b`));
    expect(html).toContain("customer@partshop.dev");
    expect(html).toContain(JSON.stringify(SANDBOX_VARIABLES.order.address));
  });

  it("each is valid against the schema, and the document holds no other operation", () => {
    const { buildShopSchema } = requireBuilt("./api/graphql/schema.js");
    const document = parse(SANDBOX_DOCUMENT);
    expect(validate(buildShopSchema(), document).map((error) => error.message)).toEqual([]);
    const names = document.definitions.map((definition: any) => definition.name?.value);
    expect(names.sort()).toEqual([...operationNames].sort());
  });

  it("does what its comments say: a visitor searches, a customer signs in, orders and pays, an admin reads the reports", async () => {
    const run = async (operationName: string, variables: Record<string, unknown>, token?: string) => {
      const answer = await rest("POST", "/graphql", {
        token,
        body: { query: SANDBOX_DOCUMENT, operationName, variables: { ...SANDBOX_VARIABLES, ...variables } },
      });
      expect(answer.body.errors, operationName).toBeUndefined();
      return answer.body.data;
    };
    expect((await run("SearchParts", {})).parts.edges.length).toBeGreaterThan(0);

    const email = `sandbox${crypto.randomBytes(4).toString("hex")}@example.com`;
    const { idToken } = await createFirebaseAccount(email, "secret-123", "Sandbox Customer");
    const { token, user } = (await run("SignIn", { idToken })).signIn;
    expect(user).toEqual({ email, role: "USER" });
    const partId = await insertPart({ available: 5, priceCents: 4200 });
    const placed = (await run("PlaceOrder", { order: { ...SANDBOX_VARIABLES.order, partId } }, token)).placeOrder;
    expect(placed).toMatchObject({ status: "UNPAID", quantity: 1, price: 42 });
    const { clientSecret } = (await run("PayOrder", { orderId: placed.databaseId }, token)).createPaymentIntent;
    const { sandboxUrl, publishableKey } = await sandboxOf(shop().url);
    const transactionId = await payInSandbox(sandboxUrl, publishableKey, clientSecret);
    expect(
      (await run("ConfirmPayment", { orderId: placed.databaseId, transactionId }, token)).confirmOrderPayment,
    ).toMatchObject({
      status: "PAID",
      paid: true,
      transactionId,
    });
    const mine = (await run("MyOrders", {}, token)).viewer.orders.edges.map((edge: any) => edge.node.databaseId);
    expect(mine).toEqual([placed.databaseId]);

    const admin = await adminPerson();
    const reports = await run("AdminReports", {}, admin.token);
    expect(reports.adminOverview.revenueByDay.length).toBeGreaterThan(0);
    expect(reports.orders.edges.map((edge: any) => edge.node.databaseId)).toContain(placed.databaseId);
    // As anyone else, the admin's operation is refused with the code the errors page lists.
    const refused = await gql("query AdminOnly { adminOverview { revenue } }", {}, token);
    expect(refused.body.errors[0].extensions.code).toBe("FORBIDDEN");
  });
});

describe("schema.graphql's rules", () => {
  it("names every element without a description, and the shop's schema has none", () => {
    const schema = buildSchema(`
      "A directive" directive @mark(level: Int) on FIELD_DEFINITION
      type Query { "Described" parts(first: Int): [Part] @mark(level: 1) }
      type Part { id: ID! "Its name" name: String }
      "An order" enum Order { "Cheapest first" PRICE NEWEST }
      input PartFilter { inStock: Boolean }
    `);
    expect(undescribedElements(schema).sort()).toEqual(
      [
        "@mark(level:)",
        "Order.NEWEST",
        "Part",
        "Part.id",
        "PartFilter",
        "PartFilter.inStock",
        "Query",
        "Query.parts(first:)",
      ].sort(),
    );
    const { buildShopSchema } = requireBuilt("./api/graphql/schema.js");
    expect(undescribedElements(buildShopSchema())).toEqual([]);
  });

  it("a deprecation names the element that replaces it", () => {
    const schema = buildSchema(`
      "Q" type Query {
        "Old" total: Float @deprecated(reason: "Use \`amount\`")
        "Old too" price: Float @deprecated(reason: "Prices are gone")
        "Older" cost: Float @deprecated(reason: "Use \`price\`")
        "New" amount: Float
      }
    `);
    expect(deprecationsWithoutReplacement(schema)).toEqual([
      'Query.price (reason: "Prices are gone")',
      'Query.cost (reason: "Use `price`")',
    ]);
  });

  it("refuses a breaking change against any earlier version, unless a version before deprecated what went", async () => {
    const version = (sdl: string, commit: string | null = "c") => ({ commit, sdl });
    const v1 = version(`type Query { a: Int b: Int c: Int d(x: Int, y: Int): Int }`, "1111111111aa");
    const v2 = version(`type Query { a: Int b: Int @deprecated(reason: "Use \`a\`") c: Int d(x: Int, y: Int): Int }`);
    // Landed together after v2: b goes after its notice, c and d's y go without one, a changes type.
    const v3 = version(`type Query { a: Int c: Int d(x: Int): Int }`);
    const current = version(`type Query { a: String d(x: Int): Int }`, null);
    const refused = await unexcusedBreakingChanges([v1, v2, v3, current]);
    expect(refused).toHaveLength(3);
    expect(refused.join("\n")).toMatch(/Field 'c' .*was removed.*breaks the schema of 1111111111/);
    expect(refused.join("\n")).toMatch(/Argument 'y: Int' was removed from field 'Query.d'/);
    expect(refused.join("\n")).toMatch(/Field 'Query.a' changed type from 'Int' to 'String'/);
    expect(refused.join("\n")).not.toMatch(/'b'/);
    expect(
      await unexcusedBreakingChanges([
        v1,
        v2,
        version(`type Query { a: Int c: Int d(x: Int, y: Int): Int e: Int }`, null),
      ]),
    ).toEqual([]);
    // Removed in the same change that deprecates it: no notice was given.
    const removedAtOnce = await unexcusedBreakingChanges([
      v1,
      version(`type Query { a: Int c: Int d(x: Int, y: Int): Int }`, null),
    ]);
    expect(removedAtOnce).toEqual([expect.stringMatching(/Field 'b' .*was removed/)]);
  });

  it("reads the versions main has had from git (first parents only), refuses a shallow clone, and logs each version's changes", async () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-schema-history-"));
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, "-c", "user.email=t@example.com", "-c", "user.name=Test", ...args], {
        encoding: "utf8",
      });
    const commitSchema = (sdl: string, message: string) => {
      fs.writeFileSync(path.join(repo, "schema.graphql"), sdl);
      git("add", "schema.graphql");
      git("commit", "-q", "-m", message);
    };
    try {
      git("init", "-q", "-b", "main");
      commitSchema(`type Query { a: Int }`, "first");
      git("checkout", "-q", "-b", "feature");
      commitSchema(`type Query { a: Int tried: Int }`, "a field tried on a branch");
      commitSchema(`type Query { a: Int b: Int }`, "the branch's final schema");
      git("checkout", "-q", "main");
      git("merge", "-q", "--no-ff", "-m", "merge feature", "feature");
      const versions = committedVersions(repo);
      expect(versions.map((version: { sdl: string }) => version.sdl)).toEqual([
        `type Query { a: Int }`,
        `type Query { a: Int b: Int }`,
      ]);
      // The branch's own field never reached main: removing it breaks nobody.
      expect(await unexcusedBreakingChanges(versions)).toEqual([]);
      const changelog = await schemaChangelog([
        ...versions,
        { commit: null, sdl: `type Query { a: Int b: Int c: String }` },
      ]);
      expect(changelog.indexOf("## Version 3")).toBeLessThan(changelog.indexOf("## Version 2"));
      expect(changelog).toMatch(
        /## Version 3\n\nAdded or changed \(safe\):\n\n- Field 'c' was added to object type 'Query'/,
      );
      // A shallow clone fetches the history it lacks; one that cannot says so (null: the checks are skipped, loudly).
      const shallow = `${repo}-shallow`;
      const cutOff = `${repo}-cut-off`;
      execFileSync("git", ["clone", "-q", "--depth", "1", `file://${repo}`, shallow]);
      execFileSync("git", ["clone", "-q", "--depth", "1", `file://${repo}`, cutOff]);
      execFileSync("git", ["-C", cutOff, "remote", "remove", "origin"]);
      try {
        expect(committedVersions(shallow).map((version: { sdl: string }) => version.sdl)).toEqual(
          versions.map((version: { sdl: string }) => version.sdl),
        );
        expect(committedVersions(cutOff)).toBeNull();
      } finally {
        fs.rmSync(shallow, { recursive: true, force: true });
        fs.rmSync(cutOff, { recursive: true, force: true });
      }
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
  });
});
