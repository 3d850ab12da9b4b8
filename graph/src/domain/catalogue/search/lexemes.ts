import { LRUCache } from "lru-cache";
import type { DataSource } from "typeorm";
import { runStatement } from "../../../db/prepared";

/*
 * What a search's words are, read from the text of its tsqueries (see search-queries.ts): the
 * typo correction and the prefixes written as the catalogue's lexemes are part_search_queries'
 * work in the database; here the planner only recognises the few forms it has a faster way for.
 */

/** The terms of a tsquery's text that is only terms or'ed (`'a' | 'b':*`); null for any other. */
export function termsOf(query: string): Array<{ lexeme: string; prefix: boolean }> | null {
  const terms = query.split(" | ").map((term) => /^'([^'\\]+)'(:\*)?$/.exec(term));
  return terms.every((term) => term !== null)
    ? terms.map((term) => ({ lexeme: term![1], prefix: term![2] !== undefined }))
    : null;
}

/**
 * The lexeme of a search that finds one lexeme: matched as `'lexeme'` (or that, or'ed with
 * itself), ranked by the lexeme and prefixes of it (`'lenov':* | 'lenovo'`: a word partly typed,
 * and the typo correction's reading of it). search_lexemes has every lexeme with a letter that a
 * document has had, so a prefix that part_search_queries wrote as that one lexeme begins no other
 * word of any part; ts_rank averages what each term finds in a document, so each part ranks as for
 * the lexeme alone. Null for anything else (several words, or a typo read as another word).
 */
export function oneLexeme(tsquery: string, matching: string): string | null {
  const matched = termsOf(matching);
  const lexeme = matched?.[0].lexeme;
  if (!matched || matched.some((term) => term.prefix || term.lexeme !== lexeme)) return null;
  const ranked = termsOf(tsquery);
  return ranked?.every((term) => (term.prefix ? lexeme!.startsWith(term.lexeme) : term.lexeme === lexeme))
    ? lexeme!
    : null;
}

/**
 * The lexemes of a search that matches any of them (`'display' | 'displaysid'`: one word, and the
 * catalogue's words it begins): its matches are the parts with one of them. Null for any other.
 */
export function lexemesOfOneWord(matching: string): string[] | null {
  const terms = termsOf(matching);
  return terms && !terms.some((term) => term.prefix) ? [...new Set(terms.map((term) => term.lexeme))] : null;
}

/**
 * The lexemes every match of several words has: the words of `matching` (`( 'display' |
 * 'displaysid' ) & 'panel'`) found as one lexeme alone. None for one word, or when the words are
 * not all required (an `|` outside parentheses: `'a' | 'b' & 'c'`).
 */
export function requiredLexemes(matching: string): string[] {
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

/**
 * How long a count of the parts with a lexeme is kept: it only picks which word's parts a search
 * of several words walks by price, never what it answers.
 */
const LEXEME_COUNTS_KEPT_MS = 10 * 60_000;

/** How many parts have each lexeme, as last counted in part_lexeme_ranks. */
export class LexemeCounts {
  private readonly partsWith = new LRUCache<string, number>({ max: 10_000, ttl: LEXEME_COUNTS_KEPT_MS });

  constructor(private readonly db: DataSource) {}

  /**
   * Of several lexemes, the one the fewest parts have: a search of several words by price walks
   * its parts by price and checks each for the other words. The longest word is not always it
   * ("lenovo ssd" cheapest first would walk Lenovo's fans, hinges and chargers to its first SSD,
   * slower than walking every part by price).
   */
  async rarest(lexemes: string[]): Promise<string> {
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
}
