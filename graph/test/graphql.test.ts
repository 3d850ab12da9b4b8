import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { errorCode, gql, insertPart, newCustomer, orderBody, rest, seededAdmin } from "./support/client";
import { GRAPH_DIR } from "./support/processes";

const sqlQueries = (answer: { headers: Headers }) => Number(answer.headers.get("x-sql-queries"));

describe("Relay: global ids, node(id:) and cursor connections", () => {
  it("node(id:) fetches a part by its global id; a bad id is null", async () => {
    const parts = await gql("{ parts(first: 1) { edges { node { id databaseId name } } } }");
    const part = parts.body.data.parts.edges[0].node;
    expect(part.id).not.toBe(part.databaseId);
    const node = await gql("query($id: ID!) { node(id: $id) { __typename id ... on Part { name } } }", { id: part.id });
    expect(node.body.data.node).toEqual({ __typename: "Part", id: part.id, name: part.name });
    const missing = await gql('{ node(id: "UGFydDowMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDA") { id } }');
    expect(missing.body.data.node).toBeNull();
    expect((await gql('{ node(id: "%%%") { id } }')).body.data.node).toBeNull();
  });

  it("node(id:) hides other customers' orders and asks visitors to sign in", async () => {
    const alice = await newCustomer("alice");
    const bob = await newCustomer("bob");
    const partId = await insertPart({ available: 5 });
    const placed = await gql(
      "mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { id } }",
      { i: { partId, quantity: 1, address: "a", phone: "1234" } },
      alice.token,
    );
    const id = placed.body.data.placeOrder.id;
    expect((await gql("query($id: ID!) { node(id: $id) { id } }", { id }, alice.token)).body.data.node).toEqual({ id });
    expect((await gql("query($id: ID!) { node(id: $id) { id } }", { id }, bob.token)).body.data.node).toBeNull();
    expect(errorCode(await gql("query($id: ID!) { node(id: $id) { id } }", { id }))).toBe("UNAUTHENTICATED");
  });

  it("pages through all parts with first/after without gaps or repeats", async () => {
    const all = (await rest("GET", "/parts")).body.map((part: any) => part._id);
    const seen: string[] = [];
    let after: string | null = null;
    // As many pages as the catalogue has by then (other test files add parts before this one runs).
    for (let page = 0; page <= all.length / 5; page++) {
      const answer: any = await gql(
        "query($after: String) { parts(first: 5, after: $after) { edges { cursor node { databaseId } } pageInfo { hasNextPage endCursor } } }",
        { after },
      );
      const connection = answer.body.data.parts;
      seen.push(...connection.edges.map((edge: any) => edge.node.databaseId));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toEqual(all);
  });

  it("caps the page size at 100 and refuses a forged cursor", async () => {
    const tooMany = await gql("{ parts(first: 101) { edges { cursor } } }");
    expect(errorCode(tooMany)).toBe("BAD_USER_INPUT");
    expect(tooMany.body.errors[0].message).toBe("first must be at most 100");
    const forged = await gql('{ parts(first: 5, after: "bm9wZQ") { edges { cursor } } }');
    expect(errorCode(forged)).toBe("BAD_USER_INPUT");
    expect(forged.body.errors[0].message).toBe("after is not a valid cursor");
  });
});

describe("@auth directives and error codes", () => {
  it("the schema declares role requirements as @auth directives", async () => {
    const sdl = await import("node:fs").then((fs) =>
      fs.readFileSync(path.join(GRAPH_DIR, "..", "schema.graphql"), "utf8"),
    );
    const { buildSchema, print } = await import("graphql");
    const schema = buildSchema(sdl);
    const requirement = (type: "Query" | "Mutation", field: string) => {
      const fields = (schema.getType(type) as any).getFields();
      const directive = fields[field].astNode.directives.find((node: any) => node.name.value === "auth");
      return directive && print(directive);
    };
    expect(print(schema.getDirective("auth")!.astNode!)).toMatch(
      /directive @auth\(\s*(""".*?"""\s*)?requires: AuthRequirement! = USER\s*\) on FIELD_DEFINITION/s,
    );
    expect(requirement("Query", "users")).toBe("@auth(requires: ADMIN)");
    expect(requirement("Mutation", "placeOrder")).toBe("@auth(requires: USER)");
    expect(requirement("Query", "parts")).toBeUndefined();
  });

  it("UNAUTHENTICATED for visitors, FORBIDDEN for customers, data for admins", async () => {
    const customer = await newCustomer();
    const admin = await seededAdmin();
    const query = "{ orders(first: 1) { edges { node { id } } } }";
    expect(errorCode(await gql(query))).toBe("UNAUTHENTICATED");
    expect(errorCode(await gql(query, {}, customer.token))).toBe("FORBIDDEN");
    expect((await gql(query, {}, admin.token)).body.data.orders.edges).toBeInstanceOf(Array);
  });

  it("viewer is null for a visitor and a bad token is UNAUTHENTICATED", async () => {
    expect((await gql("{ viewer { email } }")).body.data.viewer).toBeNull();
    expect(errorCode(await gql("{ viewer { email } }", {}, "bad.token.here"))).toBe("UNAUTHENTICATED");
  });

  it("public config tells the web app to use the Auth Emulator and the payment sandbox", async () => {
    const config = await gql(
      "{ publicConfig { firebaseProjectId authEmulatorUrl stripePublishableKey paymentSandboxUrl imageUploadUrl } }",
    );
    expect(config.body.data.publicConfig).toMatchObject({
      firebaseProjectId: "demo-partshop",
      authEmulatorUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      stripePublishableKey: expect.stringMatching(/^pk_test_/),
      paymentSandboxUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      imageUploadUrl: "/upload",
    });
  });
});

describe("batching: SQL statements per request do not grow with the page", () => {
  it("parts, products, reviews and users cost the same number of statements at 5, 20 and 100", async () => {
    const admin = await seededAdmin();
    for (const list of ["parts", "products", "reviews", "users"]) {
      const counts: number[] = [];
      for (const first of [5, 20, 100]) {
        const answer = await gql(
          `query($first: Int!) { ${list}(first: $first) { edges { node { id } } pageInfo { hasNextPage } } }`,
          { first },
          admin.token,
        );
        expect(answer.body.errors).toBeUndefined();
        counts.push(sqlQueries(answer));
      }
      expect(counts[0], list).toBeGreaterThan(0);
      expect(new Set(counts).size, `${list}: ${counts}`).toBe(1);
    }
  });

  it("a customer's orders with their parts: the parts come in the orders' statement, whatever the page", async () => {
    const customer = await newCustomer();
    const partIds = await Promise.all(Array.from({ length: 12 }, () => insertPart({ available: 5 })));
    for (const partId of partIds) await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 1) });
    const statements = async (query: string, first: number) => {
      const answer = await gql(query, { first }, customer.token);
      expect(answer.body.data.viewer.orders.edges).toHaveLength(first);
      return sqlQueries(answer);
    };
    const withParts =
      "query($first: Int!) { viewer { orders(first: $first) { edges { node { partName part { name available shortDesc lowStock } } } } profile { education } } }";
    const without =
      "query($first: Int!) { viewer { orders(first: $first) { edges { node { partName } } } profile { education } } }";
    const counts: number[] = [];
    for (const first of [2, 6, 12]) counts.push(await statements(withParts, first), await statements(without, first));
    expect(counts[0]).toBeGreaterThan(0);
    expect(new Set(counts).size, String(counts)).toBe(1);
  });

  it("the orders admins list bring their parts in the orders' statement, searched or not, whatever the page", async () => {
    const admin = await seededAdmin();
    const customer = await newCustomer("admin-list");
    const partIds = await Promise.all(
      Array.from({ length: 12 }, (_, i) => insertPart({ available: 5, name: `Admin list part ${i}` })),
    );
    for (const partId of partIds) await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 1) });
    const statements = async (node: string, first: number, search?: string) => {
      const answer = await gql(
        `query($first: Int!, $search: String) { orders(first: $first, search: $search) { edges { node { ${node} } } } }`,
        { first, search },
        admin.token,
      );
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.orders.edges).toHaveLength(first);
      // The parts read with the orders are the orders' own (these were never renamed).
      if (search && node.includes("part {"))
        for (const { node: order } of answer.body.data.orders.edges) expect(order.part.name).toBe(order.partName);
      return sqlQueries(answer);
    };
    for (const search of [undefined, "Admin list part"]) {
      await statements("partName", 2, search); // a search's first sight also reads the name statistics once
      const counts: number[] = [];
      for (const first of [2, 6, 12]) {
        counts.push(
          await statements("partName userEmail part { name available }", first, search),
          await statements("partName userEmail", first, search),
        );
      }
      expect(counts[0]).toBeGreaterThan(0);
      expect(new Set(counts).size, `search ${search}: ${counts}`).toBe(1);
    }
  });
});

describe("schema drift", () => {
  it("the committed schema.graphql is what the code generates", () => {
    const output = execFileSync(
      process.execPath,
      [path.join(GRAPH_DIR, "dist", "scripts", "emit-schema.js"), "--check"],
      { encoding: "utf8" },
    );
    expect(output).toMatch(/schema.graphql keeps its rules/);
  });
});

describe("compiled execution (graphql-jit, from a document's second sight)", () => {
  /** The same request three times past the answer cache (a Cookie): graphql-js once, then the compiled document. */
  async function thrice(body: Record<string, unknown>, token?: string) {
    const answers = [];
    for (let sight = 0; sight < 3; sight++) {
      const answer = await rest("POST", "/graphql", { token, body, headers: { cookie: `sight=${sight}` } });
      answers.push({
        status: answer.status,
        body: JSON.parse(JSON.stringify(answer.body).replace(/"requestId":"[^"]+"/g, '"requestId":"-"')),
      });
    }
    return answers;
  }

  it("answers a document compiled exactly as graphql-js did: data, node types, errors, bad variables, unknown operations", async () => {
    const customer = await newCustomer("compiled");
    const partId = await insertPart({ available: 5, name: "Compiled part" });
    const part = (await gql("query($id: ID!) { part(id: $id) { id } }", { id: partId })).body.data.part.id;
    const requests: Array<[string, Record<string, unknown>, string?]> = [
      [
        "parts page",
        {
          query:
            "query Page($first: Int) { parts(first: $first) { edges { cursor node { id name price available } } pageInfo { hasNextPage } } }",
          variables: { first: 3 },
        },
      ],
      [
        "node of a part",
        { query: "query($id: ID!) { node(id: $id) { __typename id ... on Part { name } } }", variables: { id: part } },
      ],
      ["a visitor asking for users", { query: "{ users(first: 1) { edges { node { id } } } }" }],
      ["a customer asking for users", { query: "{ users(first: 1) { edges { node { id } } } }" }, customer.token],
      [
        "a variable of the wrong type",
        { query: "query($first: Int) { parts(first: $first) { edges { cursor } } }", variables: { first: "three" } },
      ],
      [
        "an error inside the answer",
        { query: 'query { part(id: "nope") { id } parts(first: 1) { edges { cursor } } }' },
      ],
      ["an unknown operation name", { query: "query A { __typename }", operationName: "B" }],
      [
        "a mutation whose variable does not fit",
        { query: "mutation($id: ID!) { cancelOrder(id: $id) { id } }", variables: { id: { not: "an id" } } },
        customer.token,
      ],
    ];
    for (const [label, body, token] of requests) {
      const [first, second, third] = await thrice(body, token);
      expect(second, label).toEqual(first);
      expect(third, label).toEqual(first);
    }
    // What those answers are (so the comparison above compares something).
    const [node] = await thrice(requests[1][1]);
    expect(node.body.data.node).toEqual({ __typename: "Part", id: part, name: "Compiled part" });
    const [forbidden] = await thrice(requests[3][1], customer.token);
    expect(forbidden.body.errors[0]).toMatchObject({ path: ["users"], extensions: { code: "FORBIDDEN" } });
    const [badVariable] = await thrice(requests[4][1]);
    expect(badVariable.status).toBe(400);
    expect(badVariable.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    const [unknown] = await thrice(requests[6][1]);
    expect(unknown.status).toBe(400);
    const [badMutation] = await thrice(requests[7][1], customer.token);
    expect(badMutation.status).toBe(400);
    expect(badMutation.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
  });
});

describe("the answer's content type follows the Accept header", () => {
  const ask = (accept: string, n: number) =>
    rest("POST", "/graphql", {
      headers: { accept },
      body: { query: "query($n: Int) { parts(first: $n) { edges { cursor } } }", variables: { n } },
    });

  it("JSON, the GraphQL response type, or 406 Not Acceptable, the same on every request", async () => {
    const cases: Array<[string, number, string | null]> = [
      ["application/json", 200, "application/json; charset=utf-8"],
      ["*/*", 200, "application/json; charset=utf-8"],
      ["application/graphql-response+json", 200, "application/graphql-response+json; charset=utf-8"],
      [
        "application/graphql-response+json, application/json;q=0.9",
        200,
        "application/graphql-response+json; charset=utf-8",
      ],
      ["application/json, application/graphql-response+json;q=0.9", 200, "application/json; charset=utf-8"],
      ["text/html", 406, null],
    ];
    let n = 0;
    for (const [accept, status, contentType] of cases) {
      // New variables each time: no answer comes from the answer cache.
      for (let round = 0; round < 3; round++) {
        const answer = await ask(accept, 1 + (n++ % 50));
        expect(answer.status, accept).toBe(status);
        if (contentType) {
          expect(answer.headers.get("content-type"), accept).toBe(contentType);
          expect(answer.body.data.parts.edges.length, accept).toBeGreaterThan(0);
        } else {
          expect(answer.body.errors[0].message, accept).toMatch(/accept/i);
        }
      }
    }
  });
});
