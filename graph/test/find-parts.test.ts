import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, gql, rest, seededAdmin, withDatabase } from "./support/client";
import { Domain, domainServices, insertParts, uniqueWord } from "./support/domain";

/*
 * The catalogue's search over HTTP: GET /parts (the spec's list, and its search parameters) and
 * GraphQL `parts`, their answers, refusals, statement costs and the answer cache. What a search,
 * a filter or an order finds, how cursors page and how the search is read are the search
 * service's rules, tested on it directly: test/services/find-parts.test.ts.
 */

const sqlQueries = (answer: { headers: Headers }) => Number(answer.headers.get("x-sql-queries"));
const names = (answer: { body: Array<{ name: string }> }) => answer.body.map((part) => part.name);

const PARTS_QUERY = `query($first: Int, $after: String, $search: String, $filter: PartFilter, $orderBy: PartOrder) {
  parts(first: $first, after: $after, search: $search, filter: $filter, orderBy: $orderBy) {
    edges { cursor node { databaseId name price available rating reviewCount compatibleModels { brand model name } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** Every part of a GraphQL search, page by page. */
async function everyPage(variables: Record<string, unknown>, first = 2): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 100; page++) {
    const answer: any = await gql(PARTS_QUERY, { ...variables, first, after });
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    const connection = answer.body.data.parts;
    expect(connection.edges.length).toBeLessThanOrEqual(first);
    seen.push(...connection.edges.map((edge: any) => edge.node.name));
    if (!connection.pageInfo.hasNextPage) return seen;
    after = connection.pageInfo.endCursor;
  }
  throw new Error("more than 100 pages");
}

let domain: Domain;
beforeAll(async () => {
  domain = await domainServices();
});
afterAll(async () => {
  await domain?.close();
});

describe("GET /parts", () => {
  it("without the new parameters answers exactly the catalogue as before: every part in catalogue order, the spec's fields, cached", async () => {
    const plain = await rest("GET", "/parts");
    expect(plain.status).toBe(200);
    const rows = await withDatabase(
      async (client) =>
        (
          await client.query(
            "SELECT id, name, img, price_cents, available, min_order_quantity, short_desc FROM parts WHERE retired_at IS NULL ORDER BY seq LIMIT 1000",
          )
        ).rows,
    );
    const expected = rows.map((row) => ({
      _id: row.id,
      name: row.name,
      img: row.img,
      price: row.price_cents / 100,
      available: row.available,
      min_order_quantity: row.min_order_quantity,
      short_desc: row.short_desc,
    }));
    const text = await (
      await fetch(`${(await import("./support/client")).shop().url}/parts`, { headers: { accept: "application/json" } })
    ).text();
    expect(text).toBe(JSON.stringify(expected));
    const again = await rest("GET", "/parts");
    expect(sqlQueries(again)).toBe(0);
  });

  it("blank parameters count as missing, unknown ones are ignored: the same answer", async () => {
    const plain = await rest("GET", "/parts");
    for (const query of ["q=", "q=%20%20", "sort=&brand=", "unknown=1"]) {
      const answer = await rest("GET", `/parts?${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.body, query).toEqual(plain.body);
    }
  });

  it("a browser asking for /parts as a page gets the web app, with or without a search", async () => {
    for (const path of ["/parts", "/parts?q=thinkpad&sort=price_asc"]) {
      const page = await rest("GET", path, { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
      expect(page.status, path).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/text\/html/);
      expect(page.body).toContain("Partshop test page");
    }
    const json = await rest("GET", "/parts", { headers: { accept: "*/*" } });
    expect(json.headers.get("content-type")).toMatch(/application\/json/);
  });

  it("refuses a search longer than 200 characters instead of cutting it", async () => {
    const answer = await rest("GET", `/parts?q=${"a".repeat(201)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("search must be at most 200 characters");
    const graph = await gql(PARTS_QUERY, { search: "a".repeat(201) });
    expect(errorCode(graph)).toBe("BAD_USER_INPUT");
  });

  it("refuses malformed filters with a message: REST 400, GraphQL BAD_USER_INPUT", async () => {
    const cases: Array<[string, string]> = [
      ["inStock=yes", "inStock must be true or false"],
      ["minPrice=abc", "minPrice must be an amount in dollars with at most two decimals"],
      ["maxPrice=1.234", "maxPrice must be an amount in dollars with at most two decimals"],
      ["minPrice=-1", "minPrice must be an amount in dollars with at most two decimals"],
      ["minPrice=20&maxPrice=10", "minPrice must not be more than maxPrice"],
      ["sort=cheapest", "sort must be one of relevance, price_asc, price_desc, newest, best_rated"],
      ["brand=a&brand=b", "brand must be given once"],
      [`brand=${"x".repeat(41)}`, "brand must be at most 40 characters"],
      [`model=${"x".repeat(81)}`, "model must be at most 80 characters"],
    ];
    for (const [query, message] of cases) {
      const answer = await rest("GET", `/parts?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toBe(message);
    }
    for (const filter of [
      { minPrice: -1 },
      { maxPrice: 1.234 },
      { minPrice: 3, maxPrice: 2 },
      { brand: "x".repeat(41) },
    ]) {
      const answer = await gql(PARTS_QUERY, { filter });
      expect(errorCode(answer), JSON.stringify(filter)).toBe("BAD_USER_INPUT");
    }
    // The nested filter's own rules, every time (class-validator's rules are remembered per class and schema).
    for (let i = 0; i < 3; i++) {
      const answer = await gql(PARTS_QUERY, { filter: { brand: "x".repeat(41) } });
      expect(answer.body.errors?.[0]?.message).toContain("brand must be at most 40 characters");
    }
    expect(errorCode(await gql(PARTS_QUERY, { orderBy: "CHEAPEST" }))).toBe("BAD_USER_INPUT");
  });
});

describe("GraphQL parts", () => {
  const word = uniqueWord();
  const label = (name: string) => name.slice(word.length + 1);
  beforeAll(async () => {
    // Inserted in this order (the last is the newest); all but "other" fit a Lenovo laptop.
    const [cheap, middle, dear, soldOut] = await insertParts([
      { name: `${word} cheap`, priceCents: 500 },
      { name: `${word} middle`, priceCents: 1999 },
      { name: `${word} dear`, priceCents: 5000 },
      { name: `${word} sold out`, priceCents: 1500, available: 0 },
      { name: `${word} other`, priceCents: 2500 },
    ]);
    const admin = await domain.actor((await seededAdmin()).email);
    for (const id of [cheap, middle, dear, soldOut])
      await domain.compatibility.setCompatibleModels(admin, id, [{ brand: "Lenovo", model: "ThinkPad T14 Gen 2" }]);
    // dear: 5 stars, middle: 4; the others no review.
    for (const [partId, ratings] of [
      [dear, 5],
      [middle, 4],
    ] as const)
      await domain.reviews.add(admin, {
        name: "Rater",
        ratings,
        description: "Rated",
        img: "https://example.com/r.png",
        partId,
      });
  });

  it("GET /parts and GraphQL parts answer a search with filters in its order; GraphQL pages by that order's cursors and refuses another order's", async () => {
    const expected = ["dear", "middle", "cheap"];
    const listed = await rest("GET", `/parts?q=${word}&brand=lenovo&inStock=1&minPrice=5&sort=price_desc`);
    expect(listed.status).toBe(200);
    expect(names(listed).map(label)).toEqual(expected);
    const variables = { search: word, filter: { brand: "lenovo", inStock: true, minPrice: 5 }, orderBy: "PRICE_DESC" };
    expect((await everyPage(variables, 1)).map(label)).toEqual(expected);
    const first = await gql(PARTS_QUERY, { ...variables, first: 1 });
    expect(first.body.data.parts.edges[0].node).toMatchObject({
      name: `${word} dear`,
      price: 50,
      rating: 5,
      reviewCount: 1,
      compatibleModels: [expect.objectContaining({ brand: "Lenovo", model: "ThinkPad T14 Gen 2" })],
    });
    const after = first.body.data.parts.pageInfo.endCursor;
    const mixed = await gql(PARTS_QUERY, { ...variables, orderBy: "NEWEST", first: 1, after });
    expect(errorCode(mixed)).toBe("BAD_USER_INPUT");
    expect(mixed.body.errors[0].message).toBe("after is not a valid cursor for this search and order");
  });

  it("a search costs two statements (its tsquery, the page), one more with the models, whatever the page size; the same text again, one less", async () => {
    // A new word in the catalogue changes the vocabulary: tsqueries kept before are forgotten.
    await insertParts([{ name: `${uniqueWord()} laptop stand` }]);
    const counts: number[] = [];
    for (const first of [2, 20, 100]) {
      const answer = await gql(PARTS_QUERY, { search: "laptop", first, filter: { inStock: true } });
      expect(answer.body.errors).toBeUndefined();
      counts.push(sqlQueries(answer));
    }
    expect(counts).toEqual([3, 2, 2]);
  });

  it("a page asking for no more than a card shows reads only the card's columns, and answers and pages as a full read does", async () => {
    const CARD_QUERY = `query($first: Int, $after: String, $search: String, $filter: PartFilter, $orderBy: PartOrder) {
      parts(first: $first, after: $after, search: $search, filter: $filter, orderBy: $orderBy) {
        edges { cursor node { id ...Card __typename } }
        pageInfo { hasNextPage endCursor }
      }
    }
    fragment Card on Part { databaseId name img price available minOrderQuantity shortDesc }`;
    const FULL_QUERY = CARD_QUERY.replace("shortDesc }", "shortDesc lowStockThreshold reviewCount }");
    const run = async (query: string, variables: Record<string, unknown>) => {
      const answer = await rest("POST", "/graphql", {
        body: { query, variables },
        headers: { "x-sql-statements": "keep" },
      });
      expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
      const statements: Array<{ sql: string }> = JSON.parse(
        Buffer.from(answer.headers.get("x-sql-statements")!, "base64").toString("utf8"),
      );
      return { parts: answer.body.data.parts, sql: statements.map((statement) => statement.sql).join("\n") };
    };
    // One search and the catalogue: which columns each way of finding parts reads for cards is the
    // service tier's (test/services/find-parts.test.ts); here, that the selection asks for cards.
    const cases: Array<Record<string, unknown>> = [
      { search: word, filter: { brand: "Lenovo" }, orderBy: "PRICE_DESC" },
      {},
    ];
    for (const variables of cases) {
      let after: string | null = null;
      for (let page = 0; page < 2; page++) {
        const card = await run(CARD_QUERY, { ...variables, first: 2, after });
        const full = await run(FULL_QUERY, { ...variables, first: 2, after });
        const label = JSON.stringify(variables);
        expect(card.parts.pageInfo, label).toEqual(full.parts.pageInfo);
        expect(card.parts.edges, label).toEqual(
          full.parts.edges.map(
            ({ cursor, node: { lowStockThreshold: _threshold, reviewCount: _reviews, ...shown } }: any) => ({
              cursor,
              node: shown,
            }),
          ),
        );
        // Neither a column nobody asked for (the full read's low-stock threshold) nor a date.
        expect(card.sql, label).not.toMatch(/low_stock_threshold|created_at/);
        expect(full.sql, label).toMatch(/low_stock_threshold/);
        if (!card.parts.pageInfo.hasNextPage) break;
        after = card.parts.pageInfo.endCursor;
      }
    }
  });

  it("a field a list may be asked for under @include is read, included or not", async () => {
    const query = `query($search: String, $withRating: Boolean!) {
      parts(search: $search, orderBy: BEST_RATED) { edges { node { name ... on Part { rating @include(if: $withRating) } } } }
    }`;
    const withRating = await gql(query, { search: word, withRating: true });
    expect(withRating.body.errors).toBeUndefined();
    expect(withRating.body.data.parts.edges.map((edge: any) => [label(edge.node.name), edge.node.rating])).toEqual([
      ["dear", 5],
      ["middle", 4],
      ["other", null],
      ["sold out", null],
      ["cheap", null],
    ]);
    const without = await gql(query, { search: word, withRating: false });
    expect(without.body.data.parts.edges.map((edge: any) => label(edge.node.name))).toEqual([
      "dear",
      "middle",
      "other",
      "sold out",
      "cheap",
    ]);
    expect(without.body.data.parts.edges[0].node).not.toHaveProperty("rating");
  });

  it("a repeated search is answered from memory until the catalogue changes, whoever changes it", async () => {
    const word = uniqueWord();
    const [id] = await insertParts([{ name: `${word} cached`, priceCents: 700 }]);
    const query = { search: word, filter: { brand: "Acer" } };
    // Recorded the second time it is asked for, answered from memory the third.
    for (let asked = 0; asked < 2; asked++) expect((await gql(PARTS_QUERY, query)).body.data.parts.edges).toEqual([]);
    const repeated = await gql(PARTS_QUERY, query);
    expect(sqlQueries(repeated)).toBe(0);
    // A model added to the part in the database (not through this shop) shows at once.
    await withDatabase(async (client) => {
      await client.query(
        `INSERT INTO part_compatibility (part_id, laptop_model_id) SELECT $1, id FROM laptop_models WHERE brand = 'Acer' ORDER BY seq LIMIT 1`,
        [id],
      );
    });
    const after = await gql(PARTS_QUERY, query);
    expect(after.body.data.parts.edges.map((edge: any) => edge.node.databaseId)).toEqual([id]);
    expect(after.body.data.parts.edges[0].node.compatibleModels[0].brand).toBe("Acer");
  });
});
