import { DataSource, SelectQueryBuilder } from "typeorm";
import { badInput } from "../errors";
import { dollarsToCents } from "../money";
import { allOf, entitiesOf, Page, PageRequest, rowsAndEntitiesOf } from "../pagination";
import { Part } from "./part.entity";
import { PartService } from "./part.service";

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
  constructor(
    private readonly db: DataSource,
    private readonly parts: PartService,
  ) {}

  /** A page of the parts matching `criteria`; without any, exactly the catalogue (PartService.list). */
  async find(criteria: PartCriteria, page: PageRequest): Promise<Page<Part>> {
    const plan = await this.plan(criteria, page.after ?? null);
    if (plan === "catalogue") return this.parts.list(page);
    if (plan === "nothing") return { edges: [], pageInfo: { hasNextPage: false, endCursor: null } };
    const { query, sort } = plan;
    const { entities, raw } = await rowsAndEntitiesOf(query.limit(page.first + 1));
    const nodes = entities.slice(0, page.first);
    const edges = nodes.map((node, index) => ({ cursor: encodeCursor(sort, SORTS[sort].key(node, raw[index])), node }));
    return { edges, pageInfo: { hasNextPage: entities.length > page.first, endCursor: edges.length ? edges[edges.length - 1].cursor : null } };
  }

  /**
   * The first `limit` parts matching `criteria`, in the same order as `find`, with only what a
   * list shows (REST's GET /parts): no cursors, and none of the other columns read. A broad
   * search answers hundreds of parts, and reading and parsing the columns nobody shows (dates,
   * ratings) and making a cursor for each was over a third of the shop's time on it.
   */
  async listing(criteria: PartCriteria, limit: number): Promise<PartListing[]> {
    const plan = await this.plan(criteria, null, LISTING_PROPERTIES);
    if (plan === "catalogue") return allOf(await this.parts.list({ first: limit }));
    if (plan === "nothing") return [];
    return entitiesOf(plan.query.limit(limit), LISTING_PROPERTIES);
  }

  /**
   * The query of the parts matching `criteria` in their order, after the cursor `after`; or
   * "catalogue" when nothing narrows or orders them, "nothing" when the search has no searchable
   * word. `properties` limits the columns read (all by default).
   */
  private async plan(
    criteria: PartCriteria,
    after: string | null,
    properties?: readonly (keyof Part)[],
  ): Promise<"catalogue" | "nothing" | { query: SelectQueryBuilder<Part>; sort: SortKey }> {
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
      const [{ query, match }] = await this.db.query(`SELECT query::text AS query, match::text AS match FROM part_search_queries($1)`, [search]);
      // Nothing searchable in it (stop words only): nothing matches.
      if (!query) return "nothing";
      tsquery = query;
      matching = match;
    }

    // Retired parts have left the shop: never found (PartService.list leaves them out too).
    const query = this.db.getRepository(Part).createQueryBuilder("part").where("part.retired_at IS NULL");
    if (properties) query.select(properties.map((property) => `part.${property}`));
    if (matching !== null) query.andWhere("part.search_document @@ CAST(:matching AS tsquery)", { matching });
    // The relevance order ranks by the query as typed.
    if (tsquery !== null) query.setParameter("tsquery", tsquery);
    if (criteria.inStock === true) query.andWhere("part.available >= part.minOrderQuantity");
    if (minCents !== null) query.andWhere("part.priceCents >= :minCents", { minCents });
    if (maxCents !== null) query.andWhere("part.priceCents <= :maxCents", { maxCents });
    if (brand !== null || model !== null) {
      const fits = [brand !== null ? "lower(laptop.brand) = lower(:brand)" : null, model !== null ? "lower(laptop.model) = lower(:model)" : null];
      query.andWhere(
        `EXISTS (SELECT 1 FROM part_compatibility fit JOIN laptop_models laptop ON laptop.id = fit.laptop_model_id
                 WHERE fit.part_id = part.id AND ${fits.filter(Boolean).join(" AND ")})`,
        { brand, model },
      );
    }
    const sort: SortKey = order === PartOrder.RELEVANCE ? (tsquery !== null ? "relevance" : "catalogue") : SORT_OF[order];
    SORTS[sort].apply(query, after ? decodeCursor(after, sort) : null);
    return { query, sort };
  }
}

/** What a list of parts shows (REST's GET /parts): a Part with only these read. */
const LISTING_PROPERTIES = ["databaseId", "name", "img", "priceCents", "available", "minOrderQuantity", "shortDesc"] as const satisfies readonly (keyof Part)[];
export type PartListing = Pick<Part, (typeof LISTING_PROPERTIES)[number] | "price">;

const SORT_OF: Record<Exclude<PartOrder, PartOrder.RELEVANCE>, SortKey> = {
  [PartOrder.PRICE_ASC]: "price_asc",
  [PartOrder.PRICE_DESC]: "price_desc",
  [PartOrder.NEWEST]: "newest",
  [PartOrder.BEST_RATED]: "rating",
};

interface Sort {
  /** Orders the query and, after a cursor, keeps only what comes after it. */
  apply(query: SelectQueryBuilder<Part>, after: string[] | null): void;
  /** The cursor's key for a part of the page. */
  key(part: Part, raw: Record<string, unknown>): string[];
}

const SORTS: Record<SortKey, Sort> = {
  catalogue: {
    apply(query, after) {
      if (after) query.andWhere("part.seq > :afterSeq", { afterSeq: after[0] });
      query.orderBy("part.seq", "ASC");
    },
    key: (part) => [part.seq],
  },
  newest: {
    apply(query, after) {
      if (after) query.andWhere("part.seq < :afterSeq", { afterSeq: after[0] });
      query.orderBy("part.seq", "DESC");
    },
    key: (part) => [part.seq],
  },
  relevance: {
    // The rank is not stored: the cursor keeps it as the shortest decimal of the real PostgreSQL
    // sent (pg reads it with parseFloat, and String() gives the same digits back), so it compares
    // equal. Selected once: ts_rank_cd is most of a broad search's cost, and PostgreSQL computes
    // each expression of the select list on its own.
    apply(query, after) {
      query.addSelect("ts_rank_cd(part.search_document, CAST(:tsquery AS tsquery))", "search_rank");
      if (after) {
        query.andWhere(
          `(ts_rank_cd(part.search_document, CAST(:tsquery AS tsquery)) < CAST(:afterRank AS real)
            OR (ts_rank_cd(part.search_document, CAST(:tsquery AS tsquery)) = CAST(:afterRank AS real) AND part.seq > :afterSeq))`,
          { afterRank: after[0], afterSeq: after[1] },
        );
      }
      query.orderBy("search_rank", "DESC").addOrderBy("part.seq", "ASC");
    },
    key: (part, raw) => [String(raw.search_rank), part.seq],
  },
  price_asc: {
    apply(query, after) {
      if (after) query.andWhere("(part.priceCents, part.seq) > (:afterCents, :afterSeq)", { afterCents: after[0], afterSeq: after[1] });
      query.orderBy("part.priceCents", "ASC").addOrderBy("part.seq", "ASC");
    },
    key: (part) => [String(part.priceCents), part.seq],
  },
  price_desc: {
    apply(query, after) {
      if (after) query.andWhere("(part.priceCents, part.seq) < (:afterCents, :afterSeq)", { afterCents: after[0], afterSeq: after[1] });
      query.orderBy("part.priceCents", "DESC").addOrderBy("part.seq", "DESC");
    },
    key: (part) => [String(part.priceCents), part.seq],
  },
  rating: {
    // Parts without reviews have average 0 and count 0: after every reviewed part.
    apply(query, after) {
      if (after) {
        query.andWhere("(part.ratingAverage, part.reviewCount, part.seq) < (CAST(:afterAverage AS numeric), :afterCount, :afterSeq)", {
          afterAverage: after[0],
          afterCount: after[1],
          afterSeq: after[2],
        });
      }
      query.orderBy("part.ratingAverage", "DESC").addOrderBy("part.reviewCount", "DESC").addOrderBy("part.seq", "DESC");
    },
    key: (part) => [part.ratingAverage.toFixed(2), String(part.reviewCount), part.seq],
  },
};
