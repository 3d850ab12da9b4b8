import { LRUCache } from "lru-cache";
import { DataSource, SelectQueryBuilder } from "typeorm";
import { runStatement } from "../../db/prepared";
import { badInput } from "../errors";
import { dollarsToCents } from "../money";
import { allOf, entitiesOfRows, Page, PageRequest, pageOf } from "../pagination";
import { Part, PART_CARD_PROPERTIES, PartCard } from "./part.entity";
import { PartService } from "./part.service";
import { SearchQueries, SearchQueriesMemo } from "./search-queries";

/**
 * The orders the catalogue can be listed in. RELEVANCE is best match first for a search, and the
 * catalogue's own order without one; ties always go by catalogue order (or newest first for the
 * orders that walk their index backwards).
 */
export enum PartOrder {
  RELEVANCE = "RELEVANCE",
  PRICE_ASC = "PRICE_ASC",
  PRICE_DESC = "PRICE_DESC",
  NEWEST = "NEWEST",
  BEST_RATED = "BEST_RATED",
}

/** What a shopper asks the catalogue for; absent (or blank) criteria do not narrow anything. */
export interface PartCriteria {
  /** Words to find in the name, the compatible laptop models and the description, typos and partial words allowed. */
  search?: string | null;
  /** Only parts that can be ordered now: stock at least the minimum order quantity. */
  inStock?: boolean | null;
  /** Unit price range in dollars, both ends included. */
  minPrice?: number | null;
  maxPrice?: number | null;
  /** Only parts that fit a laptop of this brand, and of this model name (any letter case). */
  brand?: string | null;
  model?: string | null;
  order?: PartOrder | null;
}

export const MAX_SEARCH_LENGTH = 200;

/**
 * How many matches a search with several conditions reads through its GIN index before it
 * lets an order's index find its page instead (see PartSearchService.rowsOf).
 */
export const MATCHES_READ_FIRST = 2000;
/**
 * How many of a word's parts in a price range are read before the order's index is walked instead
 * (see PartSearchService.rowsOf). Reading 1,100 of them and ordering them took 7-9 ms where the
 * walk found a page in 2-3 (the scale seed, prices spread evenly); at 500 a range holds at least
 * one part in 200 of the catalogue, and the walk meets 21 of them soon unless the order puts them last.
 */
export const WORD_IN_RANGE_READ_FIRST = 500;
/** The most lexemes one word by price is walked for, each on its own (more: its matches are walked as several words' are). */
const WALKED_LEXEMES_MAX = 4;
/**
 * How long a search is remembered to have had more matches than that, so that its next pages and
 * other orders walk at once: only how it is read depends on it, never what it answers.
 */
const MANY_MATCHES_KEPT_MS = 60_000;

/**
 * How long a count of the parts with a lexeme is kept: it only picks which word's parts a search
 * of several words walks by price, never what it answers.
 */
const LEXEME_COUNTS_KEPT_MS = 10 * 60_000;

/** How each order sorts and pages: its cursor records the sort key of the last part shown. */
type SortKey = "catalogue" | "relevance" | "price_asc" | "price_desc" | "newest" | "rating";

const CURSOR_SHAPES: Record<SortKey, RegExp[]> = {
  catalogue: [/^\d{1,18}$/],
  newest: [/^\d{1,18}$/],
  // A real in its shortest exact decimal form, as JavaScript or (in older cursors) PostgreSQL prints it.
  relevance: [/^\d{1,3}(\.\d{1,20})?(e-\d{1,2})?$/, /^\d{1,18}$/],
  price_asc: [/^\d{1,10}$/, /^\d{1,18}$/],
  price_desc: [/^\d{1,10}$/, /^\d{1,18}$/],
  rating: [/^\d\.\d{2}$/, /^\d{1,10}$/, /^\d{1,18}$/],
};

const encodeCursor = (sort: SortKey, key: string[]) => Buffer.from(JSON.stringify([sort, ...key])).toString("base64url");

function decodeCursor(cursor: string, sort: SortKey): string[] {
  let decoded: unknown = null;
  try {
    decoded = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) : null;
  } catch {
    // refused below
  }
  const shapes = CURSOR_SHAPES[sort];
  if (
    !Array.isArray(decoded) ||
    decoded[0] !== sort ||
    decoded.length !== shapes.length + 1 ||
    !shapes.every((shape, index) => typeof decoded[index + 1] === "string" && shape.test(decoded[index + 1]))
  ) {
    throw badInput("after is not a valid cursor for this search and order");
  }
  return decoded.slice(1) as string[];
}

const blank = (text: string | null | undefined) => !text || !/[\p{L}\p{N}]/u.test(text);
const tidy = (text: string) => text.replace(/\s+/gu, " ").trim();

function priceInCents(dollars: number | null | undefined, label: string): number | null {
  if (dollars === null || dollars === undefined) return null;
  const cents = dollarsToCents(dollars);
  if (cents === null) throw badInput(`${label} must be an amount in dollars with at most two decimals`);
  return cents;
}

/**
 * Finding parts: full-text search tolerant of typos and partial words (see migration
 * 1764510000000), filters, sort orders and keyset pagination. Every order has an index to walk
 * and the search its GIN index, so no page reads the whole parts table: a page costs the same at
 * 100,000 parts as at 14, plus, for a search, the parts that match it.
 */
export class PartSearchService {
  /** The SQL of each shape of search seen (see Plan.shape), made by TypeORM on its first sight. */
  private readonly statements = new LRUCache<string, Statement>({ max: 1000 });
  /** The matches (Plan.matches) of searches found to have more than MATCHES_READ_FIRST parts. */
  private readonly manyMatches = new LRUCache<string, true>({ max: 10_000, ttl: MANY_MATCHES_KEPT_MS });
  /** How many parts have each lexeme, as last counted: which word several words walk by price (see `rarest`). */
  private readonly partsWith = new LRUCache<string, number>({ max: 10_000, ttl: LEXEME_COUNTS_KEPT_MS });

  constructor(
    private readonly db: DataSource,
    private readonly parts: PartService,
    /** Without one (a tool or test with no change feed), every search looks its tsqueries up. */
    private readonly searchQueries: SearchQueriesMemo | null = null,
  ) {}

  /**
   * A page of the parts matching `criteria`; without any, exactly the catalogue (PartService.list).
   * With `read` "cards", only what a card shows is read (PART_CARD_PROPERTIES): for lists that
   * show no more.
   */
  find(criteria: PartCriteria, page: PageRequest): Promise<Page<Part>>;
  find(criteria: PartCriteria, page: PageRequest, read: "cards"): Promise<Page<PartCard>>;
  async find(criteria: PartCriteria, page: PageRequest, read?: "cards"): Promise<Page<Part> | Page<PartCard>> {
    const properties = read === "cards" ? PART_CARD_PROPERTIES : undefined;
    const plan = await this.plan(criteria, page.after ?? null, properties);
    if (plan === "catalogue") return properties ? this.parts.listCards(page) : this.parts.list(page);
    if (plan === "nothing") return { edges: [], pageInfo: { hasNextPage: false, endCursor: null } };
    const { sort } = plan;
    const { entities, raw } = await this.rowsOf(plan, page.first + 1);
    return pageOf(entities, page.first, (node, index) => encodeCursor(sort, SORTS[sort].key(node, raw[index])));
  }

  /**
   * The first `limit` parts matching `criteria`, in the same order as `find`, as cards (REST's
   * GET /parts): no cursors.
   */
  async listing(criteria: PartCriteria, limit: number): Promise<PartCard[]> {
    const plan = await this.plan(criteria, null, PART_CARD_PROPERTIES);
    if (plan === "catalogue") return allOf(await this.parts.listCards({ first: limit }));
    if (plan === "nothing") return [];
    return (await this.rowsOf(plan, limit)).entities;
  }

  /**
   * The first `limit` rows of a plan, and the parts they are.
   *
   * A search whose conditions describe the same laptops ("thinkpad" with the brand Dell, or the
   * words "thinkpad macbook") is planned as if they were independent: PostgreSQL expects hundreds
   * of parts to match, walks an order's index for the first page and, when few or none match,
   * reads the whole catalogue (100-250 ms at 100,000 parts, for half of the word and brand pairs
   * tried). Such a search first reads its matches through the GIN index, at most
   * MATCHES_READ_FIRST of them: fewer, and they are all the matches, ordered here in one statement;
   * as many, and they are common enough that walking the order's index usually finds a page soon
   * (not when the order puts them last: README, "What still limits it").
   *
   * One word and a price range (Plan.wordInRange) are read the same way from the word's parts by
   * price, which part_lexeme_ranks has (migration 1764780000000): the parts of a real catalogue's
   * kind sit in a few price ranges, and a range none of the word's parts are in was walked through
   * the whole catalogue (60-120 ms at the scale seed priced by kind).
   */
  private async rowsOf(plan: Plan, limit: number): Promise<{ raw: Record<string, unknown>[]; entities: Part[] }> {
    // Read every time (an index-only read of at most WORD_IN_RANGE_READ_FIRST rows, well under a
    // millisecond): remembered, a range that a price change emptied was walked through the
    // catalogue for a minute (60-70 ms a page at the scale seed).
    if (plan.wordInRange) {
      const among = await this.partsOfWordsInRange(plan.wordInRange);
      if (among.length === 0) return { raw: [], entities: [] };
      if (among.length < WORD_IN_RANGE_READ_FIRST) return (await this.matchesFirst(plan, limit, among))!;
    }
    if (plan.matchesFirst && !this.manyMatches.has(plan.matches)) {
      const matches = await this.matchesFirst(plan, limit);
      if (matches) return matches;
      this.manyMatches.set(plan.matches, true);
    }
    if (plan.walked.length > 1) return this.mergedByPrice(plan, limit);
    const values = plan.anchors.length > 0 ? { ...plan.values, lexeme: await this.rarest(plan.anchors) } : plan.values;
    return this.rowsAndEntities(this.statementOf(plan.shape, plan.build, values), values, limit, plan.properties);
  }

  /**
   * The sequence numbers of the parts with any of the lexemes in a price range, from
   * part_lexeme_ranks' index by word and price (migration 1764780000000); all of them when there
   * are fewer than WORD_IN_RANGE_READ_FIRST rows, else that many rows' worth.
   */
  private async partsOfWordsInRange({ lexemes, minCents, maxCents }: NonNullable<Plan["wordInRange"]>): Promise<string[]> {
    const rows = await runStatement<{ seq: string }>(
      this.db,
      `SELECT seq FROM part_lexeme_ranks WHERE lexeme = ANY($1::text[]) AND price_cents >= $2::bigint AND price_cents <= $3::bigint LIMIT $4`,
      [lexemes, minCents ?? 0, maxCents ?? Number.MAX_SAFE_INTEGER, WORD_IN_RANGE_READ_FIRST],
    );
    // A part with two of the lexemes is there twice: `seq = ANY(...)` finds it once.
    return rows.map((row) => row.seq);
  }

  /**
   * The page from the search's matches read through its index, or from the parts `among` (known
   * matches, fewer than WORD_IN_RANGE_READ_FIRST); null when they reach MATCHES_READ_FIRST.
   */
  private async matchesFirst(plan: Plan, limit: number, among?: string[]): Promise<{ raw: Record<string, unknown>[]; entities: Part[] } | null> {
    const unordered = () => {
      const query = plan.build(among ? "among" : "matches");
      query.orderBy();
      return query;
    };
    const values = among ? { ...plan.values, among } : plan.values;
    // The order as the matches' own columns give it (a page's may be read from part_lexeme_ranks).
    const ordered = this.statementOf(`${plan.shape}:matches in order`, () => plan.build("matches"), plan.values).query;
    const statement = this.statementOf(`${plan.shape}:${among ? "among" : "matches first"}`, unordered, values);
    const parameters = statement.names.map((name) => values[name]);
    const cap = parameters.push(MATCHES_READ_FIRST);
    const page = parameters.push(limit);
    // A subquery with a LIMIT is planned on its own, without the order: for words and a laptop the
    // planner read the matches through the GIN index in every pair tried (a CTE does the same,
    // measured 10-15% dearer).
    const raw = await runStatement<Record<string, unknown>>(
      this.db,
      `SELECT *, count(*) OVER () AS matches_read FROM (${statement.text} LIMIT $${cap}) AS matches ORDER BY ${orderOfRows(ordered)} LIMIT $${page}`,
      parameters,
    );
    if (raw.length > 0 && Number(raw[0].matches_read) >= MATCHES_READ_FIRST) return null;
    return { raw, entities: entitiesOfRows(statement.query, raw, plan.properties) };
  }

  /**
   * The first `limit` parts of a word that stands for several lexemes, by price: each lexeme's
   * parts walked by price (the same statement as one word's), merged in the order's, a part with
   * two of them once. Any of the first `limit` is among the first `limit` of its own lexeme.
   */
  private async mergedByPrice(plan: Plan, limit: number): Promise<{ raw: Record<string, unknown>[]; entities: Part[] }> {
    const statement = this.statementOf(plan.shape, plan.build, plan.values);
    const rows: Array<{ raw: Record<string, unknown>; entity: Part }> = [];
    for (const lexeme of plan.walked) {
      const { raw, entities } = await this.rowsAndEntities(statement, { ...plan.values, lexeme }, limit, plan.properties);
      entities.forEach((entity, index) => rows.push({ raw: raw[index], entity }));
    }
    const direction = plan.sort === "price_desc" ? -1 : 1;
    const bySeq = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);
    rows.sort((a, b) => direction * (a.entity.priceCents - b.entity.priceCents || bySeq(a.entity.seq, b.entity.seq)));
    const page = rows.filter((row, index) => index === 0 || row.entity.seq !== rows[index - 1].entity.seq).slice(0, limit);
    return { raw: page.map((row) => row.raw), entities: page.map((row) => row.entity) };
  }

  /**
   * Of several lexemes, the one the fewest parts have: a search of several words by price walks
   * its parts by price and checks each for the other words. The longest word was not always it
   * ("lenovo ssd" cheapest first walked Lenovo's fans, hinges and chargers to its first SSD: 60
   * ms against 36 for the walk of every part by price). Counted once in LEXEME_COUNTS_KEPT_MS.
   */
  private async rarest(lexemes: string[]): Promise<string> {
    if (lexemes.length === 1) return lexemes[0];
    const uncounted = lexemes.filter((lexeme) => !this.partsWith.has(lexeme));
    if (uncounted.length > 0) {
      const counts = await runStatement<{ lexeme: string; parts: number }>(
        this.db,
        `SELECT l.lexeme, (SELECT count(*) FROM part_lexeme_ranks r WHERE r.lexeme = l.lexeme)::int AS parts FROM unnest($1::text[]) AS l (lexeme)`,
        [uncounted],
      );
      for (const { lexeme, parts } of counts) this.partsWith.set(lexeme, parts);
    }
    const partsWith = (lexeme: string) => this.partsWith.get(lexeme) ?? 0;
    return lexemes.reduce((rarest, lexeme) => (partsWith(lexeme) < partsWith(rarest) ? lexeme : rarest));
  }

  /** The search's tsqueries, as migration 1764650000000's part_search_queries makes them. */
  private async queriesOf(search: string): Promise<SearchQueries> {
    const [queries] = await runStatement<SearchQueries>(this.db, `SELECT query::text AS query, match::text AS match FROM part_search_queries($1)`, [search]);
    return queries;
  }

  /**
   * The SQL of a shape of search: made by TypeORM (`build`) the first time, kept with the names
   * of its parameters in the order of their placeholders, and run on the pool past TypeORM's
   * query runner. Building it per request was 12–13% of a GraphQL search's CPU in the shop at the
   * scale seed (profiled). The statement is not prepared: PostgreSQL plans it for each search's
   * values, which decide between the search's index and an order's.
   */
  private statementOf(shape: string, build: () => SelectQueryBuilder<Part>, values: Record<string, unknown>): Statement {
    const known = this.statements.get(shape);
    if (known) return known;
    const query = build();
    // Each parameter's value is its name while the SQL is made: the values it lists are the names in placeholder order.
    query.setParameters(Object.fromEntries(Object.keys(values).map((name) => [name, new ParameterName(name)])));
    const [text, names] = query.getQueryAndParameters();
    const statement = { text, names: names.map((name) => (name as ParameterName).name), query };
    this.statements.set(shape, statement);
    return statement;
  }

  /** The first `limit` rows of a statement for `values`, and the parts they are. */
  private async rowsAndEntities(
    statement: Statement,
    values: Record<string, unknown>,
    limit: number,
    properties: readonly string[] | undefined,
  ): Promise<{ raw: Record<string, unknown>[]; entities: Part[] }> {
    const parameters = statement.names.map((name) => values[name]);
    const raw = await runStatement<Record<string, unknown>>(this.db, `${statement.text} LIMIT $${parameters.push(limit)}`, parameters);
    return { raw, entities: entitiesOfRows(statement.query, raw, properties) };
  }

  /**
   * The query of the parts matching `criteria` in their order, after the cursor `after`; or
   * "catalogue" when nothing narrows or orders them, "nothing" when the search has no searchable
   * word. `properties` limits the columns read (all by default).
   */
  private async plan(criteria: PartCriteria, after: string | null, properties?: readonly (keyof Part)[]): Promise<"catalogue" | "nothing" | Plan> {
    const search = blank(criteria.search) ? null : tidy(criteria.search!);
    if (search && [...search].length > MAX_SEARCH_LENGTH) throw badInput(`search must be at most ${MAX_SEARCH_LENGTH} characters`);
    const minCents = priceInCents(criteria.minPrice, "minPrice");
    const maxCents = priceInCents(criteria.maxPrice, "maxPrice");
    if (minCents !== null && maxCents !== null && minCents > maxCents) throw badInput("minPrice must not be more than maxPrice");
    const brand = criteria.brand?.trim() ? tidy(criteria.brand) : null;
    const model = criteria.model?.trim() ? tidy(criteria.model) : null;
    const order = criteria.order ?? PartOrder.RELEVANCE;
    const narrowed = search !== null || criteria.inStock === true || minCents !== null || maxCents !== null || brand !== null || model !== null;
    if (!narrowed && order === PartOrder.RELEVANCE) return "catalogue";

    // The search as tsqueries first (migration 1764650000000): the shopper's, which ranks, and the
    // same with its prefixes as the catalogue's words, which finds the same parts faster. Given to
    // the planner as values, its estimate of how many parts match is right, so it picks the GIN
    // index for rare words and an order's index for common ones.
    let tsquery: string | null = null;
    let matching: string | null = null;
    if (search !== null) {
      const { query, match } = this.searchQueries ? await this.searchQueries.of(search, () => this.queriesOf(search)) : await this.queriesOf(search);
      // Nothing searchable in it (stop words only): nothing matches.
      if (!query) return "nothing";
      tsquery = query;
      matching = match;
    }

    const sort: SortKey = order === PartOrder.RELEVANCE ? (tsquery !== null ? "relevance" : "catalogue") : SORT_OF[order];
    // The order's columns too: its cursors are made of them.
    const read = properties && [...new Set([...properties, ...SORTS[sort].columns])];
    const inStock = criteria.inStock === true;
    // The laptops are read from the part's row (migrations 1764740000000, 1764750000000): a brand
    // from its brands, a model (with or without its brand) from its models, all three in one GIN
    // index with the search's words.
    const laptop = laptopCondition(brand, model);
    // `tsquery`: the relevance order ranks by the query as typed.
    // One word: its parts by rank and by price are in part_lexeme_ranks' indexes (migrations
    // 1764770000000, 1764780000000), where the relevance and price orders read their pages. Not
    // with a laptop: PostgreSQL takes the word and the laptop for independent and would walk the
    // word's parts for those of a laptop that few or none of them fit.
    // By price, a word that stands for a few lexemes ('display' | 'displaysid': it begins another
    // word of the catalogue's) walks each one's parts, and the pages are merged (rowsOf).
    const priceOrder = sort === "price_asc" || sort === "price_desc";
    const byPrice = tsquery !== null && laptop === null && priceOrder ? lexemesOfOneWord(matching!) : null;
    const walked = byPrice !== null && byPrice.length <= WALKED_LEXEMES_MAX ? byPrice : [];
    const lexeme = sort === "relevance" && tsquery !== null && laptop === null ? oneLexeme(tsquery, matching!) : (walked[0] ?? null);
    // Several words in a price order: the parts of one of them, by price, each checked for the
    // others. A real catalogue's prices follow its kinds: walking every part by price for those with
    // the words ("display panel" cheapest first) passes every cheaper kind first.
    // Which one is chosen when the page is read (PartSearchService.rowsOf): the lexeme's value.
    const anchors = tsquery !== null && laptop === null && lexeme === null && (sort === "price_asc" || sort === "price_desc") ? requiredLexemes(matching!) : [];
    const anchored = anchors.length > 0;
    const priced = minCents !== null || maxCents !== null;
    const values = {
      matching,
      tsquery,
      minCents,
      maxCents,
      brand,
      model,
      lexeme,
      ...(after ? SORTS[sort].after(decodeCursor(after, sort)) : {}),
    };
    // `mode`: the page in its order, or the matches in none (see PartSearchService.matchesFirst):
    // read through the search's index, or among parts known to match.
    const build = (mode: "page" | "matches" | "among" = "page") => {
      const query = this.db.getRepository(Part).createQueryBuilder("part");
      const joined = mode === "page" && (lexeme !== null || anchored);
      if (joined) query.innerJoin("part_lexeme_ranks", "ranked", "ranked.seq = part.seq AND ranked.lexeme = :lexeme");
      // Retired parts have left the shop: never found (PartService.list leaves them out too).
      query.where("part.retired_at IS NULL");
      if (read) query.select(read.map((property) => `part.${property}`));
      // Parts already known to match (see PartSearchService.rowsOf).
      if (mode === "among") query.andWhere("part.seq = ANY(CAST(:among AS bigint[]))");
      // A word's rows in part_lexeme_ranks are its matches; by relevance with a price range the
      // search's GIN index is still a way in (few of them in the range: found with the price's
      // index, then ranked).
      // With several words walked by one's price, each part is checked for the others as the walk
      // meets it: written as the operator's function, which no index serves, so that PostgreSQL does
      // not read every match through the GIN index first (it underestimates how many parts have
      // all the words, and did: 14-18 ms against 1.2 for "display panel" by price).
      else if (joined && anchored) query.andWhere("ts_match_vq(part.search_document, CAST(:matching AS tsquery))");
      else if (matching !== null && (lexeme === null || (sort === "relevance" && priced))) query.andWhere("part.search_document @@ CAST(:matching AS tsquery)");
      if (inStock) query.andWhere("part.available >= part.minOrderQuantity");
      // The price orders walk part_lexeme_ranks by price: the range bounds that walk.
      const price = joined && sort !== "relevance" ? "ranked.price_cents" : "part.priceCents";
      if (minCents !== null) query.andWhere(`${price} >= :minCents`);
      if (maxCents !== null) query.andWhere(`${price} <= :maxCents`);
      if (laptop !== null) query.andWhere(laptop);
      ((joined ? ONE_WORD_ORDERS[sort] : null) ?? SORTS[sort]).apply(query, after !== null);
      return query;
    };
    const shape = JSON.stringify([
      sort,
      lexeme !== null,
      anchored,
      read ?? "all",
      matching !== null,
      inStock,
      minCents !== null,
      maxCents !== null,
      after !== null,
      brand !== null,
      model !== null,
    ]);
    // Conditions the planner multiplies as if independent: several words, or words and a laptop.
    const matchesFirst = matching !== null && sort !== "relevance" && (laptop !== null || matching.includes("&"));
    const matches = JSON.stringify([matching, inStock, minCents, maxCents, brand?.toLowerCase() ?? null, model?.toLowerCase() ?? null]);
    // One word and a price range, by relevance, newest or best rated: a real catalogue's prices
    // follow its kinds, so the range may hold few or none of the word's parts where PostgreSQL,
    // taking the two for independent, expects a quarter of them and walks the order's index through
    // the catalogue. The word's parts in the range are read first. (Its price orders walk the
    // word's parts by price, in the range only.)
    const walkedByPrice = lexeme !== null && sort !== "relevance";
    const words = tsquery !== null && laptop === null && priced && !walkedByPrice ? lexemesOfOneWord(matching!) : null;
    const wordInRange = words !== null ? { lexemes: words, minCents, maxCents } : null;
    return { shape, build, values, sort, properties: read, matchesFirst, matches, wordInRange, anchors, walked };
  }
}

/** A query of parts in their order. */
interface Plan {
  /**
   * What decides the query's SQL: the order, the columns read, which criteria are given, whether
   * it starts after a cursor. Two searches of the same shape differ only in their values.
   */
  shape: string;
  /**
   * The query, its parameters named as in `values`: of its page ("page", by default), or of its
   * matches, whose order is then cleared ("matches"; "among": of the parts whose seq is in the
   * value `among`, its search left out).
   */
  build: (mode?: "page" | "matches" | "among") => SelectQueryBuilder<Part>;
  values: Record<string, unknown>;
  sort: SortKey;
  /** The properties it reads (all when undefined). */
  properties: readonly (keyof Part)[] | undefined;
  /** Read its matches through the search's index first (see PartSearchService.rowsOf). */
  matchesFirst: boolean;
  /** What decides which parts match, whatever their order and page. */
  matches: string;
  /** Several words by price: the lexemes every match has, one of which the page walks by price (the value `lexeme`, chosen in PartSearchService.rowsOf). */
  anchors: string[];
  /** One word by price that stands for several lexemes: each one's parts are walked by price (the value `lexeme`), the pages merged. */
  walked: string[];
  /** One word (a lexeme, or any of a few) and a price range: its parts in the range are read from part_lexeme_ranks first (see PartSearchService.rowsOf). */
  wordInRange: { lexemes: string[]; minCents: number | null; maxCents: number | null } | null;
}

/** A shape's SQL, up to its LIMIT, and the names of its parameters in the order of their placeholders. */
interface Statement {
  text: string;
  names: string[];
  /** The query it was made from: how its rows are read as parts. */
  query: SelectQueryBuilder<Part>;
}

/** A query's ORDER BY over the rows it selects, which TypeORM names `<alias>_<column>`. */
function orderOfRows(query: SelectQueryBuilder<Part>): string {
  const metadata = query.expressionMap.mainAlias!.metadata;
  return Object.entries(query.expressionMap.orderBys)
    .map(([key, direction]) => {
      const [alias, property] = key.split(".");
      const column = property === undefined ? undefined : metadata.findColumnWithPropertyName(property);
      const name = column ? `${alias}_${column.databaseName}` : key;
      return `"${name}" ${typeof direction === "string" ? direction : direction.order}`;
    })
    .join(", ");
}

/** A parameter's stand-in while a shape's SQL is made (see PartSearchService.statementOf). */
class ParameterName {
  constructor(readonly name: string) {}
}

/**
 * The part fits a laptop of the brand and model given (values named `brand` and `model`; null:
 * any), as its row records them: its brands, and its models each alone and with their brand
 * (joined by chr(31), which no text the shop is given holds), lower case.
 */
function laptopCondition(brand: string | null, model: string | null): string | null {
  if (model !== null)
    return brand !== null ? "part.laptop_models @> ARRAY[lower(:brand) || chr(31) || lower(:model)]" : "part.laptop_models @> ARRAY[chr(31) || lower(:model)]";
  return brand !== null ? "part.laptop_brands @> ARRAY[lower(:brand)]" : null;
}

const SORT_OF: Record<Exclude<PartOrder, PartOrder.RELEVANCE>, SortKey> = {
  [PartOrder.PRICE_ASC]: "price_asc",
  [PartOrder.PRICE_DESC]: "price_desc",
  [PartOrder.NEWEST]: "newest",
  [PartOrder.BEST_RATED]: "rating",
};

interface Sort {
  /** The columns it orders by. */
  columns: readonly (keyof Part)[];
  /** Orders the query and, after a cursor, keeps only what comes after it (its key's values named as `after` names them). */
  apply(query: SelectQueryBuilder<Part>, afterCursor: boolean): void;
  /** A cursor's key as the values `apply` names. */
  after(key: string[]): Record<string, string>;
  /** The cursor's key for a part of the page. */
  key(part: Part, raw: Record<string, unknown>): string[];
}

const SORTS: Record<SortKey, Sort> = {
  catalogue: {
    columns: ["seq"],
    apply(query, afterCursor) {
      if (afterCursor) query.andWhere("part.seq > :afterSeq");
      query.orderBy("part.seq", "ASC");
    },
    after: ([seq]) => ({ afterSeq: seq }),
    key: (part) => [part.seq],
  },
  newest: {
    columns: ["seq"],
    apply(query, afterCursor) {
      if (afterCursor) query.andWhere("part.seq < :afterSeq");
      query.orderBy("part.seq", "DESC");
    },
    after: ([seq]) => ({ afterSeq: seq }),
    key: (part) => [part.seq],
  },
  relevance: {
    columns: ["seq"],
    // The rank is not stored: the cursor keeps it as the shortest decimal of the real PostgreSQL
    // sent (pg reads it with parseFloat, and String() gives the same digits back), so it compares
    // equal. Selected once: ranking is most of a broad search's cost, and PostgreSQL computes each
    // expression of the select list on its own. ts_rank weighs the words' places (name, models,
    // description) and, for several words, how close they stand; ts_rank_cd's cover density ranked
    // the same parts first at the scale seed and cost 8 us a part against 1 (2.1 ms of a 250-part
    // search's 4.5).
    apply(query, afterCursor) {
      query.addSelect("ts_rank(part.search_document, CAST(:tsquery AS tsquery))", "search_rank");
      if (afterCursor) {
        query.andWhere(
          `(ts_rank(part.search_document, CAST(:tsquery AS tsquery)) < CAST(:afterRank AS real)
            OR (ts_rank(part.search_document, CAST(:tsquery AS tsquery)) = CAST(:afterRank AS real) AND part.seq > :afterSeq))`,
        );
      }
      query.orderBy("search_rank", "DESC").addOrderBy("part.seq", "ASC");
    },
    after: ([rank, seq]) => ({ afterRank: rank, afterSeq: seq }),
    key: (part, raw) => [String(raw.search_rank), part.seq],
  },
  price_asc: {
    columns: ["priceCents", "seq"],
    apply(query, afterCursor) {
      if (afterCursor) query.andWhere("(part.priceCents, part.seq) > (:afterCents, :afterSeq)");
      query.orderBy("part.priceCents", "ASC").addOrderBy("part.seq", "ASC");
    },
    after: ([cents, seq]) => ({ afterCents: cents, afterSeq: seq }),
    key: (part) => [String(part.priceCents), part.seq],
  },
  price_desc: {
    columns: ["priceCents", "seq"],
    apply(query, afterCursor) {
      if (afterCursor) query.andWhere("(part.priceCents, part.seq) < (:afterCents, :afterSeq)");
      query.orderBy("part.priceCents", "DESC").addOrderBy("part.seq", "DESC");
    },
    after: ([cents, seq]) => ({ afterCents: cents, afterSeq: seq }),
    key: (part) => [String(part.priceCents), part.seq],
  },
  rating: {
    columns: ["ratingAverage", "reviewCount", "seq"],
    // Parts without reviews have average 0 and count 0: after every reviewed part.
    apply(query, afterCursor) {
      if (afterCursor) query.andWhere("(part.ratingAverage, part.reviewCount, part.seq) < (CAST(:afterAverage AS numeric), :afterCount, :afterSeq)");
      query.orderBy("part.ratingAverage", "DESC").addOrderBy("part.reviewCount", "DESC").addOrderBy("part.seq", "DESC");
    },
    after: ([average, count, seq]) => ({ afterAverage: average, afterCount: count, afterSeq: seq }),
    key: (part) => [part.ratingAverage.toFixed(2), String(part.reviewCount), part.seq],
  },
};

/**
 * The relevance order of a one-word search, read ranked: each part's rank for the word is kept in
 * part_lexeme_ranks, the same real ts_rank gives, so its cursors are the relevance order's own.
 */
const ONE_WORD_RANKED: Sort = {
  ...SORTS.relevance,
  apply(query, afterCursor) {
    query.addSelect("ranked.rank", "search_rank");
    if (afterCursor) {
      // The first condition alone bounds the index scan: it starts at the cursor's rank.
      query.andWhere("ranked.rank <= CAST(:afterRank AS real)");
      query.andWhere("(ranked.rank < CAST(:afterRank AS real) OR (ranked.rank = CAST(:afterRank AS real) AND ranked.seq > :afterSeq))");
    }
    query.orderBy("ranked.rank", "DESC").addOrderBy("ranked.seq", "ASC");
  },
};

/**
 * The price orders of a one-word search, read by price: part_lexeme_ranks keeps each part's price
 * beside its words (migration 1764780000000), the same as its row's, so the cursors are the price
 * orders' own. The range bounds, on the same column, bound the index scan.
 */
const ONE_WORD_BY_PRICE = (direction: "ASC" | "DESC"): Sort => ({
  ...SORTS[direction === "ASC" ? "price_asc" : "price_desc"],
  apply(query, afterCursor) {
    if (afterCursor) query.andWhere(`(ranked.price_cents, ranked.seq) ${direction === "ASC" ? ">" : "<"} (:afterCents, :afterSeq)`);
    query.orderBy("ranked.price_cents", direction).addOrderBy("ranked.seq", direction);
  },
});

/** The orders a one-word search reads from part_lexeme_ranks. */
const ONE_WORD_ORDERS: Partial<Record<SortKey, Sort>> = {
  relevance: ONE_WORD_RANKED,
  price_asc: ONE_WORD_BY_PRICE("ASC"),
  price_desc: ONE_WORD_BY_PRICE("DESC"),
};

/**
 * The lexeme of a search that finds one lexeme: matched as `'lexeme'` (or that, or'ed with
 * itself), ranked by the lexeme and prefixes of it (`'lenov':* | 'lenovo'`: a word partly typed,
 * and the typo correction's reading of it). search_lexemes has every lexeme with a letter that a
 * document has had, so a prefix that part_search_queries wrote as that one lexeme begins no other
 * word of any part; ts_rank averages what each term finds in a document, so each part ranks as for
 * the lexeme alone. Null for anything else (several words, or a typo read as another word).
 */
function oneLexeme(tsquery: string, matching: string): string | null {
  const matched = termsOf(matching);
  const lexeme = matched?.[0].lexeme;
  if (!matched || matched.some((term) => term.prefix || term.lexeme !== lexeme)) return null;
  const ranked = termsOf(tsquery);
  return ranked?.every((term) => (term.prefix ? lexeme!.startsWith(term.lexeme) : term.lexeme === lexeme)) ? lexeme! : null;
}

/**
 * The lexemes of a search that matches any of them (`'display' | 'displaysid'`: one word, and the
 * catalogue's words it begins): its matches are the parts with one of them. Null for any other.
 */
function lexemesOfOneWord(matching: string): string[] | null {
  const terms = termsOf(matching);
  return terms && !terms.some((term) => term.prefix) ? [...new Set(terms.map((term) => term.lexeme))] : null;
}

/**
 * The lexemes every match of several words has: the words of `matching` (`( 'display' |
 * 'displaysid' ) & 'panel'`) found as one lexeme alone. None for one word, or when the words are
 * not all required (an `|` outside parentheses: `'a' | 'b' & 'c'`).
 */
function requiredLexemes(matching: string): string[] {
  const words: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < matching.length; i++) {
    if (matching[i] === "(") depth++;
    else if (matching[i] === ")") depth--;
    else if (depth === 0 && matching.startsWith(" | ", i)) return [];
    else if (depth === 0 && matching.startsWith(" & ", i)) {
      words.push(matching.slice(start, i));
      start = i + 3;
    }
  }
  if (words.length === 0) return [];
  words.push(matching.slice(start));
  return words.map((word) => /^'([^'\\]+)'$/.exec(word)?.[1]).filter((lexeme) => lexeme !== undefined);
}

/** The terms of a tsquery's text that is only terms or'ed (`'a' | 'b':*`); null for any other. */
function termsOf(query: string): Array<{ lexeme: string; prefix: boolean }> | null {
  const terms = query.split(" | ").map((term) => /^'([^'\\]+)'(:\*)?$/.exec(term));
  return terms.every((term) => term !== null) ? terms.map((term) => ({ lexeme: term![1], prefix: term![2] !== undefined })) : null;
}
