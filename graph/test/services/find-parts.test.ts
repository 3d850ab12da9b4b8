import { beforeAll, describe, expect, it } from "vitest";
import {
  MATCHES_READ_FIRST,
  PartOrder,
  WORD_IN_RANGE_READ_FIRST,
  type PartCriteria,
} from "../../src/domain/catalogue/part-search.service";
import { PART_CARD_PROPERTIES, type Part } from "../../src/domain/catalogue/part.entity";
import { type Page, REST_LIST_LIMIT } from "../../src/domain/pagination";
import { checkInvariants } from "../../src/ops/check-invariants";
import { type Catalogue, catalogueServices, counted, everyPage, insertParts, uniqueWord } from "./support/find-parts";
import { ADDRESS, customer, orderServices, paymentSandbox, withClient } from "./support/services";

/*
 * Finding parts, as PartSearchService decides it: what a search matches (typos, partial words,
 * laptop models, ranking), the filters, the sort orders and their cursors, the ways a search is
 * read (one word, a word in a price range, many matches) and the SQL under them (check:invariants,
 * the rebuild functions, the indexes). On the shop's seeded catalogue, in a database of the file's
 * own. `listing` is what REST's GET /parts answers, `find` GraphQL's `parts`; how the API reads its
 * parameters and answers is test/find-parts.test.ts.
 */

const SEEDED_BATTERY = "Li-ion Battery 11.55V 57Wh, 3-cell";
/** What search_normalize makes of text with a hyphen, by its two regular expressions (`input`, `joined`). */
const HYPHENS_EXPRESSION = `lower(regexp_replace(input, '([[:alnum:]])-(?=[[:alnum:]])', '\\1 ', 'g'))
          || CASE WHEN joined THEN coalesce(' ' || (
               SELECT string_agg(replace(m[1], '-', ''), ' ')
               FROM regexp_matches(lower(input), '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') AS m), '')
             ELSE '' END`;

/** The SQL ORDER BY of each order that has an index. */
const ORDERS_BY: Record<string, string> = {
  NEWEST: "seq DESC",
  PRICE_ASC: "price_cents, seq",
  PRICE_DESC: "price_cents DESC, seq DESC",
  BEST_RATED: "rating_average DESC, review_count DESC, seq DESC",
};

let shop: Catalogue;
beforeAll(async () => {
  shop = await catalogueServices();
});

/** The names REST's GET /parts lists for `criteria`. */
const listed = async (criteria: PartCriteria) =>
  (await shop.partSearch.listing(criteria, REST_LIST_LIMIT)).map((part) => part.name);
/** The ids of the first page `criteria` finds. */
const foundIds = async (criteria: PartCriteria, first = 20) =>
  (await shop.partSearch.find(criteria, { first })).edges.map((edge) => edge.node.databaseId);
const pages = (criteria: PartCriteria, first?: number) => everyPage(shop.partSearch, criteria, first);
const order = (name: string) => name as PartOrder;

describe("the catalogue without search, filter or order", () => {
  it("lists and pages every part in catalogue order, RELEVANCE as without an order", async () => {
    const rows = await shop.db.query("SELECT name FROM parts WHERE retired_at IS NULL ORDER BY seq LIMIT 1000");
    const plain = rows.map((row: { name: string }) => row.name);
    expect(plain.length).toBeGreaterThan(10);
    expect(await listed({})).toEqual(plain);
    expect(await pages({}, 7)).toEqual(plain);
    expect(await pages({ order: PartOrder.RELEVANCE }, 7)).toEqual(plain);
    // Blank criteria narrow nothing.
    expect(await listed({ search: "  ", brand: " ", model: "", inStock: false })).toEqual(plain);
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
      expect(await listed({ search: q }), q).toEqual([SEEDED_BATTERY]);
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
    for (const [q, expected] of cases) expect(await listed({ search: q }), q).toContain(expected);
  });

  it("searching a model finds every part that fits it", async () => {
    expect((await listed({ search: "ThinkPad T14 Gen 2" })).sort()).toEqual(
      [
        "16GB DDR4-3200 SO-DIMM Memory Module",
        "65W USB-C PD Laptop Charger",
        SEEDED_BATTERY,
        "Wi-Fi 6E M.2 2230 Card with Bluetooth 5.3",
      ].sort(),
    );
  });

  it("every word must match; stop words and punctuation alone find nothing, blank finds everything", async () => {
    expect(await listed({ search: "battery keyboard" })).toEqual([]);
    expect(await listed({ search: "the of" })).toEqual([]);
    expect((await pages({ search: "the of" })).length).toBe(0);
    expect((await listed({ search: "!!!" })).length).toBe((await listed({})).length);
  });

  it("ranks a match in the name above one in the description or models, then catalogue order", async () => {
    const word = uniqueWord();
    const [inDescription, inName, inBoth] = await insertParts(shop.db, [
      { name: `Plain part ${uniqueWord()}`, shortDesc: `Mentions ${word} once` },
      { name: `Named ${word} part` },
      { name: `Named ${word} twice`, shortDesc: `Also ${word} here` },
    ]);
    expect(await foundIds({ search: word }, 10)).toEqual([inBoth, inName, inDescription]);
  });

  it("a partial word finds a word first written in the database, in a name, a rename, a description or a model", async () => {
    const [inName, inDescription, renamed, fitted] = [uniqueWord(), uniqueWord(), uniqueWord(), uniqueWord()];
    const [named, described, toRename, toFit] = await insertParts(shop.db, [
      { name: `${inName}ware adapter` },
      { name: `Plain ${uniqueWord()} adapter`, shortDesc: `Fits ${inDescription}ware boards` },
      { name: `Old ${uniqueWord()} name` },
      { name: `Fitted ${uniqueWord()} part` },
    ]);
    await withClient(async (client) => {
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
    expect(await foundIds({ search: `${inName}wa` }, 10)).toEqual([named]);
    expect(await foundIds({ search: `${inDescription}war` }, 10)).toEqual([described]);
    expect(await foundIds({ search: `${renamed}w` }, 10)).toEqual([toRename]);
    expect(await foundIds({ search: `${fitted}wa` }, 10)).toEqual([toFit]);
    // Found by the lexeme the catalogue has, ranked by the prefix the shopper typed.
    const [queries] = await shop.db.query(`SELECT query::text, match::text FROM part_search_queries($1)`, [
      `${inName}wa`,
    ]);
    expect(queries.query).toMatch(new RegExp(`^'${inName}wa':\\*`));
    expect(queries.match).toMatch(new RegExp(`^'${inName}wa[a-z]+'`));
    expect(queries.match).not.toContain(":*");
  });

  it("a partial word finds the words it begins where the English stemmer cuts them shorter than typed", async () => {
    // A word whose stem ("…ful", or shorter) the shopper's word, typed one letter past it, does not
    // begin, three letters or more short of the word so that no typo correction reaches it: only
    // the catalogue's words beginning with it can find the part. (About 2% of random words are
    // stemmed so that the prefix would match anyway: another is drawn.)
    const { word, stem, typed } = await (async () => {
      for (;;) {
        const word = `${uniqueWord(8)}fulness`;
        const [{ stem }] = await shop.db.query(`SELECT (ts_lexize('english_stem', $1))[1] AS stem`, [word]);
        const typed = word.slice(0, stem.length + 1);
        const [{ found }] = await shop.db.query(
          `SELECT to_tsvector('english', $1) @@ to_tsquery('english', $2 || ':*') AS found`,
          [word, typed],
        );
        if (!found && word.length - typed.length >= 3) return { word, stem: stem as string, typed };
      }
    })();
    const [id] = await insertParts(shop.db, [{ name: `${word} bracket` }]);
    for (const q of [typed, typed.toUpperCase(), word.slice(0, -1), word])
      expect(await foundIds({ search: q }, 10), q).toEqual([id]);
    const [queries] = await shop.db.query(`SELECT query::text, match::text FROM part_search_queries($1)`, [typed]);
    expect(queries.query).toMatch(new RegExp(` \\| '${stem}'$`));
    expect(queries.match).toBe(queries.query);
    // Where the typed word's stem already covers the words it begins, nothing is added.
    const [covered] = await shop.db.query(`SELECT query::text FROM part_search_queries('thinkpad')`);
    expect(covered.query).toBe("'thinkpad':*");
  });

  it("a search finds at once what a catalogue write brings into its vocabulary; an order leaves the search's tsqueries kept", async () => {
    // Searched as a prefix of the names below: ending in x, the English stemmer leaves it as it is
    // (a random word ending in y, s, er... was stemmed to what no name starts with, and found
    // nothing before migration 1764760000000; the test keeps to the plain prefix).
    const word = `${uniqueWord(8)}x`;
    const [first] = await insertParts(shop.db, [{ name: `${word}alpha bracket` }]);
    const search = (size: number) => counted(() => shop.partSearch.find({ search: word }, { first: size }));
    const found = (answer: Awaited<ReturnType<typeof search>>) =>
      answer.result.edges.map((edge) => edge.node.databaseId);
    const looked = await search(10);
    expect(found(looked)).toEqual([first]);
    const kept = await search(11);
    expect(found(kept)).toEqual([first]);
    expect(kept.count).toBe(looked.count - 1);
    // An order moves the part's stock, a catalogue change that is not one of the vocabulary.
    const { orders } = orderServices(shop.db, (await paymentSandbox()).stripe);
    const buyer = await customer(shop.db, "search-memo");
    await orders.place(buyer, { partId: first, quantity: 1, ...ADDRESS });
    expect((await search(12)).count).toBe(looked.count - 1);
    // A part whose name brings a new word of the prefix: the prefix stands for it from the next search on.
    const admin = await customer(shop.db, "admin", "admin");
    const created = await shop.parts.create(admin, {
      name: `${word}beta housing`,
      shortDesc: "A part an admin added",
      img: "/images/parts/dc-jack.svg",
      price: 9,
      available: 5,
      minOrderQuantity: 1,
    });
    const afterWrite = await search(13);
    expect(found(afterWrite).sort()).toEqual([first, created.databaseId].sort());
    expect(afterWrite.count).toBe(looked.count);
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
    const rows = await shop.db.query(
      `SELECT input, joined, search_normalize(input, joined) AS normalized, ${HYPHENS_EXPRESSION} AS expressions
       FROM unnest($1::text[] || ARRAY(SELECT name FROM parts) || ARRAY(SELECT short_desc FROM parts)) AS input, unnest(ARRAY[true, false]) AS joined`,
      [texts],
    );
    expect(rows.length).toBeGreaterThan(texts.length * 2);
    for (const row of rows) expect(row.normalized, `${row.input} (${row.joined})`).toBe(row.expressions);
  });

  it("refuses a search longer than 200 characters instead of cutting it", async () => {
    const refused = { code: "BAD_USER_INPUT", message: "search must be at most 200 characters" };
    await expect(shop.partSearch.find({ search: "a".repeat(201) }, { first: 20 })).rejects.toMatchObject(refused);
    await expect(shop.partSearch.listing({ search: `${"ab ".repeat(67)}a` }, 10)).rejects.toMatchObject(refused);
    await expect(shop.partSearch.listing({ search: "a".repeat(200) }, 10)).resolves.toEqual([]);
  });
});

describe("filters", () => {
  const word = uniqueWord();
  let ids: Record<string, string>;
  beforeAll(async () => {
    const [cheap, middle, dear, soldOut, belowMinimum] = await insertParts(shop.db, [
      { name: `${word} cheap`, priceCents: 500 },
      { name: `${word} middle`, priceCents: 1999 },
      { name: `${word} dear`, priceCents: 5000 },
      { name: `${word} sold out`, priceCents: 1500, available: 0 },
      { name: `${word} below minimum`, priceCents: 1500, available: 4, minOrderQuantity: 5 },
    ]);
    ids = { cheap, middle, dear, soldOut, belowMinimum };
    const admin = await customer(shop.db, "admin", "admin");
    await shop.compatibility.setCompatibleModels(admin, cheap, [{ brand: "Lenovo", model: "ThinkPad T14 Gen 2" }]);
    await shop.compatibility.setCompatibleModels(admin, middle, [{ brand: "Dell", model: "Latitude 5420" }]);
    await shop.compatibility.setCompatibleModels(admin, dear, [
      { brand: "Lenovo", model: "ThinkPad X1 Carbon Gen 10" },
      { brand: "Dell", model: "Latitude 5420" },
    ]);
  });

  /** REST's list of the word's parts, cheapest first, with `criteria`. */
  const find = (criteria: PartCriteria) => listed({ search: word, order: PartOrder.PRICE_ASC, ...criteria });

  it("in stock only: parts that can be ordered now (stock at least the minimum order)", async () => {
    expect(await find({ inStock: true })).toEqual([`${word} cheap`, `${word} middle`, `${word} dear`]);
    expect(await find({ inStock: false })).toHaveLength(5);
  });

  it("a price range in dollars, both ends included", async () => {
    expect(await find({ minPrice: 5, maxPrice: 19.99 })).toEqual([
      `${word} cheap`,
      `${word} sold out`,
      `${word} below minimum`,
      `${word} middle`,
    ]);
    expect(await find({ minPrice: 15.01 })).toEqual([`${word} middle`, `${word} dear`]);
    expect(await find({ maxPrice: 4.99 })).toEqual([]);
  });

  it("refuses a price that is not dollars and cents, and a minimum above the maximum", async () => {
    await expect(find({ maxPrice: 1.234 })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "maxPrice must be an amount in dollars with at most two decimals",
    });
    await expect(shop.partSearch.find({ minPrice: 20, maxPrice: 10 }, { first: 5 })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "minPrice must not be more than maxPrice",
    });
  });

  it("searches of one shape answer for their own values: the shape's SQL is kept, never its values", async () => {
    const cheapEnd = { minPrice: 5, maxPrice: 19.99 };
    const first = await find(cheapEnd);
    expect(first).toEqual([`${word} cheap`, `${word} sold out`, `${word} below minimum`, `${word} middle`]);
    expect(await find({ minPrice: 15.01, maxPrice: 60 })).toEqual([`${word} middle`, `${word} dear`]);
    expect(await listed({ search: uniqueWord(), order: PartOrder.PRICE_ASC, ...cheapEnd })).toEqual([]);
    expect(await find(cheapEnd)).toEqual(first);
    // The same with a laptop checked after the search, and after a cursor.
    const lenovo = { search: word, brand: "Lenovo", order: PartOrder.PRICE_ASC };
    expect(await pages(lenovo, 1)).toEqual([`${word} cheap`, `${word} dear`]);
    expect(await pages({ ...lenovo, brand: "Dell" }, 1)).toEqual([`${word} middle`, `${word} dear`]);
    expect(await pages(lenovo, 1)).toEqual([`${word} cheap`, `${word} dear`]);
  });

  it("a laptop brand, and a model, in any letter case", async () => {
    expect(await find({ brand: "lenovo" })).toEqual([`${word} cheap`, `${word} dear`]);
    expect(await find({ brand: "DELL" })).toEqual([`${word} middle`, `${word} dear`]);
    expect(await find({ brand: "Dell", model: "latitude 5420" })).toEqual([`${word} middle`, `${word} dear`]);
    expect(await find({ model: "ThinkPad T14 Gen 2" })).toEqual([`${word} cheap`]);
    expect(await find({ brand: "Dell", model: "ThinkPad T14 Gen 2" })).toEqual([]);
    expect(await find({ brand: "Nobody" })).toEqual([]);
  });

  it("filters combine, and work without a search", async () => {
    expect(await find({ inStock: true, brand: "Dell", maxPrice: 30 })).toEqual([`${word} middle`]);
    const latitude = {
      brand: "Dell",
      model: "Latitude 5420",
      minPrice: 19.99,
      maxPrice: 50,
      order: PartOrder.PRICE_ASC,
    };
    const found = await foundIds(latitude, 100);
    expect(found).toEqual(expect.arrayContaining([ids.middle, ids.dear]));
    const seededLatitude = (await shop.partSearch.listing(latitude, REST_LIST_LIMIT)).map((part) => part.databaseId);
    expect(found).toEqual(seededLatitude);
  });

  it("a search for a laptop brand or model pages the same whether its parts fit early in the order or only at its end", async () => {
    const many = uniqueWord();
    // 30 parts, cheapest first: every other one fits an Often laptop, only the two dearest a Rarely one.
    const parts = await insertParts(
      shop.db,
      Array.from({ length: 30 }, (_, i) => ({ name: `${many} part ${i}`, priceCents: 1000 + i })),
    );
    const admin = await customer(shop.db, "admin", "admin");
    // Model names of their own (the search's word in them would rank the parts that fit them higher).
    const often = { brand: `Often${many}`.slice(0, 40), model: `One ${uniqueWord()}` };
    const rarely = { brand: `Rarely${many}`.slice(0, 40), model: `Two ${uniqueWord()}` };
    for (const [i, id] of parts.entries()) {
      const laptops = [
        ...(i % 2 === 1 ? [often] : []),
        ...(i >= 28 ? [rarely] : []),
        { brand: "Lenovo", model: "ThinkPad T14 Gen 2" },
      ];
      await shop.compatibility.setCompatibleModels(admin, id, laptops);
    }
    const statements = async (filter: PartCriteria) =>
      (await counted(() => shop.partSearch.find({ search: many, ...filter, order: PartOrder.PRICE_ASC }, { first: 2 })))
        .count;
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
          const found = await pages({ search: many, ...filter, order: PartOrder.PRICE_ASC }, first);
          expect(found.map(label), `${JSON.stringify(filter)}, pages of ${first}`).toEqual(expected);
        }
      }
      const byBrand = await listed({ search: many, brand: laptop.brand, order: PartOrder.PRICE_DESC });
      expect(byBrand.map(label), laptop.brand).toEqual([...expected].reverse());
      const byModel = await listed({ search: many, model: laptop.model, order: PartOrder.PRICE_DESC });
      expect(byModel.map(label), laptop.model).toEqual([...expected].reverse());
    }
    // The other orders: in relevance (ties by catalogue order) Rarely's parts come last; newest or
    // dearest first they come first, and the page after them finds none.
    for (const [orderBy, expected] of [
      [PartOrder.NEWEST, [29, 28]],
      [PartOrder.RELEVANCE, [28, 29]],
      [PartOrder.PRICE_DESC, [29, 28]],
    ] as const) {
      for (const filter of [{ brand: rarely.brand }, { model: rarely.model }]) {
        const found = await pages({ search: many, ...filter, order: orderBy }, 1);
        expect(found.map(label), `${orderBy} ${JSON.stringify(filter)}`).toEqual(expected);
      }
    }
  });
});

describe("sort orders and cursor pagination", () => {
  const word = uniqueWord();
  beforeAll(async () => {
    // Inserted a..e: e is the newest. Prices tie for b and c.
    const [a, , c, d] = await insertParts(shop.db, [
      { name: `${word} a`, priceCents: 3000 },
      { name: `${word} b`, priceCents: 1000 },
      { name: `${word} c`, priceCents: 1000 },
      { name: `${word} d`, priceCents: 9900 },
      { name: `${word} e`, priceCents: 50 },
    ]);
    const rater = await customer(shop.db, "rater");
    // c: 5 (one review); a: 5 and 5 (two); d: 4; b and e: none.
    for (const [partId, ratings] of [
      [c, 5],
      [a, 5],
      [a, 5],
      [d, 4],
    ] as const) {
      await shop.reviews.add(rater, {
        name: "Rater",
        ratings,
        description: "Rated",
        img: "https://example.com/r.png",
        partId,
      });
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
      const criteria = { search: word, order: order(orderBy) };
      expect((await pages(criteria, 100)).map(label)).toEqual(expected);
      expect((await pages(criteria, 2)).map(label)).toEqual(expected);
      expect((await listed(criteria)).map(label)).toEqual(expected);
    });
  }

  it("RELEVANCE pages one part at a time through ranks that differ and tie, none repeated or skipped", async () => {
    const other = uniqueWord();
    // The word in the name only, also in the description, and twice in the description: ranks
    // that are not round in a real (0.1 and 0.2 are not exact) and two parts at each.
    await insertParts(shop.db, [
      { name: `${other} plain one` },
      { name: `${other} described one`, shortDesc: `About ${other}` },
      { name: `${other} plain two` },
      { name: `${other} twice one`, shortDesc: `${other} and again ${other}` },
      { name: `${other} described two`, shortDesc: `About ${other}` },
      { name: `${other} twice two`, shortDesc: `${other} and again ${other}` },
    ]);
    const ranked: Array<{ name: string; rank: number }> = await shop.db.query(
      `SELECT name, ts_rank(search_document, to_tsquery('english', $1)) AS rank FROM parts
       WHERE search_document @@ to_tsquery('english', $1) ORDER BY rank DESC, seq`,
      [`${other}:*`],
    );
    expect(new Set(ranked.map((row) => row.rank)).size).toBe(3);
    const expected = ranked.map((row) => row.name);
    expect(await pages({ search: other, order: PartOrder.RELEVANCE }, 1)).toEqual(expected);
    expect(await pages({ search: other, order: PartOrder.RELEVANCE }, 2)).toEqual(expected);
  });

  it("without a search too: the filters page in each order", async () => {
    for (const [orderBy, expected] of Object.entries(expectedOrders)) {
      if (orderBy === "RELEVANCE") continue;
      const all = await pages({ order: order(orderBy), minPrice: 0 }, 100);
      const ours = all.filter((name) => name.startsWith(`${word} `)).map(label);
      expect(ours, orderBy).toEqual(expected);
    }
  });

  it("parts carry their rating (average stars, null without reviews) and review count", async () => {
    const { edges } = await shop.partSearch.find({ search: word, order: PartOrder.BEST_RATED }, { first: 20 });
    const byName = Object.fromEntries(edges.map((edge) => [label(edge.node.name), edge.node]));
    expect(byName.a).toMatchObject({ rating: 5, reviewCount: 2 });
    expect(byName.c).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(byName.d).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(byName.b).toMatchObject({ rating: null, reviewCount: 0 });
  });

  it("a page of cards reads only the card's columns, and answers and pages as a full read does", async () => {
    /** A page as a list shows it: the card's properties (and those derived from them) and the cursor. */
    const shown = (edges: Array<{ cursor: string; node: object }>) =>
      edges.map(({ cursor, node }) => ({
        cursor,
        node: Object.fromEntries(
          [...PART_CARD_PROPERTIES, "price", "slug"].map((key) => [key, (node as Record<string, unknown>)[key]]),
        ),
      }));
    // Parts of a search that fit a laptop are checked after the search orders them.
    const fitting = uniqueWord();
    const fittingIds = await insertParts(
      shop.db,
      [0, 1, 2, 3, 4].map((n) => ({ name: `${fitting} ${n}`, priceCents: 1000 + n })),
    );
    const admin = await customer(shop.db, "admin", "admin");
    for (const id of fittingIds.filter((_, n) => n !== 2)) {
      await shop.compatibility.setCompatibleModels(admin, id, [{ brand: "Lenovo", model: "ThinkPad T14 Gen 2" }]);
    }
    const cases: PartCriteria[] = [
      ...Object.keys(expectedOrders).map((orderBy) => ({ search: word, order: order(orderBy) })),
      { minPrice: 0, order: PartOrder.PRICE_ASC },
      { search: fitting, brand: "lenovo" },
      { search: fitting, brand: "Lenovo", order: PartOrder.PRICE_DESC },
      {},
    ];
    for (const criteria of cases) {
      let after: string | null = null;
      for (let page = 0; page < 4; page++) {
        const card = await counted(() => shop.partSearch.find(criteria, { first: 2, after }, "cards"));
        const full = await counted(() => shop.partSearch.find(criteria, { first: 2, after }));
        const label = JSON.stringify(criteria);
        expect(card.result.pageInfo, label).toEqual(full.result.pageInfo);
        expect(card.result.edges.length, label).toBeGreaterThan(0);
        expect(shown(card.result.edges), label).toEqual(shown(full.result.edges));
        // Neither a column nobody asked for (the full read's low-stock threshold) nor a date.
        expect(card.sql, label).not.toMatch(/low_stock_threshold|created_at/);
        expect(full.sql, label).toMatch(/low_stock_threshold/);
        if (!card.result.pageInfo.hasNextPage) break;
        after = card.result.pageInfo.endCursor;
      }
    }
  });

  it("a cursor belongs to its order: another order's cursor or a forged one is refused", async () => {
    const first = await shop.partSearch.find({ search: word, order: PartOrder.PRICE_ASC }, { first: 2 });
    const cursor = first.pageInfo.endCursor;
    await expect(
      shop.partSearch.find({ search: word, order: PartOrder.NEWEST }, { first: 2, after: cursor }),
    ).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "after is not a valid cursor for this search and order",
    });
    for (const forged of [
      "bm9wZQ",
      Buffer.from('["price_asc","1; DROP TABLE parts","1"]').toString("base64url"),
      "%%%",
    ]) {
      await expect(
        shop.partSearch.find({ search: word, order: PartOrder.PRICE_ASC }, { first: 20, after: forged }),
        forged,
      ).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    }
  });
});

describe("cost", () => {
  it("a search costs two statements (its tsquery, the page), whatever the page size; the same text again, one less", async () => {
    // A new word in the catalogue changes the vocabulary: tsqueries kept before are forgotten.
    await insertParts(shop.db, [{ name: `${uniqueWord()} laptop stand` }]);
    const counts: number[] = [];
    for (const first of [2, 20, 100]) {
      const { result, count } = await counted(() =>
        shop.partSearch.find({ search: "laptop", inStock: true }, { first }),
      );
      expect(result.edges.length).toBeGreaterThan(0);
      counts.push(count);
    }
    expect(counts).toEqual([2, 1, 1]);
  });
});

describe("searches of several conditions", () => {
  it("two words that many parts share page in every order as the SQL orders them, whether their matches are past MATCHES_READ_FIRST or under it", async () => {
    const many = uniqueWord();
    const common = uniqueWord();
    const rare = uniqueWord();
    // One part more than a search reads through its index before it walks an order's index; two carry a rarer word too. Prices tie in fifties.
    await shop.db.query(
      `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
       SELECT $1 || ' ' || $2 || ' part ' || n || CASE WHEN n % 700 = 0 THEN ' ' || $3 ELSE '' END,
              '/images/parts/dc-jack.svg', 1000 + n % 50, 100, 1, 'A part made by a test'
       FROM generate_series(1, $4::int) AS n`,
      [many, common, rare, MATCHES_READ_FIRST + 1],
    );
    try {
      // Past MATCHES_READ_FIRST a search reads its matches, then walks the order: one statement more than a rarer
      // search. Its next page, or another order, walks at once: two fewer than its first sight (which also looked
      // its tsqueries up), as many as the rarer search's. Walked by price, it first counts its words' parts (which
      // word to walk), once for some minutes.
      const statements = async (words: string, orderBy: PartOrder) =>
        (await counted(() => shop.partSearch.find({ search: words, order: orderBy }, { first: 7 }))).count;
      const firstSight = await statements(`${many} ${common}`, PartOrder.NEWEST);
      expect(firstSight).toBe((await statements(`${many} ${rare}`, PartOrder.NEWEST)) + 1);
      expect(await statements(`${many} ${common}`, PartOrder.PRICE_ASC)).toBe(firstSight - 1);
      const again = await statements(`${many} ${common}`, PartOrder.PRICE_DESC);
      expect(again).toBe(firstSight - 2);
      expect(again).toBe(await statements(`${many} ${rare}`, PartOrder.PRICE_ASC));
      const expected = async (words: string, orderBy: string) =>
        (
          await shop.db.query(
            `SELECT name FROM parts WHERE name LIKE $1 AND ($2::text IS NULL OR name LIKE '%' || $2) ORDER BY ${ORDERS_BY[orderBy]} LIMIT 45`,
            [`${many} ${common} part %`, words.includes(rare) ? rare : null],
          )
        ).map((row: { name: string }) => row.name);
      for (const words of [`${many} ${common}`, `${many} ${rare}`]) {
        for (const orderBy of Object.keys(ORDERS_BY)) {
          expect(await firstPages({ search: words, order: order(orderBy) }, [20, 25]), `${words} ${orderBy}`).toEqual(
            await expected(words, orderBy),
          );
        }
      }
    } finally {
      await shop.db.query("DELETE FROM parts WHERE name LIKE $1", [`${many} ${common} part %`]);
    }
  });
});

/** The names on the first pages of these sizes, each after the one before. */
async function firstPages(criteria: PartCriteria, sizes: number[]): Promise<string[]> {
  const names: string[] = [];
  let after: string | null = null;
  for (const first of sizes) {
    const { edges, pageInfo }: Page<Part> = await shop.partSearch.find(criteria, { first, after });
    names.push(...edges.map((edge) => edge.node.name));
    after = pageInfo.endCursor;
  }
  return names;
}

describe("a one-word search in relevance order", () => {
  /** The names of the parts matching `word` (in stock only, in a price range in cents, if asked), ranked as the SQL ranks them all. */
  const rankedBySql = async (word: string, { inStock = false, minCents = 0, maxCents = 1e9 } = {}) =>
    (
      await shop.db.query(
        `SELECT p.name FROM parts p, part_search_queries($1) q
         WHERE p.retired_at IS NULL AND p.search_document @@ q.match AND (NOT $2 OR p.available >= p.min_order_quantity)
           AND p.price_cents BETWEEN $3 AND $4
         ORDER BY ts_rank(p.search_document, q.query) DESC, p.seq`,
        [word, inStock, minCents, maxCents],
      )
    ).map((row: { name: string }) => row.name);

  /**
   * Parts that all have the word, some in their name, some once or twice in their description,
   * some out of stock, prices rising: ranks that differ and tie, in no order of the catalogue's.
   */
  const insertRanked = (word: string, tag: string) =>
    shop.db.query(
      `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
       SELECT 'Hinge ' || CASE WHEN n % 3 = 0 THEN $1 || ' ' ELSE '' END || $2 || ' ' || n, '/images/parts/dc-jack.svg', 1000 + 10 * n,
              CASE WHEN n % 4 = 0 THEN 0 ELSE 100 END, 1,
              'A part made by a test' || CASE WHEN n % 3 <> 0 OR n % 2 = 0 THEN ' for ' || $1 ELSE '' END
                                      || CASE WHEN n % 5 = 0 THEN ', a ' || $1 || ' part' ELSE '' END
       FROM generate_series(1, 60) AS n`,
      [word, tag],
    );

  it("pages as ranking every match does: more mentions and the name first, ties in catalogue order, with filters, typed in part or whole", async () => {
    const [word, tag] = [uniqueWord(), uniqueWord()];
    await insertRanked(word, tag);
    const ranked = await rankedBySql(word);
    expect(ranked).toHaveLength(60);
    for (const first of [1, 7, 20, 100])
      expect(await pages({ search: word }, first), `pages of ${first}`).toEqual(ranked);
    expect(await pages({ search: word, inStock: true }, 7)).toEqual(await rankedBySql(word, { inStock: true }));
    expect(await pages({ search: word, minPrice: 12, maxPrice: 15.5 }, 4)).toEqual(
      await rankedBySql(word, { minCents: 1200, maxCents: 1550 }),
    );
    expect(await pages({ search: word, minPrice: 13, inStock: true }, 20)).toEqual(
      await rankedBySql(word, { minCents: 1300, inStock: true }),
    );
    // The word partly typed finds and ranks the same parts.
    expect(await pages({ search: word.slice(0, 6) }, 20)).toEqual(ranked);
    // REST's list answers the same order.
    expect(await listed({ search: word })).toEqual(ranked);
  });

  it("follows a part's writes: a rename, a description, retiring and deleting", async () => {
    const [word, tag] = [uniqueWord(), uniqueWord()];
    await insertRanked(word, tag);
    const name = (n: number) => (n % 3 === 0 ? `Hinge ${word} ${tag} ${n}` : `Hinge ${tag} ${n}`);
    await withClient(async (client) => {
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
    expect(await pages({ search: word }, 10)).toEqual(ranked);
  });

  it("a document written with the triggers off leaves its ranks behind: check:invariants names the part and word until rebuild_part_lexeme_ranks()", async () => {
    const word = uniqueWord();
    const [id] = await insertParts(shop.db, [{ name: `Bezel ${word}` }]);
    const differing = (violations: string[]) =>
      violations.filter((violation) => violation.includes("part_lexeme_ranks"));
    await withClient(async (client) => {
      await client.query("SET session_replication_role = replica");
      await client.query(`UPDATE parts SET search_document = part_search_document(name, '', $2) WHERE id = $1`, [
        id,
        `A ${word} bezel`,
      ]);
    });
    const before = differing((await withClient((client) => checkInvariants(client))).violations);
    expect(before).toHaveLength(1);
    expect(before[0]).toContain(word.slice(0, 6));
    await shop.db.query("SELECT rebuild_part_lexeme_ranks()");
    expect(differing((await withClient((client) => checkInvariants(client))).violations)).toEqual([]);
  });

  it("emptying the parts table empties their ranks (no row trigger fires)", async () => {
    const left = await withClient(async (client) => {
      await client.query("BEGIN");
      try {
        await client.query("TRUNCATE parts CASCADE");
        return (await client.query("SELECT count(*)::int AS count FROM part_lexeme_ranks")).rows[0].count;
      } finally {
        await client.query("ROLLBACK");
      }
    });
    expect(left).toBe(0);
    const [{ count }] = await shop.db.query("SELECT count(*)::int AS count FROM part_lexeme_ranks");
    expect(count).toBeGreaterThan(0);
  });
});

describe("a one-word search by price, and with a price range in its own order", () => {
  /** The names of the parts matching `word` in an order, as the SQL orders them all (in stock only, a price range in cents, at most `limit`). */
  const orderedBySql = async (
    word: string,
    orderBy: string,
    { inStock = false, minCents = 0, maxCents = 1e9, limit = 1e6 } = {},
  ) =>
    (
      await shop.db.query(
        `SELECT p.name FROM parts p, part_search_queries($1) q
         WHERE p.retired_at IS NULL AND p.search_document @@ q.match AND (NOT $2 OR p.available >= p.min_order_quantity)
           AND p.price_cents BETWEEN $3 AND $4
         ORDER BY ${ORDERS_BY[orderBy]} LIMIT $5`,
        [word, inStock, minCents, maxCents, limit],
      )
    ).map((row: { name: string }) => row.name);

  /** `count` parts with the word, prices tying in sevens and not in catalogue order, every fourth out of stock. */
  const insertPriced = (word: string, count: number) =>
    shop.db.query(
      `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
       SELECT 'Bezel ' || $1 || ' ' || n, '/images/parts/dc-jack.svg', 1000 + (n * 37) % 7 * 100 + CASE WHEN n > 40 THEN 5000 ELSE 0 END,
              CASE WHEN n % 4 = 0 THEN 0 ELSE 100 END, 1, 'A part made by a test'
       FROM generate_series(1, $2::int) AS n`,
      [word, count],
    );

  it("the price orders page as ordering every match does, with price ranges, in stock, typed in part, and after prices change", async () => {
    const word = uniqueWord();
    await insertPriced(word, 60);
    for (const orderBy of [PartOrder.PRICE_ASC, PartOrder.PRICE_DESC]) {
      const ordered = await orderedBySql(word, orderBy);
      expect(ordered).toHaveLength(60);
      for (const first of [1, 7, 100])
        expect(await pages({ search: word, order: orderBy }, first), `${orderBy} pages of ${first}`).toEqual(ordered);
      expect(await pages({ search: word, order: orderBy, minPrice: 12, maxPrice: 14 }, 4)).toEqual(
        await orderedBySql(word, orderBy, { minCents: 1200, maxCents: 1400 }),
      );
      expect(await pages({ search: word, order: orderBy, minPrice: 15, inStock: true }, 5)).toEqual(
        await orderedBySql(word, orderBy, { minCents: 1500, inStock: true }),
      );
      expect(await pages({ search: word.slice(0, 6), order: orderBy }, 20)).toEqual(ordered);
    }
    expect(await listed({ search: word, order: PartOrder.PRICE_ASC })).toEqual(await orderedBySql(word, "PRICE_ASC"));
    // Price changes reach the word's parts by price (its trigger), retiring and deleting too.
    await withClient(async (client) => {
      await client.query("UPDATE parts SET price_cents = 1 WHERE name = $1", [`Bezel ${word} 50`]);
      await client.query("UPDATE parts SET price_cents = price_cents + 250 WHERE name LIKE $1", [`Bezel ${word} 1_`]);
      await client.query("UPDATE parts SET retired_at = now() WHERE name = $1", [`Bezel ${word} 2`]);
      await client.query("DELETE FROM parts WHERE name = $1", [`Bezel ${word} 3`]);
    });
    const cheapestFirst = await orderedBySql(word, "PRICE_ASC");
    expect(cheapestFirst[0]).toBe(`Bezel ${word} 50`);
    expect(cheapestFirst).toHaveLength(58);
    expect(await pages({ search: word, order: PartOrder.PRICE_ASC }, 9)).toEqual(cheapestFirst);
    expect(await pages({ search: word, order: PartOrder.PRICE_DESC, maxPrice: 14 }, 9)).toEqual(
      await orderedBySql(word, "PRICE_DESC", { maxCents: 1400 }),
    );
  });

  it("a word and a price range in newest and best-rated order page as the SQL orders them, whether the range holds none, a few or more than WORD_IN_RANGE_READ_FIRST of its parts", async () => {
    const word = uniqueWord();
    // 40 parts at $10 to $16, the rest at $60 to $66: ranges with more than WORD_IN_RANGE_READ_FIRST parts, with a few, with none.
    await insertPriced(word, WORD_IN_RANGE_READ_FIRST + 41);
    try {
      const ranges: Array<[number | undefined, number | undefined]> = [
        [10, 70],
        [60, undefined],
        [undefined, 11],
        [13, 14],
        [100, 200],
      ];
      for (const orderBy of [PartOrder.NEWEST, PartOrder.BEST_RATED]) {
        for (const [minPrice, maxPrice] of ranges) {
          const bounds = { minCents: (minPrice ?? 0) * 100, maxCents: maxPrice === undefined ? 1e9 : maxPrice * 100 };
          const label = `${orderBy} ${minPrice}-${maxPrice}`;
          expect(await firstPages({ search: word, order: orderBy, minPrice, maxPrice }, [20, 25]), label).toEqual(
            await orderedBySql(word, orderBy, { ...bounds, limit: 45 }),
          );
          expect(
            await firstPages({ search: word, order: orderBy, minPrice, maxPrice, inStock: true }, [7, 50]),
            label,
          ).toEqual(await orderedBySql(word, orderBy, { ...bounds, inStock: true, limit: 57 }));
        }
      }
    } finally {
      await shop.db.query("DELETE FROM parts WHERE name LIKE $1", [`Bezel ${word} %`]);
    }
  });

  it("a word that begins longer words of the catalogue finds the parts of each, by price or in a price range, a part with two of them once", async () => {
    const word = uniqueWord();
    await shop.db.query(
      `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
       SELECT 'Bracket ' || CASE n % 3 WHEN 0 THEN $1 WHEN 1 THEN $1 || 'ite' ELSE $1 || ' ' || $1 || 'ite' END || ' ' || n,
              '/images/parts/dc-jack.svg', 1000 + n % 5 * 100, 100, 1, 'A part made by a test'
       FROM generate_series(1, 30) AS n`,
      [word],
    );
    const [{ match }] = await shop.db.query("SELECT match::text FROM part_search_queries($1)", [word]);
    // Found as either of two lexemes (as the stemmer cuts them).
    expect(match.split(" | ")).toEqual([expect.stringMatching(/^'[a-z]+'$/), expect.stringMatching(/^'[a-z]+'$/)]);
    for (const orderBy of [
      PartOrder.NEWEST,
      PartOrder.BEST_RATED,
      PartOrder.PRICE_ASC,
      PartOrder.PRICE_DESC,
      PartOrder.RELEVANCE,
    ]) {
      for (const [minPrice, maxPrice] of [
        [undefined, undefined],
        [11, 13],
        [14, undefined],
        [50, 60],
      ]) {
        const bounds = { minCents: (minPrice ?? 0) * 100, maxCents: maxPrice === undefined ? 1e9 : maxPrice * 100 };
        const found = await pages({ search: word, order: orderBy, minPrice, maxPrice }, 4);
        // Relevance ranks by the word as typed, which SQL here does not: the same parts.
        if (orderBy === PartOrder.RELEVANCE)
          expect([...found].sort(), orderBy).toEqual((await orderedBySql(word, "NEWEST", bounds)).sort());
        else expect(found, `${orderBy} ${minPrice}-${maxPrice}`).toEqual(await orderedBySql(word, orderBy, bounds));
      }
    }
  });

  it("a price written with the triggers off is reported by check:invariants until rebuild_part_lexeme_ranks()", async () => {
    const word = uniqueWord();
    const [id] = await insertParts(shop.db, [{ name: `Bezel ${word}` }]);
    const differing = (violations: string[]) =>
      violations.filter((violation) => violation.includes("whose price part_lexeme_ranks"));
    const seq = await withClient(async (client) => {
      await client.query("SET session_replication_role = replica");
      return (await client.query("UPDATE parts SET price_cents = price_cents + 1 WHERE id = $1 RETURNING seq", [id]))
        .rows[0].seq;
    });
    expect(differing((await withClient((client) => checkInvariants(client))).violations)).toEqual([
      expect.stringContaining(`: ${seq}`),
    ]);
    await shop.db.query("SELECT rebuild_part_lexeme_ranks()");
    expect(differing((await withClient((client) => checkInvariants(client))).violations)).toEqual([]);
  });
});

describe("the search's SQL", () => {
  it("a part's laptops written with the triggers off leave its brands and models behind: check:invariants names the part", async () => {
    const word = uniqueWord();
    const [id] = await insertParts(shop.db, [{ name: `Hinge ${word}` }]);
    const stale = (violations: string[]) =>
      violations.filter((violation) => violation.includes("laptop_brands") || violation.includes("laptop_models"));
    await withClient(async (client) => {
      await client.query("SET session_replication_role = replica");
      await client.query(
        `INSERT INTO part_compatibility (part_id, laptop_model_id) SELECT $1, id FROM laptop_models WHERE brand = 'Dell' ORDER BY seq LIMIT 1`,
        [id],
      );
    });
    const before = stale((await withClient((client) => checkInvariants(client))).violations);
    expect(before).toHaveLength(2);
    expect(before.every((violation) => violation.includes(id))).toBe(true);

    await shop.db.query("UPDATE parts SET laptop_brands = part_laptop_brands(id) WHERE id = $1", [id]);
    expect(stale((await withClient((client) => checkInvariants(client))).violations)).toEqual([
      expect.stringContaining("laptop_models"),
    ]);
    await shop.db.query("UPDATE parts SET laptop_models = part_laptop_models(id) WHERE id = $1", [id]);
    expect(stale((await withClient((client) => checkInvariants(client))).violations)).toEqual([]);
    const ids = async (criteria: PartCriteria) =>
      (await shop.partSearch.listing(criteria, REST_LIST_LIMIT)).map((part) => part.databaseId);
    expect(await ids({ brand: "dell", search: word })).toEqual([id]);
    const [{ model }] = await shop.db.query(
      "SELECT model FROM laptop_models WHERE brand = 'Dell' ORDER BY seq LIMIT 1",
    );
    expect(await ids({ brand: "dell", model: model.toUpperCase(), search: word })).toEqual([id]);
  });

  it("a word written with the triggers off is reported by check:invariants, and found by its prefix once the rebuild functions add it", async () => {
    const word = uniqueWord();
    const missing = (violations: string[]) =>
      violations.filter((violation) => violation.includes("missing from search_lexemes"));
    const id = await withClient(async (client) => {
      await client.query("SET session_replication_role = replica");
      const name = `${word}ite bracket`;
      const { rows } = await client.query(
        `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc, search_document)
         VALUES ($1::text, '/images/parts/dc-jack.svg', 1000, 5, 1, 'Written by a test', part_search_document($1::text, '', 'Written by a test'))
         RETURNING id`,
        [name],
      );
      return rows[0].id as string;
    });
    const before = await withClient((client) => checkInvariants(client));
    expect(missing(before.violations)).toHaveLength(1);
    expect(missing(before.violations)[0]).toContain(word);

    await shop.db.query("SELECT rebuild_search_lexemes()");
    expect(missing((await withClient((client) => checkInvariants(client))).violations)).toEqual([]);
    // Its ranks too (migration 1764770000000): a one-word search reads them.
    await shop.db.query("SELECT rebuild_part_lexeme_ranks()");
    expect(await foundIds({ search: `${word}i` }, 10)).toEqual([id]);
  });

  it("can use the GIN indexes for the search, its brands and the models, and each order's B-tree index", async () => {
    const plans = await withClient(async (client) => {
      await client.query("BEGIN");
      try {
        // On a small table the planner rightly reads it whole; this shows the indexes fit the queries.
        await client.query("SET LOCAL enable_seqscan = off");
        const plan = async (sql: string, params: unknown[] = []) =>
          (await client.query(`EXPLAIN ${sql}`, params)).rows.map((row) => row["QUERY PLAN"]).join("\n");
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
    const plan = await withClient(async (client) => {
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
          .map((row) => row["QUERY PLAN"])
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
