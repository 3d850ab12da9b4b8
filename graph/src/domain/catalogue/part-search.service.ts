import { DataSource } from "typeorm";
import { badInput } from "../errors";
import { dollarsToCents } from "../money";
import { allOf, Page, PageRequest, pageOf } from "../pagination";
import { Part, PART_CARD_PROPERTIES, PartCard } from "./part.entity";
import { PartService } from "./part.service";
import { planSearch, Search } from "./search/plan";
import { SearchReader } from "./search/reading";
import { lookUpSearchQueries, SearchQueries, SearchQueriesMemo } from "./search/search-queries";
import { decodeCursor, encodeCursor, SortKey, SORTS } from "./search/sort-orders";

/** How far a search reads its matches before it walks an order's index instead (see search/reading.ts). */
export { MATCHES_READ_FIRST, WORD_IN_RANGE_READ_FIRST } from "./search/reading";

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

const SORT_OF: Record<Exclude<PartOrder, PartOrder.RELEVANCE>, SortKey> = {
  [PartOrder.PRICE_ASC]: "price_asc",
  [PartOrder.PRICE_DESC]: "price_desc",
  [PartOrder.NEWEST]: "newest",
  [PartOrder.BEST_RATED]: "rating",
};

/** Text with no letter or digit searches for nothing: as if not given. */
const blank = (text: string | null | undefined) => !text || !/[\p{L}\p{N}]/u.test(text);
const tidy = (text: string) => text.replace(/\s+/gu, " ").trim();

function priceInCents(dollars: number | null | undefined, label: string): number | null {
  if (dollars === null || dollars === undefined) return null;
  const cents = dollarsToCents(dollars);
  if (cents === null) throw badInput(`${label} must be an amount in dollars with at most two decimals`);
  return cents;
}

/**
 * Finding parts: full-text search tolerant of typos and partial words, filters by stock, price and
 * laptop, sort orders and keyset pagination. Every order has an index to walk and the search its
 * GIN index, so no page reads the whole parts table: a page costs the same however large the
 * catalogue, plus, for a search, the parts that match it. Here are the rules of what a shopper may
 * ask and gets; how a search is read is search/'s (plan.ts decides its shape, reading.ts reads it).
 */
export class PartSearchService {
  private readonly reader: SearchReader;

  constructor(
    private readonly db: DataSource,
    private readonly parts: PartService,
    /** Without one (a tool or test with no change feed), every search looks its tsqueries up. */
    private readonly searchQueries: SearchQueriesMemo | null = null,
  ) {
    this.reader = new SearchReader(db);
  }

  /**
   * A page of the parts matching `criteria`; without any, exactly the catalogue (PartService.list).
   * With `read` "cards", only what a card shows is read (PART_CARD_PROPERTIES): for lists that
   * show no more.
   */
  find(criteria: PartCriteria, page: PageRequest): Promise<Page<Part>>;
  find(criteria: PartCriteria, page: PageRequest, read: "cards"): Promise<Page<PartCard>>;
  async find(criteria: PartCriteria, page: PageRequest, read?: "cards"): Promise<Page<Part> | Page<PartCard>> {
    const properties = read === "cards" ? PART_CARD_PROPERTIES : undefined;
    const search = await this.searchOf(criteria, page.after ?? null, properties);
    if (search === "catalogue") return properties ? this.parts.listCards(page) : this.parts.list(page);
    if (search === "nothing") return { edges: [], pageInfo: { hasNextPage: false, endCursor: null } };
    const plan = planSearch(search);
    const { entities, raw } = await this.reader.rowsOf(plan, page.first + 1);
    return pageOf(entities, page.first, (node, index) =>
      encodeCursor(plan.sort, SORTS[plan.sort].key(node, raw[index])),
    );
  }

  /**
   * The first `limit` parts matching `criteria`, in the same order as `find`, as cards (REST's
   * GET /parts): no cursors.
   */
  async listing(criteria: PartCriteria, limit: number): Promise<PartCard[]> {
    const search = await this.searchOf(criteria, null, PART_CARD_PROPERTIES);
    if (search === "catalogue") return allOf(await this.parts.listCards({ first: limit }));
    if (search === "nothing") return [];
    return (await this.reader.rowsOf(planSearch(search), limit)).entities;
  }

  /**
   * What the shopper asked, after the cursor `after`, as the planner takes it; "catalogue" when
   * nothing narrows or orders the parts, "nothing" when the search has no searchable word.
   * `properties` limits the columns read (all by default). Refuses a search longer than
   * MAX_SEARCH_LENGTH, a price that is not an amount of dollars and cents, a minimum price above
   * the maximum, and a cursor that is not one of this order's.
   */
  private async searchOf(
    criteria: PartCriteria,
    after: string | null,
    properties?: readonly (keyof Part)[],
  ): Promise<"catalogue" | "nothing" | Search> {
    const search = blank(criteria.search) ? null : tidy(criteria.search!);
    if (search && [...search].length > MAX_SEARCH_LENGTH)
      throw badInput(`search must be at most ${MAX_SEARCH_LENGTH} characters`);
    const minCents = priceInCents(criteria.minPrice, "minPrice");
    const maxCents = priceInCents(criteria.maxPrice, "maxPrice");
    if (minCents !== null && maxCents !== null && minCents > maxCents)
      throw badInput("minPrice must not be more than maxPrice");
    const brand = criteria.brand?.trim() ? tidy(criteria.brand) : null;
    const model = criteria.model?.trim() ? tidy(criteria.model) : null;
    const inStock = criteria.inStock === true;
    const order = criteria.order ?? PartOrder.RELEVANCE;
    const narrowed =
      search !== null || inStock || minCents !== null || maxCents !== null || brand !== null || model !== null;
    if (!narrowed && order === PartOrder.RELEVANCE) return "catalogue";

    const looked = search === null ? null : await this.queriesOf(search);
    // A part's number (its own or an alternative one), however typed: that part is the match, and
    // the words are not searched (a number names one part).
    const numbered = looked !== null && looked.numbered.length > 0 ? looked.numbered : null;
    const queries = numbered === null ? looked : null;
    // Nothing searchable in it (stop words only): nothing matches.
    if (queries !== null && !queries.query) return "nothing";
    const sort: SortKey = order !== PartOrder.RELEVANCE ? SORT_OF[order] : queries !== null ? "relevance" : "catalogue";
    const key = after === null ? null : decodeCursor(after, sort);
    if (after !== null && key === null) throw badInput("after is not a valid cursor for this search and order");
    return {
      tsquery: queries?.query ?? null,
      matching: queries?.match ?? null,
      inStock,
      minCents,
      maxCents,
      brand,
      model,
      numbered,
      sort,
      after: key,
      properties,
    };
  }

  /** The search's tsqueries: the shopper's words, which rank, and the catalogue's lexemes they stand for, which find. */
  private queriesOf(search: string): Promise<SearchQueries> {
    return this.searchQueries
      ? this.searchQueries.of(search, () => lookUpSearchQueries(this.db, search))
      : lookUpSearchQueries(this.db, search);
  }
}
