import type { DataSource, SelectQueryBuilder } from "typeorm";
import { Part } from "../part.entity";
import { ONE_WORD_ORDERS, SORTS, SortKey } from "./sort-orders";

/**
 * What decides a search's SQL: the order, the columns read, which criteria are given, whether it
 * starts after a cursor, and how the planner chose to read it. Two searches of the same shape
 * differ only in their values (see SearchValues), so each shape's SQL is made once.
 */
export interface Shape {
  sort: SortKey;
  /**
   * The page is read from one lexeme's rows of part_lexeme_ranks (the value `lexeme`): a word by
   * relevance, or by price one of the lexemes a word stands for.
   */
  byLexeme: boolean;
  /** Several words in a price order: the page walks one required word's rows of part_lexeme_ranks by price (the value `lexeme`). */
  anchored: boolean;
  /** The properties read (all when undefined), the sort's columns among them. */
  read: readonly (keyof Part)[] | undefined;
  /** A search is given (the values `matching` and `tsquery`). */
  matching: boolean;
  inStock: boolean;
  /** A price bound is given (the values `minCents`, `maxCents`). */
  min: boolean;
  max: boolean;
  /** The page starts after a cursor (the values the sort's `after` names). */
  after: boolean;
  /** A laptop brand or model is given (the values `brand`, `model`). */
  brand: boolean;
  model: boolean;
  /** The search is a part number: its parts (the value `numbered`, their sequence numbers) are the matches. */
  numbered: boolean;
}

/** The values a shape's SQL names. */
export interface SearchValues extends Record<string, unknown> {
  matching: string | null;
  tsquery: string | null;
  minCents: number | null;
  maxCents: number | null;
  brand: string | null;
  model: string | null;
  lexeme: string | null;
  numbered: string[] | null;
}

/** The key its SQL is kept by. */
export const shapeKey = (shape: Shape) =>
  JSON.stringify([
    shape.sort,
    shape.byLexeme,
    shape.anchored,
    shape.read ?? "all",
    shape.matching,
    shape.inStock,
    shape.min,
    shape.max,
    shape.after,
    shape.brand,
    shape.model,
    shape.numbered,
  ]);

/**
 * The statements a shape runs: its page ("page"); its matches in the page's order ("matches in
 * order") or in none, read through the search's index ("matches first"); or the page's rows among
 * parts known to match, whose seq is in the value `among`, in none ("among"). See reading.ts.
 */
export type QueryMode = "page" | "matches in order" | "matches first" | "among";

/**
 * The part fits a laptop of the brand and model given (values named `brand` and `model`), as its
 * row records them: its brands, and its models each alone and with their brand (joined by
 * chr(31), which no text the shop is given holds), lower case. All three share one GIN index with
 * the search's words, so a search with a laptop finds its parts in one scan.
 */
function laptopCondition(brand: boolean, model: boolean): string | null {
  if (model)
    return brand
      ? "part.laptop_models @> ARRAY[lower(:brand) || chr(31) || lower(:model)]"
      : "part.laptop_models @> ARRAY[chr(31) || lower(:model)]";
  return brand ? "part.laptop_brands @> ARRAY[lower(:brand)]" : null;
}

/** The query of a shape's statement, its parameters named as in SearchValues. */
export function partsQuery(db: DataSource, shape: Shape, mode: QueryMode): SelectQueryBuilder<Part> {
  const { sort, byLexeme, anchored, read, matching, inStock } = shape;
  const priced = shape.min || shape.max;
  const laptop = laptopCondition(shape.brand, shape.model);
  const query = db.getRepository(Part).createQueryBuilder("part");
  const joined = mode === "page" && (byLexeme || anchored);
  if (joined) query.innerJoin("part_lexeme_ranks", "ranked", "ranked.seq = part.seq AND ranked.lexeme = :lexeme");
  // Retired parts have left the shop: never found (PartService.list leaves them out too).
  query.where("part.retired_at IS NULL");
  if (read) query.select(read.map((property) => `part.${property}`));
  // Parts already known to match.
  if (mode === "among") query.andWhere("part.seq = ANY(CAST(:among AS bigint[]))");
  // A word's rows in part_lexeme_ranks are its matches; by relevance with a price range the
  // search's GIN index is still a way in (few of them in the range: found with the price's
  // index, then ranked).
  // With several words walked by one's price, each part is checked for the others as the walk
  // meets it: written as the operator's function, which no index serves, so that PostgreSQL does
  // not read every match through the GIN index first (it underestimates how many parts have all
  // the words, and that read is much slower than the walk).
  else if (joined && anchored) query.andWhere("ts_match_vq(part.search_document, CAST(:matching AS tsquery))");
  else if (matching && (!byLexeme || (sort === "relevance" && priced)))
    query.andWhere("part.search_document @@ CAST(:matching AS tsquery)");
  if (shape.numbered) query.andWhere("part.seq = ANY(CAST(:numbered AS bigint[]))");
  if (inStock) query.andWhere("part.available >= part.minOrderQuantity");
  // The price orders walk part_lexeme_ranks by price: the range bounds that walk.
  const price = joined && sort !== "relevance" ? "ranked.price_cents" : "part.priceCents";
  if (shape.min) query.andWhere(`${price} >= :minCents`);
  if (shape.max) query.andWhere(`${price} <= :maxCents`);
  if (laptop !== null) query.andWhere(laptop);
  ((joined ? ONE_WORD_ORDERS[sort] : null) ?? SORTS[sort]).apply(query, shape.after);
  // Matches read for their own sake come in no order: the page orders them afterwards.
  if (mode === "matches first" || mode === "among") query.orderBy();
  return query;
}
