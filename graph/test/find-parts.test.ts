import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, gql, newCustomer, orderBody, rest, seededAdmin, withDatabase } from "./support/client";
import { MATCHES_READ_FIRST, WORD_IN_RANGE_READ_FIRST } from "../src/domain/catalogue/part-search.service";
import { checkInvariants } from "../src/ops/check-invariants";
import { Domain, domainServices, insertParts, uniqueWord } from "./support/domain";

const sqlQueries = (answer: { headers: Headers }) => Number(answer.headers.get("x-sql-queries"));
const names = (answer: { body: Array<{ name: string }> }) => answer.body.map((part) => part.name);
const SEEDED_BATTERY = "Li-ion Battery 11.55V 57Wh, 3-cell";
/** What search_normalize makes of text with a hyphen, by its two regular expressions (`input`, `joined`). */
const HYPHENS_EXPRESSION = `lower(regexp_replace(input, '([[:alnum:]])-(?=[[:alnum:]])', '\\1 ', 'g'))
          || CASE WHEN joined THEN coalesce(' ' || (
               SELECT string_agg(replace(m[1], '-', ''), ' ')
               FROM regexp_matches(lower(input), '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') AS m), '')
             ELSE '' END`;

const PARTS_QUERY = `query($first: Int, $after: String, $search: String, $filter: PartFilter, $orderBy: PartOrder) {
  parts(first: $first, after: $after, search: $search, filter: $filter, orderBy: $orderBy) {
    edges { cursor node { databaseId name price available rating reviewCount compatibleModels { brand model name } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** The SQL ORDER BY of each order that has an index. */
const ORDERS_BY: Record<string, string> = {
  NEWEST: "seq DESC",
  PRICE_ASC: "price_cents, seq",
  PRICE_DESC: "price_cents DESC, seq DESC",
  BEST_RATED: "rating_average DESC, review_count DESC, seq DESC",
};

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

describe("GET /parts without the new parameters", () => {
  it("answers exactly the catalogue as before: every part in catalogue order, the spec's fields, cached", async () => {
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

  it("GraphQL parts without search, filter or orderBy pages the catalogue as before", async () => {
    const plain = (await rest("GET", "/parts")).body.map((part: any) => part.name);
    expect(await everyPage({}, 7)).toEqual(plain);
    expect(await everyPage({ orderBy: "RELEVANCE" }, 7)).toEqual(plain);
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
});

describe("search", () => {
  it('"thinkpad t14 batery" finds the T14 battery: typos, partial words and compatible models', async () => {
    for (const q of [
      "thinkpad t14 batery",
      "ThinkPad T14 battery",
      "thinkp t14 batt",
      "thnkpad t14 battery",
      "lenovo t14 gen 2 li-ion",
    ]) {
      const answer = await rest("GET", `/parts?q=${encodeURIComponent(q)}`);
      expect(answer.status, q).toBe(200);
      expect(names(answer), q).toEqual([SEEDED_BATTERY]);
    }
  });

  it("searches names, descriptions and models; hyphenated words match written with or without the hyphen", async () => {
    const cases: Array<[string, string]> = [
      ["kebyoard", 'Backlit US Keyboard for 14" Laptops'],
      ["wifi 6e", "Wi-Fi 6E M.2 2230 Card with Bluetooth 5.3"],
      ["wi-fi card", "Wi-Fi 6E M.2 2230 Card with Bluetooth 5.3"],
      ["usbc charger", "65W USB-C PD Laptop Charger"],
      ["overheating fan", "CPU Cooling Fan with Heatsink Fin Stack, 5V 4-pin"],
      ["ddr5 5600", "32GB DDR5-5600 SO-DIMM Memory Module"],
      ["macbook air", "65W USB-C PD Laptop Charger"],
      ["Inspiron 15 3567", "DC Power Jack with Cable Harness"],
    ];
    for (const [q, expected] of cases) {
      const answer = await rest("GET", `/parts?q=${encodeURIComponent(q)}`);
      expect(names(answer), q).toContain(expected);
    }
  });

  it("searching a model finds every part that fits it", async () => {
    const answer = await rest("GET", `/parts?q=${encodeURIComponent("ThinkPad T14 Gen 2")}`);
    expect(names(answer).sort()).toEqual(
      [
        "16GB DDR4-3200 SO-DIMM Memory Module",
        "65W USB-C PD Laptop Charger",
        SEEDED_BATTERY,
        "Wi-Fi 6E M.2 2230 Card with Bluetooth 5.3",
      ].sort(),
    );
  });

  it("every word must match; stop words and punctuation alone find nothing, blank finds everything", async () => {
    expect(names(await rest("GET", "/parts?q=battery%20keyboard"))).toEqual([]);
    expect(names(await rest("GET", "/parts?q=the%20of"))).toEqual([]);
    expect((await rest("GET", "/parts?q=%21%21%21")).body.length).toBe((await rest("GET", "/parts")).body.length);
  });

  it("ranks a match in the name above one in the description or models, then catalogue order", async () => {
    const word = uniqueWord();
    const [inDescription, inName, inBoth] = await insertParts([
      { name: `Plain part ${uniqueWord()}`, shortDesc: `Mentions ${word} once` },
      { name: `Named ${word} part` },
      { name: `Named ${word} twice`, shortDesc: `Also ${word} here` },
    ]);
    const found = await gql(PARTS_QUERY, { search: word, first: 10 });
    expect(found.body.data.parts.edges.map((edge: any) => edge.node.databaseId)).toEqual([
      inBoth,
      inName,
      inDescription,
    ]);
  });

  it("a partial word finds a word first written in the database, in a name, a rename, a description or a model", async () => {
    const [inName, inDescription, renamed, fitted] = [uniqueWord(), uniqueWord(), uniqueWord(), uniqueWord()];
    const [named, described, toRename, toFit] = await insertParts([
      { name: `${inName}ware adapter` },
      { name: `Plain ${uniqueWord()} adapter`, shortDesc: `Fits ${inDescription}ware boards` },
      { name: `Old ${uniqueWord()} name` },
      { name: `Fitted ${uniqueWord()} part` },
    ]);
    await withDatabase(async (client) => {
      await client.query(`UPDATE parts SET name = $2 WHERE id = $1`, [toRename, `New ${renamed}ware name`]);
      const {
        rows: [model],
      } = await client.query(`INSERT INTO laptop_models (brand, model) VALUES ('Acer', $1) RETURNING id`, [
        `${fitted}ware 5`,
      ]);
      await client.query(`INSERT INTO part_compatibility (part_id, laptop_model_id) VALUES ($1, $2)`, [
        toFit,
        model.id,
      ]);
    });
    const found = async (q: string) =>
      (await gql(PARTS_QUERY, { search: q, first: 10 })).body.data.parts.edges.map((edge: any) => edge.node.databaseId);
    expect(await found(`${inName}wa`)).toEqual([named]);
    expect(await found(`${inDescription}war`)).toEqual([described]);
    expect(await found(`${renamed}w`)).toEqual([toRename]);
    expect(await found(`${fitted}wa`)).toEqual([toFit]);
    // Found by the lexeme the catalogue has, ranked by the prefix the shopper typed.
    const queries = await withDatabase(
      async (client) =>
        (await client.query(`SELECT query::text, match::text FROM part_search_queries($1)`, [`${inName}wa`])).rows[0],
    );
    expect(queries.query).toMatch(new RegExp(`^'${inName}wa':\\*`));
    expect(queries.match).toMatch(new RegExp(`^'${inName}wa[a-z]+'`));
    expect(queries.match).not.toContain(":*");
  });

  it("a partial word finds the words it begins where the English stemmer cuts them shorter than typed", async () => {
    // A word whose stem ("…ful", or shorter) the shopper's word, typed one letter past it, does not
    // begin, three letters or more short of the word so that no typo correction reaches it: only
    // the catalogue's words beginning with it can find the part. (About 2% of random words are
    // stemmed so that the prefix would match anyway: another is drawn.)
    const { word, stem, typed } = await withDatabase(async (client) => {
      for (;;) {
        const word = `${uniqueWord(8)}fulness`;
        const [{ stem }] = (await client.query(`SELECT (ts_lexize('english_stem', $1))[1] AS stem`, [word])).rows;
        const typed = word.slice(0, stem.length + 1);
        const [{ found }] = (
          await client.query(`SELECT to_tsvector('english', $1) @@ to_tsquery('english', $2 || ':*') AS found`, [
            word,
            typed,
          ])
        ).rows;
        if (!found && word.length - typed.length >= 3) return { word, stem: stem as string, typed };
      }
    });
    const [id] = await insertParts([{ name: `${word} bracket` }]);
    const found = async (q: string) =>
      (await gql(PARTS_QUERY, { search: q, first: 10 })).body.data.parts.edges.map((edge: any) => edge.node.databaseId);
    for (const q of [typed, typed.toUpperCase(), word.slice(0, -1), word]) expect(await found(q), q).toEqual([id]);
    const queries = await withDatabase(
      async (client) =>
        (await client.query(`SELECT query::text, match::text FROM part_search_queries($1)`, [typed])).rows[0],
    );
    expect(queries.query).toMatch(new RegExp(` \\| '${stem}'$`));
    expect(queries.match).toBe(queries.query);
    // Where the typed word's stem already covers the words it begins, nothing is added.
    const covered = await withDatabase(
      async (client) => (await client.query(`SELECT query::text FROM part_search_queries('thinkpad')`)).rows[0],
    );
    expect(covered.query).toBe("'thinkpad':*");
  });

  it("a search finds at once what a catalogue write brings into its vocabulary; an order leaves the search's tsqueries kept", async () => {
    // Searched as a prefix of the names below: ending in x, the English stemmer leaves it as it is
    // (a random word ending in y, s, er... was stemmed to what no name starts with, and found
    // nothing before migration 1764760000000; the test keeps to the plain prefix).
    const word = `${uniqueWord(8)}x`;
    const [first] = await insertParts([{ name: `${word}alpha bracket` }]);
    // Another page size each time: past the answer cache, to the service.
    const search = (size: number) => gql(PARTS_QUERY, { search: word, first: size });
    const found = (answer: any) => answer.body.data.parts.edges.map((edge: any) => edge.node.databaseId);
    const looked = await search(10);
    expect(found(looked)).toEqual([first]);
    const kept = await search(11);
    expect(found(kept)).toEqual([first]);
    expect(sqlQueries(kept)).toBe(sqlQueries(looked) - 1);
    // An order moves the part's stock, a catalogue change that is not one of the vocabulary.
    const customer = await newCustomer("search-memo");
    expect((await rest("POST", "/order", { token: customer.token, body: orderBody(first, 1) })).status).toBe(201);
    expect(sqlQueries(await search(12))).toBe(sqlQueries(looked) - 1);
    // A part whose name brings a new word of the prefix: the prefix stands for it from the next search on.
    const admin = await seededAdmin();
    const created = await gql(
      `mutation($input: CreatePartInput!) { createPart(input: $input) { databaseId } }`,
      {
        input: {
          name: `${word}beta housing`,
          shortDesc: "A part an admin added",
          img: "/images/parts/dc-jack.svg",
          price: 9,
          available: 5,
          minOrderQuantity: 1,
        },
      },
      admin.token,
    );
    expect(created.body.errors).toBeUndefined();
    const afterWrite = await search(13);
    expect(found(afterWrite).sort()).toEqual([first, created.body.data.createPart.databaseId].sort());
    expect(sqlQueries(afterWrite)).toBe(sqlQueries(looked));
  });

  it("search_normalize skips its regular expressions only where they change nothing: text without a hyphen", async () => {
    const texts = [
      "Wi-Fi 6E",
      "a-b-c",
      "--",
      "-",
      "x -y",
      "ÄÖ-Ü Straße",
      "",
      "UPPER lower",
      "T14-Gen2 x",
      "No Hyphen At All",
      "ÉCRAN 13,3''",
    ];
    await withDatabase(async (client) => {
      const { rows } = await client.query(
        `SELECT input, joined, search_normalize(input, joined) AS normalized, ${HYPHENS_EXPRESSION} AS expressions
         FROM unnest($1::text[] || ARRAY(SELECT name FROM parts) || ARRAY(SELECT short_desc FROM parts)) AS input, unnest(ARRAY[true, false]) AS joined`,
        [texts],
      );
      expect(rows.length).toBeGreaterThan(texts.length * 2);
      for (const row of rows) expect(row.normalized, `${row.input} (${row.joined})`).toBe(row.expressions);
    });
  });

  it("refuses a search longer than 200 characters instead of cutting it", async () => {
    const answer = await rest("GET", `/parts?q=${"a".repeat(201)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("search must be at most 200 characters");
    const graph = await gql(PARTS_QUERY, { search: "a".repeat(201) });
    expect(errorCode(graph)).toBe("BAD_USER_INPUT");
  });
});

describe("filters", () => {
  const word = uniqueWord();
  let ids: Record<string, string>;
  beforeAll(async () => {
    const [cheap, middle, dear, soldOut, belowMinimum] = await insertParts([
      { name: `${word} cheap`, priceCents: 500 },
      { name: `${word} middle`, priceCents: 1999 },
      { name: `${word} dear`, priceCents: 5000 },
      { name: `${word} sold out`, priceCents: 1500, available: 0 },
      { name: `${word} below minimum`, priceCents: 1500, available: 4, minOrderQuantity: 5 },
    ]);
    ids = { cheap, middle, dear, soldOut, belowMinimum };
    const admin = await domain.actor((await seededAdmin()).email);
    await domain.compatibility.setCompatibleModels(admin, cheap, [{ brand: "Lenovo", model: "ThinkPad T14 Gen 2" }]);
    await domain.compatibility.setCompatibleModels(admin, middle, [{ brand: "Dell", model: "Latitude 5420" }]);
    await domain.compatibility.setCompatibleModels(admin, dear, [
      { brand: "Lenovo", model: "ThinkPad X1 Carbon Gen 10" },
      { brand: "Dell", model: "Latitude 5420" },
    ]);
  });

  const find = async (query: string) => names(await rest("GET", `/parts?q=${word}&sort=price_asc&${query}`));

  it("in stock only: parts that can be ordered now (stock at least the minimum order)", async () => {
    expect(await find("inStock=true")).toEqual([`${word} cheap`, `${word} middle`, `${word} dear`]);
    expect(await find("inStock=1")).toEqual(await find("inStock=true"));
    expect(await find("inStock=false")).toHaveLength(5);
  });

  it("a price range in dollars, both ends included", async () => {
    expect(await find("minPrice=5&maxPrice=19.99")).toEqual([
      `${word} cheap`,
      `${word} sold out`,
      `${word} below minimum`,
      `${word} middle`,
    ]);
    expect(await find("minPrice=15.01")).toEqual([`${word} middle`, `${word} dear`]);
    expect(await find("maxPrice=4.99")).toEqual([]);
  });

  it("searches of one shape answer for their own values: the shape's SQL is kept, never its values", async () => {
    const cheapEnd = "minPrice=5&maxPrice=19.99";
    const first = await find(cheapEnd);
    expect(first).toEqual([`${word} cheap`, `${word} sold out`, `${word} below minimum`, `${word} middle`]);
    expect(await find("minPrice=15.01&maxPrice=60")).toEqual([`${word} middle`, `${word} dear`]);
    expect(names(await rest("GET", `/parts?q=${uniqueWord()}&sort=price_asc&${cheapEnd}`))).toEqual([]);
    expect(await find(cheapEnd)).toEqual(first);
    // The same with a laptop checked after the search, and after a cursor.
    const lenovo = { search: word, filter: { brand: "Lenovo" }, orderBy: "PRICE_ASC" };
    expect(await everyPage(lenovo, 1)).toEqual([`${word} cheap`, `${word} dear`]);
    expect(await everyPage({ ...lenovo, filter: { brand: "Dell" } }, 1)).toEqual([`${word} middle`, `${word} dear`]);
    expect(await everyPage(lenovo, 1)).toEqual([`${word} cheap`, `${word} dear`]);
  });

  it("a laptop brand, and a model, in any letter case", async () => {
    expect(await find("brand=lenovo")).toEqual([`${word} cheap`, `${word} dear`]);
    expect(await find("brand=DELL")).toEqual([`${word} middle`, `${word} dear`]);
    expect(await find(`brand=Dell&model=${encodeURIComponent("latitude 5420")}`)).toEqual([
      `${word} middle`,
      `${word} dear`,
    ]);
    expect(await find(`model=${encodeURIComponent("ThinkPad T14 Gen 2")}`)).toEqual([`${word} cheap`]);
    expect(await find(`brand=Dell&model=${encodeURIComponent("ThinkPad T14 Gen 2")}`)).toEqual([]);
    expect(await find("brand=Nobody")).toEqual([]);
  });

  it("filters combine, and work without a search (GraphQL)", async () => {
    expect(await find("inStock=true&brand=Dell&maxPrice=30")).toEqual([`${word} middle`]);
    const answer = await gql(PARTS_QUERY, {
      first: 100,
      filter: { brand: "Dell", model: "Latitude 5420", minPrice: 19.99, maxPrice: 50 },
      orderBy: "PRICE_ASC",
    });
    const found = answer.body.data.parts.edges.map((edge: any) => edge.node.databaseId);
    expect(found).toEqual(expect.arrayContaining([ids.middle, ids.dear]));
    const seededLatitude = (
      await rest("GET", "/parts?brand=Dell&model=Latitude%205420&minPrice=19.99&maxPrice=50&sort=price_asc")
    ).body.map((p: any) => p._id);
    expect(found).toEqual(seededLatitude);
  });

  it("a search for a laptop brand or model pages the same whether its parts fit early in the order or only at its end", async () => {
    const many = uniqueWord();
    // 30 parts, cheapest first: every other one fits an Often laptop, only the two dearest a Rarely one.
    const parts = await insertParts(
      Array.from({ length: 30 }, (_, i) => ({ name: `${many} part ${i}`, priceCents: 1000 + i })),
    );
    const admin = await domain.actor((await seededAdmin()).email);
    // Model names of their own (the search's word in them would rank the parts that fit them higher).
    const often = { brand: `Often${many}`.slice(0, 40), model: `One ${uniqueWord()}` };
    const rarely = { brand: `Rarely${many}`.slice(0, 40), model: `Two ${uniqueWord()}` };
    for (const [i, id] of parts.entries()) {
      const laptops = [
        ...(i % 2 === 1 ? [often] : []),
        ...(i >= 28 ? [rarely] : []),
        { brand: "Lenovo", model: "ThinkPad T14 Gen 2" },
      ];
      await domain.compatibility.setCompatibleModels(admin, id, laptops);
    }
    const statements = async (filter: object) =>
      sqlQueries(await gql(PARTS_QUERY, { search: many, filter, orderBy: "PRICE_ASC", first: 2 }));
    // The search's tsqueries are kept from its first sight on: the counts below are without them.
    await statements({ brand: often.brand });
    // Brands and models are read from each part's row: as many statements however few parts fit.
    expect(await statements({ brand: rarely.brand })).toBe(await statements({ brand: often.brand }));
    expect(await statements({ model: rarely.model })).toBe(await statements({ model: often.model }));
    expect(await statements(rarely)).toBe(await statements(often));
    const label = (name: string) => Number(name.slice(`${many} part `.length));
    const odd = Array.from({ length: 15 }, (_, i) => 2 * i + 1);
    for (const [laptop, expected] of [
      [often, odd],
      [rarely, [28, 29]],
      [{ brand: "Nobody", model: "Nothing" }, []],
    ] as const) {
      for (const filter of [{ brand: laptop.brand }, { model: laptop.model }, laptop]) {
        for (const first of [2, 5, 100]) {
          const found = await everyPage({ search: many, filter, orderBy: "PRICE_ASC" }, first);
          expect(found.map(label), `${JSON.stringify(filter)}, pages of ${first}`).toEqual(expected);
        }
      }
      const listed = names(await rest("GET", `/parts?q=${many}&brand=${laptop.brand}&sort=price_desc`)).map(label);
      expect(listed, laptop.brand).toEqual([...expected].reverse());
      const listedByModel = names(
        await rest("GET", `/parts?q=${many}&model=${encodeURIComponent(laptop.model)}&sort=price_desc`),
      ).map(label);
      expect(listedByModel, laptop.model).toEqual([...expected].reverse());
    }
    // The other orders: in relevance (ties by catalogue order) Rarely's parts come last; newest or
    // dearest first they come first, and the page after them finds none.
    for (const [orderBy, expected] of [
      ["NEWEST", [29, 28]],
      ["RELEVANCE", [28, 29]],
      ["PRICE_DESC", [29, 28]],
    ] as const) {
      for (const filter of [{ brand: rarely.brand }, { model: rarely.model }]) {
        const found = await everyPage({ search: many, filter, orderBy }, 1);
        expect(found.map(label), `${orderBy} ${JSON.stringify(filter)}`).toEqual(expected);
      }
    }
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

describe("sort orders and cursor pagination", () => {
  const word = uniqueWord();
  beforeAll(async () => {
    // Inserted a..e: e is the newest. Prices tie for b and c.
    const [a, , c, d] = await insertParts([
      { name: `${word} a`, priceCents: 3000 },
      { name: `${word} b`, priceCents: 1000 },
      { name: `${word} c`, priceCents: 1000 },
      { name: `${word} d`, priceCents: 9900 },
      { name: `${word} e`, priceCents: 50 },
    ]);
    const customer = await newCustomer("rater");
    const review = (partId: string, ratings: number) =>
      rest("POST", "/review", {
        token: customer.token,
        body: { name: "Rater", ratings, description: "Rated", img: "https://example.com/r.png", partId },
      });
    // c: 5 (one review); a: 5 and 5 (two); d: 4; b and e: none.
    for (const [partId, ratings] of [
      [c, 5],
      [a, 5],
      [a, 5],
      [d, 4],
    ] as const) {
      expect((await review(partId, ratings)).status).toBe(201);
    }
  });

  const label = (name: string) => name.slice(word.length + 1);
  const expectedOrders: Record<string, string[]> = {
    RELEVANCE: ["a", "b", "c", "d", "e"],
    PRICE_ASC: ["e", "b", "c", "a", "d"],
    PRICE_DESC: ["d", "a", "c", "b", "e"],
    NEWEST: ["e", "d", "c", "b", "a"],
    BEST_RATED: ["a", "c", "d", "e", "b"],
  };

  for (const [orderBy, expected] of Object.entries(expectedOrders)) {
    it(`${orderBy}: pages of 2 follow each other without gaps or repeats`, async () => {
      const all = await everyPage({ search: word, orderBy }, 100);
      expect(all.map(label)).toEqual(expected);
      expect((await everyPage({ search: word, orderBy }, 2)).map(label)).toEqual(expected);
      const sort = orderBy.toLowerCase();
      expect(names(await rest("GET", `/parts?q=${word}&sort=${sort}`)).map(label)).toEqual(expected);
    });
  }

  it("RELEVANCE pages one part at a time through ranks that differ and tie, none repeated or skipped", async () => {
    const other = uniqueWord();
    // The word in the name only, also in the description, and twice in the description: ranks
    // that are not round in a real (0.1 and 0.2 are not exact) and two parts at each.
    await insertParts([
      { name: `${other} plain one` },
      { name: `${other} described one`, shortDesc: `About ${other}` },
      { name: `${other} plain two` },
      { name: `${other} twice one`, shortDesc: `${other} and again ${other}` },
      { name: `${other} described two`, shortDesc: `About ${other}` },
      { name: `${other} twice two`, shortDesc: `${other} and again ${other}` },
    ]);
    const ranked = await withDatabase(
      async (client) =>
        (
          await client.query(
            `SELECT name, ts_rank(search_document, to_tsquery('english', $1)) AS rank FROM parts
             WHERE search_document @@ to_tsquery('english', $1) ORDER BY rank DESC, seq`,
            [`${other}:*`],
          )
        ).rows,
    );
    expect(new Set(ranked.map((row) => row.rank)).size).toBe(3);
    const expected = ranked.map((row) => row.name);
    expect(await everyPage({ search: other, orderBy: "RELEVANCE" }, 1)).toEqual(expected);
    expect(await everyPage({ search: other, orderBy: "RELEVANCE" }, 2)).toEqual(expected);
  });

  it("without a search too: the filters page in each order", async () => {
    for (const [orderBy, expected] of Object.entries(expectedOrders)) {
      if (orderBy === "RELEVANCE") continue;
      const all = await everyPage({ orderBy, filter: { minPrice: 0 } }, 100);
      const ours = all.filter((name) => name.startsWith(`${word} `)).map(label);
      expect(ours, orderBy).toEqual(expected);
    }
  });

  it("parts carry their rating (average stars, null without reviews) and review count", async () => {
    const answer = await gql(PARTS_QUERY, { search: word, orderBy: "BEST_RATED" });
    const byName = Object.fromEntries(
      answer.body.data.parts.edges.map((edge: any) => [label(edge.node.name), edge.node]),
    );
    expect(byName.a).toMatchObject({ rating: 5, reviewCount: 2 });
    expect(byName.c).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(byName.d).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(byName.b).toMatchObject({ rating: null, reviewCount: 0 });
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
    // Parts of a search that fit a laptop are checked after the search orders them.
    const fitting = uniqueWord();
    const fittingIds = await insertParts(
      [0, 1, 2, 3, 4].map((n) => ({ name: `${fitting} ${n}`, priceCents: 1000 + n })),
    );
    const admin = await domain.actor((await seededAdmin()).email);
    for (const id of fittingIds.filter((_, n) => n !== 2)) {
      await domain.compatibility.setCompatibleModels(admin, id, [{ brand: "Lenovo", model: "ThinkPad T14 Gen 2" }]);
    }
    const cases: Array<Record<string, unknown>> = [
      ...Object.keys(expectedOrders).map((orderBy) => ({ search: word, orderBy })),
      { filter: { minPrice: 0 }, orderBy: "PRICE_ASC" },
      { search: fitting, filter: { brand: "lenovo" } },
      { search: fitting, filter: { brand: "Lenovo" }, orderBy: "PRICE_DESC" },
      {},
    ];
    for (const variables of cases) {
      let after: string | null = null;
      for (let page = 0; page < 4; page++) {
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
      ["a", 5],
      ["c", 5],
      ["d", 4],
      ["e", null],
      ["b", null],
    ]);
    const without = await gql(query, { search: word, withRating: false });
    expect(without.body.data.parts.edges.map((edge: any) => label(edge.node.name))).toEqual(["a", "c", "d", "e", "b"]);
    expect(without.body.data.parts.edges[0].node).not.toHaveProperty("rating");
  });

  it("a cursor belongs to its order: another order's cursor or a forged one is refused", async () => {
    const first = await gql(PARTS_QUERY, { search: word, orderBy: "PRICE_ASC", first: 2 });
    const cursor = first.body.data.parts.pageInfo.endCursor;
    const mixed = await gql(PARTS_QUERY, { search: word, orderBy: "NEWEST", first: 2, after: cursor });
    expect(errorCode(mixed)).toBe("BAD_USER_INPUT");
    expect(mixed.body.errors[0].message).toBe("after is not a valid cursor for this search and order");
    for (const forged of [
      "bm9wZQ",
      Buffer.from('["price_asc","1; DROP TABLE parts","1"]').toString("base64url"),
      "%%%",
    ]) {
      expect(errorCode(await gql(PARTS_QUERY, { search: word, orderBy: "PRICE_ASC", after: forged })), forged).toBe(
        "BAD_USER_INPUT",
      );
    }
  });
});

describe("cost and caching", () => {
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

describe("searches of several conditions", () => {
  it("two words that many parts share page in every order as the SQL orders them, whether their matches are past MATCHES_READ_FIRST or under it", async () => {
    const many = uniqueWord();
    const common = uniqueWord();
    const rare = uniqueWord();
    // One part more than a search reads through its index before it walks an order's index; two carry a rarer word too. Prices tie in fifties.
    await withDatabase((client) =>
      client.query(
        `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
         SELECT $1 || ' ' || $2 || ' part ' || n || CASE WHEN n % 700 = 0 THEN ' ' || $3 ELSE '' END,
                '/images/parts/dc-jack.svg', 1000 + n % 50, 100, 1, 'A part made by a test'
         FROM generate_series(1, $4::int) AS n`,
        [many, common, rare, MATCHES_READ_FIRST + 1],
      ),
    );
    try {
      // Past MATCHES_READ_FIRST a search reads its matches, then walks the order: one statement more than a rarer
      // search. Its next page, or another order, walks at once: two fewer than its first sight (which also looked
      // its tsqueries up), as many as the rarer search's. Walked by price, it first counts its words' parts (which
      // word to walk), once for some minutes.
      const statements = async (words: string, orderBy: string) =>
        sqlQueries(await gql(PARTS_QUERY, { search: words, orderBy, first: 7 }));
      const firstSight = await statements(`${many} ${common}`, "NEWEST");
      expect(firstSight).toBe((await statements(`${many} ${rare}`, "NEWEST")) + 1);
      expect(await statements(`${many} ${common}`, "PRICE_ASC")).toBe(firstSight - 1);
      const again = await statements(`${many} ${common}`, "PRICE_DESC");
      expect(again).toBe(firstSight - 2);
      expect(again).toBe(await statements(`${many} ${rare}`, "PRICE_ASC"));
      const expected = async (words: string, orderBy: string) =>
        withDatabase(async (client) =>
          (
            await client.query(
              `SELECT name FROM parts WHERE name LIKE $1 AND ($2::text IS NULL OR name LIKE '%' || $2) ORDER BY ${ORDERS_BY[orderBy]} LIMIT 45`,
              [`${many} ${common} part %`, words.includes(rare) ? rare : null],
            )
          ).rows.map((row) => row.name),
        );
      for (const words of [`${many} ${common}`, `${many} ${rare}`]) {
        for (const orderBy of Object.keys(ORDERS_BY)) {
          const pages: string[] = [];
          let after: string | null = null;
          for (const first of [20, 25]) {
            const answer: any = await gql(PARTS_QUERY, { search: words, orderBy, first, after });
            expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
            pages.push(...answer.body.data.parts.edges.map((edge: any) => edge.node.name));
            after = answer.body.data.parts.pageInfo.endCursor;
          }
          expect(pages, `${words} ${orderBy}`).toEqual(await expected(words, orderBy));
        }
      }
    } finally {
      await withDatabase((client) =>
        client.query("DELETE FROM parts WHERE name LIKE $1", [`${many} ${common} part %`]),
      );
    }
  });
});

describe("a one-word search in relevance order", () => {
  /** The names of the parts matching `word` (in stock only, in a price range in cents, if asked), ranked as the SQL ranks them all. */
  const rankedBySql = (word: string, { inStock = false, minCents = 0, maxCents = 1e9 } = {}) =>
    withDatabase(async (client) =>
      (
        await client.query(
          `SELECT p.name FROM parts p, part_search_queries($1) q
           WHERE p.retired_at IS NULL AND p.search_document @@ q.match AND (NOT $2 OR p.available >= p.min_order_quantity)
             AND p.price_cents BETWEEN $3 AND $4
           ORDER BY ts_rank(p.search_document, q.query) DESC, p.seq`,
          [word, inStock, minCents, maxCents],
        )
      ).rows.map((row) => row.name),
    );

  /**
   * Parts that all have the word, some in their name, some once or twice in their description,
   * some out of stock, prices rising: ranks that differ and tie, in no order of the catalogue's.
   */
  const insertRanked = (word: string, tag: string) =>
    withDatabase((client) =>
      client.query(
        `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
         SELECT 'Hinge ' || CASE WHEN n % 3 = 0 THEN $1 || ' ' ELSE '' END || $2 || ' ' || n, '/images/parts/dc-jack.svg', 1000 + 10 * n,
                CASE WHEN n % 4 = 0 THEN 0 ELSE 100 END, 1,
                'A part made by a test' || CASE WHEN n % 3 <> 0 OR n % 2 = 0 THEN ' for ' || $1 ELSE '' END
                                        || CASE WHEN n % 5 = 0 THEN ', a ' || $1 || ' part' ELSE '' END
         FROM generate_series(1, 60) AS n`,
        [word, tag],
      ),
    );

  it("pages as ranking every match does: more mentions and the name first, ties in catalogue order, with filters, typed in part or whole", async () => {
    const [word, tag] = [uniqueWord(), uniqueWord()];
    await insertRanked(word, tag);
    const ranked = await rankedBySql(word);
    expect(ranked).toHaveLength(60);
    for (const first of [1, 7, 20, 100])
      expect(await everyPage({ search: word }, first), `pages of ${first}`).toEqual(ranked);
    expect(await everyPage({ search: word, filter: { inStock: true } }, 7)).toEqual(
      await rankedBySql(word, { inStock: true }),
    );
    expect(await everyPage({ search: word, filter: { minPrice: 12, maxPrice: 15.5 } }, 4)).toEqual(
      await rankedBySql(word, { minCents: 1200, maxCents: 1550 }),
    );
    expect(await everyPage({ search: word, filter: { minPrice: 13, inStock: true } }, 20)).toEqual(
      await rankedBySql(word, { minCents: 1300, inStock: true }),
    );
    // The word partly typed finds and ranks the same parts.
    expect(await everyPage({ search: word.slice(0, 6) }, 20)).toEqual(ranked);
    // REST answers the same order.
    expect(names(await rest("GET", `/parts?q=${word}`))).toEqual(ranked);
  });

  it("follows a part's writes: a rename, a description, retiring and deleting", async () => {
    const [word, tag] = [uniqueWord(), uniqueWord()];
    await insertRanked(word, tag);
    const name = (n: number) => (n % 3 === 0 ? `Hinge ${word} ${tag} ${n}` : `Hinge ${tag} ${n}`);
    await withDatabase(async (client) => {
      await client.query("UPDATE parts SET name = $2 WHERE name = $1", [name(7), `Hinge ${word} ${word} ${tag} 7`]);
      await client.query("UPDATE parts SET short_desc = 'A part made by a test' WHERE name = $1", [name(8)]);
      await client.query("UPDATE parts SET retired_at = now() WHERE name = $1", [name(9)]);
      await client.query("DELETE FROM parts WHERE name = $1", [name(10)]);
    });
    const ranked = await rankedBySql(word);
    expect(ranked[0]).toBe(`Hinge ${word} ${word} ${tag} 7`);
    expect(ranked).not.toContain(name(8));
    expect(ranked).not.toContain(name(9));
    expect(ranked).toHaveLength(57);
    expect(await everyPage({ search: word }, 10)).toEqual(ranked);
  });

  it("a document written with the triggers off leaves its ranks behind: check:invariants names the part and word until rebuild_part_lexeme_ranks()", async () => {
    const word = uniqueWord();
    const [id] = await insertParts([{ name: `Bezel ${word}` }]);
    const differing = (violations: string[]) =>
      violations.filter((violation) => violation.includes("part_lexeme_ranks"));
    await withDatabase(async (client) => {
      await client.query("SET session_replication_role = replica");
      try {
        await client.query(`UPDATE parts SET search_document = part_search_document(name, '', $2) WHERE id = $1`, [
          id,
          `A ${word} bezel`,
        ]);
      } finally {
        await client.query("SET session_replication_role = DEFAULT");
      }
    });
    const before = differing((await withDatabase((client) => checkInvariants(client))).violations);
    expect(before).toHaveLength(1);
    expect(before[0]).toContain(word.slice(0, 6));
    await withDatabase((client) => client.query("SELECT rebuild_part_lexeme_ranks()"));
    expect(differing((await withDatabase((client) => checkInvariants(client))).violations)).toEqual([]);
  });

  it("emptying the parts table empties their ranks (no row trigger fires)", async () => {
    const left = await withDatabase(async (client) => {
      await client.query("BEGIN");
      try {
        await client.query("TRUNCATE parts CASCADE");
        return (await client.query("SELECT count(*)::int AS count FROM part_lexeme_ranks")).rows[0].count;
      } finally {
        await client.query("ROLLBACK");
      }
    });
    expect(left).toBe(0);
    expect(
      (await withDatabase((client) => client.query("SELECT count(*)::int AS count FROM part_lexeme_ranks"))).rows[0]
        .count,
    ).toBeGreaterThan(0);
  });
});

describe("a one-word search by price, and with a price range in its own order", () => {
  /** The names of the parts matching `word` in an order, as the SQL orders them all (in stock only, a price range in cents, at most `limit`). */
  const orderedBySql = (
    word: string,
    orderBy: string,
    { inStock = false, minCents = 0, maxCents = 1e9, limit = 1e6 } = {},
  ) =>
    withDatabase(async (client) =>
      (
        await client.query(
          `SELECT p.name FROM parts p, part_search_queries($1) q
           WHERE p.retired_at IS NULL AND p.search_document @@ q.match AND (NOT $2 OR p.available >= p.min_order_quantity)
             AND p.price_cents BETWEEN $3 AND $4
           ORDER BY ${ORDERS_BY[orderBy]} LIMIT $5`,
          [word, inStock, minCents, maxCents, limit],
        )
      ).rows.map((row) => row.name),
    );

  /** `count` parts with the word, prices tying in sevens and not in catalogue order, every fourth out of stock. */
  const insertPriced = (word: string, count: number) =>
    withDatabase((client) =>
      client.query(
        `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
         SELECT 'Bezel ' || $1 || ' ' || n, '/images/parts/dc-jack.svg', 1000 + (n * 37) % 7 * 100 + CASE WHEN n > 40 THEN 5000 ELSE 0 END,
                CASE WHEN n % 4 = 0 THEN 0 ELSE 100 END, 1, 'A part made by a test'
         FROM generate_series(1, $2::int) AS n`,
        [word, count],
      ),
    );

  it("the price orders page as ordering every match does, with price ranges, in stock, typed in part, and after prices change", async () => {
    const word = uniqueWord();
    await insertPriced(word, 60);
    for (const orderBy of ["PRICE_ASC", "PRICE_DESC"]) {
      const ordered = await orderedBySql(word, orderBy);
      expect(ordered).toHaveLength(60);
      for (const first of [1, 7, 100])
        expect(await everyPage({ search: word, orderBy }, first), `${orderBy} pages of ${first}`).toEqual(ordered);
      expect(await everyPage({ search: word, orderBy, filter: { minPrice: 12, maxPrice: 14 } }, 4)).toEqual(
        await orderedBySql(word, orderBy, { minCents: 1200, maxCents: 1400 }),
      );
      expect(await everyPage({ search: word, orderBy, filter: { minPrice: 15, inStock: true } }, 5)).toEqual(
        await orderedBySql(word, orderBy, { minCents: 1500, inStock: true }),
      );
      expect(await everyPage({ search: word.slice(0, 6), orderBy }, 20)).toEqual(ordered);
    }
    expect(names(await rest("GET", `/parts?q=${word}&sort=price_asc`))).toEqual(await orderedBySql(word, "PRICE_ASC"));
    // Price changes reach the word's parts by price (its trigger), retiring and deleting too.
    await withDatabase(async (client) => {
      await client.query("UPDATE parts SET price_cents = 1 WHERE name = $1", [`Bezel ${word} 50`]);
      await client.query("UPDATE parts SET price_cents = price_cents + 250 WHERE name LIKE $1", [`Bezel ${word} 1_`]);
      await client.query("UPDATE parts SET retired_at = now() WHERE name = $1", [`Bezel ${word} 2`]);
      await client.query("DELETE FROM parts WHERE name = $1", [`Bezel ${word} 3`]);
    });
    const cheapestFirst = await orderedBySql(word, "PRICE_ASC");
    expect(cheapestFirst[0]).toBe(`Bezel ${word} 50`);
    expect(cheapestFirst).toHaveLength(58);
    expect(await everyPage({ search: word, orderBy: "PRICE_ASC" }, 9)).toEqual(cheapestFirst);
    expect(await everyPage({ search: word, orderBy: "PRICE_DESC", filter: { maxPrice: 14 } }, 9)).toEqual(
      await orderedBySql(word, "PRICE_DESC", { maxCents: 1400 }),
    );
  });

  it("a word and a price range in newest and best-rated order page as the SQL orders them, whether the range holds none, a few or more than WORD_IN_RANGE_READ_FIRST of its parts", async () => {
    const word = uniqueWord();
    // 40 parts at $10 to $16, the rest at $60 to $66: ranges with more than WORD_IN_RANGE_READ_FIRST parts, with a few, with none.
    await insertPriced(word, WORD_IN_RANGE_READ_FIRST + 41);
    /** The names on the first pages of these sizes. */
    const firstPages = async (variables: Record<string, unknown>, sizes: number[]) => {
      const pages: string[] = [];
      let after: string | null = null;
      for (const first of sizes) {
        const answer: any = await gql(PARTS_QUERY, { ...variables, first, after });
        expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
        pages.push(...answer.body.data.parts.edges.map((edge: any) => edge.node.name));
        after = answer.body.data.parts.pageInfo.endCursor;
      }
      return pages;
    };
    try {
      const ranges: Array<[number | undefined, number | undefined]> = [
        [10, 70],
        [60, undefined],
        [undefined, 11],
        [13, 14],
        [100, 200],
      ];
      for (const orderBy of ["NEWEST", "BEST_RATED"]) {
        for (const [minPrice, maxPrice] of ranges) {
          const bounds = { minCents: (minPrice ?? 0) * 100, maxCents: maxPrice === undefined ? 1e9 : maxPrice * 100 };
          const label = `${orderBy} ${minPrice}-${maxPrice}`;
          expect(await firstPages({ search: word, orderBy, filter: { minPrice, maxPrice } }, [20, 25]), label).toEqual(
            await orderedBySql(word, orderBy, { ...bounds, limit: 45 }),
          );
          expect(
            await firstPages({ search: word, orderBy, filter: { minPrice, maxPrice, inStock: true } }, [7, 50]),
            label,
          ).toEqual(await orderedBySql(word, orderBy, { ...bounds, inStock: true, limit: 57 }));
        }
      }
    } finally {
      await withDatabase((client) => client.query("DELETE FROM parts WHERE name LIKE $1", [`Bezel ${word} %`]));
    }
  });

  it("a word that begins longer words of the catalogue finds the parts of each, by price or in a price range, a part with two of them once", async () => {
    const word = uniqueWord();
    await withDatabase((client) =>
      client.query(
        `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
         SELECT 'Bracket ' || CASE n % 3 WHEN 0 THEN $1 WHEN 1 THEN $1 || 'ite' ELSE $1 || ' ' || $1 || 'ite' END || ' ' || n,
                '/images/parts/dc-jack.svg', 1000 + n % 5 * 100, 100, 1, 'A part made by a test'
         FROM generate_series(1, 30) AS n`,
        [word],
      ),
    );
    const [{ match }] = (
      await withDatabase((client) => client.query("SELECT match::text FROM part_search_queries($1)", [word]))
    ).rows;
    // Found as either of two lexemes (as the stemmer cuts them).
    expect(match.split(" | ")).toEqual([expect.stringMatching(/^'[a-z]+'$/), expect.stringMatching(/^'[a-z]+'$/)]);
    for (const orderBy of ["NEWEST", "BEST_RATED", "PRICE_ASC", "PRICE_DESC", "RELEVANCE"]) {
      for (const [minPrice, maxPrice] of [
        [undefined, undefined],
        [11, 13],
        [14, undefined],
        [50, 60],
      ]) {
        const bounds = { minCents: (minPrice ?? 0) * 100, maxCents: maxPrice === undefined ? 1e9 : maxPrice * 100 };
        const found = await everyPage({ search: word, orderBy, filter: { minPrice, maxPrice } }, 4);
        // Relevance ranks by the word as typed, which SQL here does not: the same parts.
        if (orderBy === "RELEVANCE")
          expect([...found].sort(), orderBy).toEqual((await orderedBySql(word, "NEWEST", bounds)).sort());
        else expect(found, `${orderBy} ${minPrice}-${maxPrice}`).toEqual(await orderedBySql(word, orderBy, bounds));
      }
    }
  });

  it("a price written with the triggers off is reported by check:invariants until rebuild_part_lexeme_ranks()", async () => {
    const word = uniqueWord();
    const [id] = await insertParts([{ name: `Bezel ${word}` }]);
    const differing = (violations: string[]) =>
      violations.filter((violation) => violation.includes("whose price part_lexeme_ranks"));
    const seq = await withDatabase(async (client) => {
      await client.query("SET session_replication_role = replica");
      try {
        return (await client.query("UPDATE parts SET price_cents = price_cents + 1 WHERE id = $1 RETURNING seq", [id]))
          .rows[0].seq;
      } finally {
        await client.query("SET session_replication_role = DEFAULT");
      }
    });
    expect(differing((await withDatabase((client) => checkInvariants(client))).violations)).toEqual([
      expect.stringContaining(`: ${seq}`),
    ]);
    await withDatabase((client) => client.query("SELECT rebuild_part_lexeme_ranks()"));
    expect(differing((await withDatabase((client) => checkInvariants(client))).violations)).toEqual([]);
  });
});

describe("the search's SQL", () => {
  it("a part's laptops written with the triggers off leave its brands and models behind: check:invariants names the part", async () => {
    const word = uniqueWord();
    const [id] = await insertParts([{ name: `Hinge ${word}` }]);
    const stale = (violations: string[]) =>
      violations.filter((violation) => violation.includes("laptop_brands") || violation.includes("laptop_models"));
    await withDatabase(async (client) => {
      await client.query("SET session_replication_role = replica");
      try {
        await client.query(
          `INSERT INTO part_compatibility (part_id, laptop_model_id) SELECT $1, id FROM laptop_models WHERE brand = 'Dell' ORDER BY seq LIMIT 1`,
          [id],
        );
      } finally {
        await client.query("SET session_replication_role = DEFAULT");
      }
    });
    const before = stale((await withDatabase((client) => checkInvariants(client))).violations);
    expect(before).toHaveLength(2);
    expect(before.every((violation) => violation.includes(id))).toBe(true);

    await withDatabase((client) =>
      client.query("UPDATE parts SET laptop_brands = part_laptop_brands(id) WHERE id = $1", [id]),
    );
    expect(stale((await withDatabase((client) => checkInvariants(client))).violations)).toEqual([
      expect.stringContaining("laptop_models"),
    ]);
    await withDatabase((client) =>
      client.query("UPDATE parts SET laptop_models = part_laptop_models(id) WHERE id = $1", [id]),
    );
    expect(stale((await withDatabase((client) => checkInvariants(client))).violations)).toEqual([]);
    expect((await rest("GET", `/parts?brand=dell&q=${word}`)).body.map((part: any) => part._id)).toEqual([id]);
    const { model } = (
      await withDatabase((client) =>
        client.query("SELECT model FROM laptop_models WHERE brand = 'Dell' ORDER BY seq LIMIT 1"),
      )
    ).rows[0];
    expect(
      (await rest("GET", `/parts?brand=dell&model=${encodeURIComponent(model.toUpperCase())}&q=${word}`)).body.map(
        (part: any) => part._id,
      ),
    ).toEqual([id]);
  });

  it("a word written with the triggers off is reported by check:invariants, and found by its prefix once the rebuild functions add it", async () => {
    const word = uniqueWord();
    const missing = (violations: string[]) =>
      violations.filter((violation) => violation.includes("missing from search_lexemes"));
    const id = await withDatabase(async (client) => {
      await client.query("SET session_replication_role = replica");
      try {
        const name = `${word}ite bracket`;
        const { rows } = await client.query(
          `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc, search_document)
           VALUES ($1::text, '/images/parts/dc-jack.svg', 1000, 5, 1, 'Written by a test', part_search_document($1::text, '', 'Written by a test'))
           RETURNING id`,
          [name],
        );
        return rows[0].id;
      } finally {
        await client.query("SET session_replication_role = DEFAULT");
      }
    });
    const before = await withDatabase((client) => checkInvariants(client));
    expect(missing(before.violations)).toHaveLength(1);
    expect(missing(before.violations)[0]).toContain(word);

    await withDatabase((client) => client.query("SELECT rebuild_search_lexemes()"));
    expect(missing((await withDatabase((client) => checkInvariants(client))).violations)).toEqual([]);
    // Its ranks too (migration 1764770000000): a one-word search reads them.
    await withDatabase((client) => client.query("SELECT rebuild_part_lexeme_ranks()"));
    // The triggers off skipped part_names and part_number_keys too: put the name and the number's
    // key there as the shop would have, or the invariant checks of the files run after this one
    // (one database for the suite) report them.
    await withDatabase(async (client) => {
      await client.query(
        "INSERT INTO part_names (part_id, name) SELECT id, name FROM parts WHERE id = $1 ON CONFLICT DO NOTHING",
        [id],
      );
      await client.query(
        "INSERT INTO part_number_keys (key, part_id, alternative) SELECT part_number_key(part_number), id, false FROM parts WHERE id = $1",
        [id],
      );
    });
    const found = await gql(PARTS_QUERY, { search: `${word}i`, first: 10 });
    expect(found.body.data.parts.edges.map((edge: any) => edge.node.databaseId)).toEqual([id]);
  });

  it("can use the GIN indexes for the search, its brands and the models, and each order's B-tree index", async () => {
    const plans = await withDatabase(async (client) => {
      await client.query("BEGIN");
      try {
        // On a small table the planner rightly reads it whole; this shows the indexes fit the queries.
        await client.query("SET LOCAL enable_seqscan = off");
        const plan = async (sql: string, params: unknown[] = []) =>
          (await client.query(`EXPLAIN ${sql}`, params)).rows.map((row: any) => row["QUERY PLAN"]).join("\n");
        const [{ query, match }] = (
          await client.query("SELECT query::text, match::text FROM part_search_queries('thinkpad t14 batery')")
        ).rows;
        return {
          query,
          match,
          search: await plan("SELECT id FROM parts WHERE search_document @@ $1::tsquery", [match]),
          searchWithBrand: await plan(
            "SELECT id FROM parts WHERE search_document @@ $1::tsquery AND laptop_brands @> ARRAY['lenovo']",
            [match],
          ),
          searchWithModel: await plan(
            "SELECT id FROM parts WHERE search_document @@ $1::tsquery AND laptop_models @> ARRAY[chr(31) || 't14']",
            [match],
          ),
          brand: await plan("SELECT id FROM parts WHERE laptop_brands @> ARRAY['lenovo']"),
          laptop: await plan(
            "SELECT id FROM parts WHERE laptop_models @> ARRAY['lenovo' || chr(31) || 'thinkpad t14 gen 2']",
          ),
          price: await plan("SELECT id FROM parts ORDER BY price_cents, seq LIMIT 21"),
          rating: await plan("SELECT id FROM parts ORDER BY rating_average DESC, review_count DESC, seq DESC LIMIT 21"),
          model: await plan("SELECT id FROM laptop_models WHERE lower(brand || ' ' || model) LIKE '%t14 gen%'"),
          // The ranks' order from their index (the planner would sort a handful of rows).
          oneWord: await client.query("SET LOCAL enable_sort = off").then(() =>
            plan(
              `SELECT p.id FROM parts p JOIN part_lexeme_ranks r ON r.seq = p.seq AND r.lexeme = 'batteri'
               WHERE p.retired_at IS NULL ORDER BY r.rank DESC, r.seq LIMIT 21`,
            ),
          ),
          // And by price, a range bounding the scan (migration 1764780000000).
          oneWordByPrice: await plan(
            `SELECT p.id FROM parts p JOIN part_lexeme_ranks r ON r.seq = p.seq AND r.lexeme = 'batteri'
             WHERE p.retired_at IS NULL AND r.price_cents >= 1000 AND r.price_cents <= 9000 ORDER BY r.price_cents DESC, r.seq DESC LIMIT 21`,
          ),
        };
      } finally {
        await client.query("ROLLBACK");
      }
    });
    expect(plans.query).toBe("( 'bateri':* | 'batteri' ) & 't14':* & 'thinkpad':*");
    // Found by the lexemes the catalogue has that start with "t14" and "thinkpad" (migration 1764650000000).
    expect(plans.match).toBe("( 'bateri':* | 'batteri' ) & ( 't14' | 't14s' ) & 'thinkpad'");
    expect(plans.search).toMatch(/Bitmap Index Scan on parts_search_and_laptops/);
    // The words and the laptop in one scan of one index (migration 1764750000000), not two bitmaps ANDed.
    expect(plans.searchWithBrand).toMatch(
      /Bitmap Index Scan on parts_search_and_laptops .*\n\s+Index Cond: \(\(search_document @@ .*\) AND \(laptop_brands @> /,
    );
    expect(plans.searchWithModel).toMatch(
      /Bitmap Index Scan on parts_search_and_laptops .*\n\s+Index Cond: \(\(search_document @@ .*\) AND \(laptop_models @> /,
    );
    expect(plans.searchWithBrand + plans.searchWithModel).not.toMatch(/BitmapAnd/);
    expect(plans.brand).toMatch(/Bitmap Index Scan on parts_search_and_laptops/);
    expect(plans.laptop).toMatch(/Bitmap Index Scan on parts_search_and_laptops/);
    expect(plans.price).toMatch(/Index Scan using parts_by_price/);
    expect(plans.rating).toMatch(/Index Scan Backward using parts_by_rating/);
    expect(plans.model).toMatch(/Bitmap Index Scan on laptop_models_trigrams/);
    // One word by relevance: its parts in order from the ranks' index (migration 1764770000000).
    expect(plans.oneWord).toMatch(/Index (Only )?Scan using part_lexeme_ranks_by_rank/);
    expect(plans.oneWord).not.toMatch(/Sort/);
    expect(plans.oneWordByPrice).toMatch(
      /Index (Only )?Scan Backward using part_lexeme_ranks_by_price .*\n\s+Index Cond: \(\(lexeme = 'batteri'::text\) AND \(price_cents >= 1000\) AND \(price_cents <= 9000\)\)/,
    );
    expect(plans.oneWordByPrice).not.toMatch(/Sort/);
  });

  it("looks a prefix's lexemes up by search_lexemes' index, also once the lookup's plan is generic", async () => {
    const plan = await withDatabase(async (client) => {
      await client.query("BEGIN");
      try {
        // part_search_queries calls search_prefix_as_lexemes once per word with a value, so after
        // a few calls PostgreSQL plans its body once for any value: here, that generic plan.
        await client.query("SET LOCAL enable_seqscan = off");
        await client.query("SET LOCAL plan_cache_mode = force_generic_plan");
        const [{ body }] = (
          await client.query("SELECT prosrc AS body FROM pg_proc WHERE proname = 'search_prefix_as_lexemes'")
        ).rows;
        await client.query(`PREPARE prefix_lookup(text) AS ${body.replace(/\bprefix\b/g, "$1")}`);
        return (await client.query("EXPLAIN EXECUTE prefix_lookup('thinkp')")).rows
          .map((row: any) => row["QUERY PLAN"])
          .join("\n");
      } finally {
        await client.query("ROLLBACK");
        await client.query("DEALLOCATE ALL");
      }
    });
    expect(plan).toMatch(/Index (Only )?Scan (using|on) search_lexemes_pkey/);
    expect(plan).toMatch(/Index Cond: \(\(lexeme >= \$1\)/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
