import type { Part } from "../part.entity";
import { lexemesOfOneWord, oneLexeme, requiredLexemes } from "./lexemes";
import { SearchValues, Shape, shapeKey } from "./part-query";
import { SORTS, SortKey } from "./sort-orders";

/** A search the shop accepted, its words as tsqueries (search-queries.ts): what the planner plans. */
export interface Search {
  /** The words as typed, which rank; null without a search. */
  tsquery: string | null;
  /** The same words as the catalogue's lexemes, which find the same parts faster. */
  matching: string | null;
  inStock: boolean;
  minCents: number | null;
  maxCents: number | null;
  brand: string | null;
  model: string | null;
  /**
   * The search is the number of this part (its sequence number, in a list): it is the match, and
   * the words are not searched (tsquery and matching are null). Null for any other search.
   */
  numbered: string[] | null;
  sort: SortKey;
  /** The sort key of the part the page starts after. */
  after: string[] | null;
  /** The properties to read (all when undefined). */
  properties: readonly (keyof Part)[] | undefined;
}

/** How a search is read: the shape of its SQL, its values, and which of the faster ways in apply (see reading.ts). */
export interface Plan {
  shape: Shape;
  /** The key its shape's SQL is kept by. */
  key: string;
  values: SearchValues;
  sort: SortKey;
  /** The properties it reads (all when undefined). */
  properties: readonly (keyof Part)[] | undefined;
  /** Read its matches through the search's index first. */
  matchesFirst: boolean;
  /** What decides which parts match, whatever their order and page. */
  matches: string;
  /** Several words by price: the lexemes every match has, one of which the page walks by price (the value `lexeme`, chosen when it is read). */
  anchors: string[];
  /** One word by price that stands for several lexemes: each one's parts are walked by price (the value `lexeme`), the pages merged. */
  walked: string[];
  /** One word (a lexeme, or any of a few) and a price range: its parts in the range are read from part_lexeme_ranks first. */
  wordInRange: { lexemes: string[]; minCents: number | null; maxCents: number | null } | null;
}

/** The most lexemes one word by price is walked for, each on its own (more: its matches are walked as several words' are). */
const WALKED_LEXEMES_MAX = 4;

/**
 * Which shape of query a search takes. The search's tsqueries are given to PostgreSQL as values,
 * so its estimate of how many parts match is right and it picks the GIN index for rare words and
 * an order's index for common ones; the shapes below are where that estimate goes wrong, or where
 * part_lexeme_ranks (each part's rank and price for each of its words, behind indexes) has the
 * page in order already.
 */
export function planSearch(search: Search): Plan {
  const { tsquery, matching, inStock, minCents, maxCents, brand, model, numbered, sort, after } = search;
  // The order's columns too: its cursors are made of them.
  const read = search.properties && [...new Set([...search.properties, ...SORTS[sort].columns])];
  // The laptops are read from the part's row: a brand from its brands, a model (with or without
  // its brand) from its models.
  const laptop = brand !== null || model !== null;
  const priced = minCents !== null || maxCents !== null;
  const priceOrder = sort === "price_asc" || sort === "price_desc";
  // One word: its parts by rank and by price are in part_lexeme_ranks' indexes, where the
  // relevance and price orders read their pages. Not with a laptop: PostgreSQL takes the word and
  // the laptop for independent and would walk the word's parts for those of a laptop that few or
  // none of them fit.
  // By price, a word that stands for a few lexemes ('display' | 'displaysid': it begins another
  // word of the catalogue's) walks each one's parts, and the pages are merged.
  const byPrice = tsquery !== null && !laptop && priceOrder ? lexemesOfOneWord(matching!) : null;
  const walked = byPrice !== null && byPrice.length <= WALKED_LEXEMES_MAX ? byPrice : [];
  const lexeme =
    sort === "relevance" && tsquery !== null && !laptop ? oneLexeme(tsquery, matching!) : (walked[0] ?? null);
  // Several words in a price order: the parts of one of them, by price, each checked for the
  // others. A real catalogue's prices follow its kinds: walking every part by price for those with
  // the words ("display panel" cheapest first) passes every cheaper kind first. Which one is
  // chosen when the page is read: the lexeme's value.
  const anchors = tsquery !== null && !laptop && lexeme === null && priceOrder ? requiredLexemes(matching!) : [];
  const values: SearchValues = {
    matching,
    tsquery,
    minCents,
    maxCents,
    brand,
    model,
    lexeme,
    numbered,
    ...(after ? SORTS[sort].after(after) : {}),
  };
  const shape: Shape = {
    sort,
    byLexeme: lexeme !== null,
    anchored: anchors.length > 0,
    read,
    matching: matching !== null,
    inStock,
    min: minCents !== null,
    max: maxCents !== null,
    after: after !== null,
    brand: brand !== null,
    model: model !== null,
    numbered: numbered !== null,
  };
  // Conditions the planner multiplies as if independent: several words, or words and a laptop.
  const matchesFirst = matching !== null && sort !== "relevance" && (laptop || matching.includes("&"));
  const matches = JSON.stringify([
    matching,
    inStock,
    minCents,
    maxCents,
    brand?.toLowerCase() ?? null,
    model?.toLowerCase() ?? null,
  ]);
  // One word and a price range, by relevance, newest or best rated: a real catalogue's prices
  // follow its kinds, so the range may hold few or none of the word's parts where PostgreSQL,
  // taking the two for independent, expects many of them and walks the order's index through
  // the catalogue. The word's parts in the range are read first. (Its price orders walk the
  // word's parts by price, in the range only.)
  const walkedByPrice = lexeme !== null && sort !== "relevance";
  const words = tsquery !== null && !laptop && priced && !walkedByPrice ? lexemesOfOneWord(matching!) : null;
  const wordInRange = words !== null ? { lexemes: words, minCents, maxCents } : null;
  return {
    shape,
    key: shapeKey(shape),
    values,
    sort,
    properties: read,
    matchesFirst,
    matches,
    wordInRange,
    anchors,
    walked,
  };
}
