import type { SelectQueryBuilder } from "typeorm";
import type { Part } from "../part.entity";

/**
 * How a list of parts is sorted and paged. Each sort is a keyset: the cursor of a part records its
 * sort key, and the next page starts strictly after that key, so a page reads from an index
 * wherever the key is, never counting past the rows before it.
 */
export type SortKey = "catalogue" | "relevance" | "price_asc" | "price_desc" | "newest" | "rating";

export interface Sort {
  /** The columns it orders by: a page that reads only some columns reads these too. */
  columns: readonly (keyof Part)[];
  /** Orders the query and, after a cursor, keeps only what comes after it (its key's values named as `after` names them). */
  apply(query: SelectQueryBuilder<Part>, afterCursor: boolean): void;
  /** A cursor's key as the values `apply` names. */
  after(key: string[]): Record<string, string>;
  /** The cursor's key for a part of the page. */
  key(part: Part, raw: Record<string, unknown>): string[];
}

export const SORTS: Record<SortKey, Sort> = {
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
    // the same parts first at several times the cost.
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
      if (afterCursor)
        query.andWhere(
          "(part.ratingAverage, part.reviewCount, part.seq) < (CAST(:afterAverage AS numeric), :afterCount, :afterSeq)",
        );
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
      query.andWhere(
        "(ranked.rank < CAST(:afterRank AS real) OR (ranked.rank = CAST(:afterRank AS real) AND ranked.seq > :afterSeq))",
      );
    }
    query.orderBy("ranked.rank", "DESC").addOrderBy("ranked.seq", "ASC");
  },
};

/**
 * The price orders of a one-word search, read by price: part_lexeme_ranks keeps each part's price
 * beside its words, the same as its row's, so the cursors are the price orders' own. The range
 * bounds, on the same column, bound the index scan.
 */
const ONE_WORD_BY_PRICE = (direction: "ASC" | "DESC"): Sort => ({
  ...SORTS[direction === "ASC" ? "price_asc" : "price_desc"],
  apply(query, afterCursor) {
    if (afterCursor)
      query.andWhere(`(ranked.price_cents, ranked.seq) ${direction === "ASC" ? ">" : "<"} (:afterCents, :afterSeq)`);
    query.orderBy("ranked.price_cents", direction).addOrderBy("ranked.seq", direction);
  },
});

/** The orders a page joined to one word's rows of part_lexeme_ranks reads from there; the others read the part's row. */
export const ONE_WORD_ORDERS: Partial<Record<SortKey, Sort>> = {
  relevance: ONE_WORD_RANKED,
  price_asc: ONE_WORD_BY_PRICE("ASC"),
  price_desc: ONE_WORD_BY_PRICE("DESC"),
};

/** What each sort's cursor holds, in its key's order. */
const CURSOR_SHAPES: Record<SortKey, RegExp[]> = {
  catalogue: [/^\d{1,18}$/],
  newest: [/^\d{1,18}$/],
  // A real in its shortest exact decimal form, as JavaScript or (in older cursors) PostgreSQL prints it.
  relevance: [/^\d{1,3}(\.\d{1,20})?(e-\d{1,2})?$/, /^\d{1,18}$/],
  price_asc: [/^\d{1,10}$/, /^\d{1,18}$/],
  price_desc: [/^\d{1,10}$/, /^\d{1,18}$/],
  rating: [/^\d\.\d{2}$/, /^\d{1,10}$/, /^\d{1,18}$/],
};

/** The cursor of a part whose sort key is `key`: the sort's name and the key, opaque to clients. */
export const encodeCursor = (sort: SortKey, key: string[]) =>
  Buffer.from(JSON.stringify([sort, ...key])).toString("base64url");

/** The sort key a cursor holds; null when it is not a cursor of this sort (another order's, or not one at all). */
export function decodeCursor(cursor: string, sort: SortKey): string[] | null {
  let decoded: unknown = null;
  try {
    decoded = /^[A-Za-z0-9_-]{1,200}$/.test(cursor)
      ? JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"))
      : null;
  } catch {
    // not JSON: not a cursor
  }
  const shapes = CURSOR_SHAPES[sort];
  if (
    !Array.isArray(decoded) ||
    decoded[0] !== sort ||
    decoded.length !== shapes.length + 1 ||
    !shapes.every((shape, index) => typeof decoded[index + 1] === "string" && shape.test(decoded[index + 1]))
  ) {
    return null;
  }
  return decoded.slice(1) as string[];
}
