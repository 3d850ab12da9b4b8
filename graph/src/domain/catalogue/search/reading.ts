import { LRUCache } from "lru-cache";
import type { DataSource } from "typeorm";
import { runStatement } from "../../../db/prepared";
import { entitiesOfRows } from "../../pagination";
import type { Part } from "../part.entity";
import { LexemeCounts } from "./lexemes";
import type { Plan } from "./plan";
import { orderOfRows, Rows, ShapeStatements } from "./statements";

/**
 * How many matches a search with several conditions reads through its GIN index before it lets an
 * order's index find its page instead.
 */
export const MATCHES_READ_FIRST = 2000;
/**
 * How many of a word's parts in a price range are read before the order's index is walked
 * instead: a range with more of them holds enough that the walk meets a page of them soon.
 */
export const WORD_IN_RANGE_READ_FIRST = 500;
/**
 * How long a search is remembered to have had more matches than MATCHES_READ_FIRST, so that its
 * next pages and other orders walk at once: only how it is read depends on it, never what it answers.
 */
const MANY_MATCHES_KEPT_MS = 60_000;

/**
 * Reads a plan's rows by the fastest way in it allows; every way gives the same rows in the same
 * order, and the cursors of the plan's sort.
 *
 * A search whose conditions describe the same laptops ("thinkpad" with the brand Dell, or the
 * words "thinkpad macbook") is planned by PostgreSQL as if they were independent: it expects
 * hundreds of parts to match, walks an order's index for the first page and, when few or none
 * match, reads the whole catalogue. Such a search first reads its matches through the GIN index,
 * at most MATCHES_READ_FIRST of them: fewer, and they are all the matches, ordered here in one
 * statement; as many, and they are common enough that walking the order's index usually finds a
 * page soon (not when the order puts them last).
 *
 * One word and a price range (Plan.wordInRange) are read the same way from the word's parts by
 * price, which part_lexeme_ranks has: the parts of a real catalogue's kind sit in a few price
 * ranges, and a range none of the word's parts are in would be walked through the whole catalogue.
 */
export class SearchReader {
  private readonly statements: ShapeStatements;
  private readonly lexemeCounts: LexemeCounts;
  /** The matches (Plan.matches) of searches found to have more than MATCHES_READ_FIRST parts. */
  private readonly manyMatches = new LRUCache<string, true>({ max: 10_000, ttl: MANY_MATCHES_KEPT_MS });

  constructor(private readonly db: DataSource) {
    this.statements = new ShapeStatements(db);
    this.lexemeCounts = new LexemeCounts(db);
  }

  /** The first `limit` rows of a plan, and the parts they are. */
  async rowsOf(plan: Plan, limit: number): Promise<Rows> {
    // Read every time (an index-only read of at most WORD_IN_RANGE_READ_FIRST rows): remembered,
    // a range that a price change emptied would be walked through the catalogue meanwhile.
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
    const values =
      plan.anchors.length > 0 ? { ...plan.values, lexeme: await this.lexemeCounts.rarest(plan.anchors) } : plan.values;
    return this.statements.rows(this.statements.of(plan, "page", values), values, limit, plan.properties);
  }

  /**
   * The sequence numbers of the parts with any of the lexemes in a price range, from
   * part_lexeme_ranks' index by word and price; all of them when there are fewer than
   * WORD_IN_RANGE_READ_FIRST rows, else that many rows' worth.
   */
  private async partsOfWordsInRange({
    lexemes,
    minCents,
    maxCents,
  }: NonNullable<Plan["wordInRange"]>): Promise<string[]> {
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
  private async matchesFirst(plan: Plan, limit: number, among?: string[]): Promise<Rows | null> {
    const values = among ? { ...plan.values, among } : plan.values;
    // The order as the matches' own columns give it (a page's may be read from part_lexeme_ranks).
    const ordered = this.statements.of(plan, "matches in order", plan.values).query;
    const statement = this.statements.of(plan, among ? "among" : "matches first", values);
    const parameters = statement.names.map((name) => values[name]);
    const cap = parameters.push(MATCHES_READ_FIRST);
    const page = parameters.push(limit);
    // A subquery with a LIMIT is planned on its own, without the order: for words and a laptop the
    // planner reads the matches through the GIN index (a CTE does the same, at a higher cost).
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
  private async mergedByPrice(plan: Plan, limit: number): Promise<Rows> {
    const statement = this.statements.of(plan, "page", plan.values);
    const rows: Array<{ raw: Record<string, unknown>; entity: Part }> = [];
    for (const lexeme of plan.walked) {
      const { raw, entities } = await this.statements.rows(
        statement,
        { ...plan.values, lexeme },
        limit,
        plan.properties,
      );
      entities.forEach((entity, index) => rows.push({ raw: raw[index], entity }));
    }
    const direction = plan.sort === "price_desc" ? -1 : 1;
    const bySeq = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);
    rows.sort((a, b) => direction * (a.entity.priceCents - b.entity.priceCents || bySeq(a.entity.seq, b.entity.seq)));
    const page = rows
      .filter((row, index) => index === 0 || row.entity.seq !== rows[index - 1].entity.seq)
      .slice(0, limit);
    return { raw: page.map((row) => row.raw), entities: page.map((row) => row.entity) };
  }
}
