import { DataSource } from "typeorm";
import { likePattern } from "./text-search";

/*
 * Which parts of a search to look names up by, from PostgreSQL's statistics of the names' trigrams.
 *
 * pg_trgm's GIN index answers `name ILIKE '%text%'` by reading the posting list of every trigram of
 * the text. Most trigrams of a part's name are common ("for", the brands' and kinds' words), so a
 * whole name read about 35 lists of up to 100,000 entries: 6 ms at the scale seed. A window is one
 * word of the search with the characters around it ("% N%", "%Webcam %"): a few of the rarest find
 * the same names and some more by a few short lists, and the whole pattern then checks each of
 * those (2.4 ms for the same name; 3.5 ms against 7.8 on average over the benchmark's searches).
 * Statistics only decide how names are looked up, never which match: a window is a substring of
 * the search, so every name containing the search contains it.
 */

/** Rechecking one name costs about as much as reading this many posting-list entries (1.6–2.4 µs against 25 ns, measured at the scale seed). */
const RECHECK_IN_ENTRIES = 100;
/** A bound on the lists read, whatever the estimates say. */
const MAX_WINDOWS = 3;
/** ANALYZE (autovacuum's or anyone's) refreshes the statistics; they are read again this often. */
const STATISTICS_MAX_AGE_MS = 10 * 60_000;

/** The share of names that have each trigram, and the share assumed for a trigram not listed (at most the rarest listed). */
export interface TrigramShares {
  listed: ReadonlyMap<string, number>;
  unlisted: number;
}

/** A word of the search with the characters that bound it, and the trigrams pg_trgm takes from it in a LIKE pattern. */
interface Window {
  text: string;
  trigrams: string[];
  /** The word's place in the search. */
  position: number;
}

const isAsciiSeparator = (char: string | undefined) => char !== undefined && char < "\u0080" && !/[a-z0-9]/i.test(char);

/**
 * pg_trgm's trigrams of a word in a LIKE pattern: the word in lower case, padded with two spaces in
 * front and one after, where a separator bounds it (a `%` around the pattern does not). Only ASCII
 * letters and digits make words here: whether pg_trgm counts another letter as one depends on the
 * database's locale, and a window whose trigrams are fewer than pg_trgm's is still right.
 */
function windowsOf(search: string): Window[] {
  return Array.from(search.matchAll(/[a-z0-9]+/gi), (match, position) => {
    const start = match.index;
    const end = start + match[0].length;
    const left = isAsciiSeparator(search[start - 1]);
    const right = isAsciiSeparator(search[end]);
    const padded = `  ${match[0].toLowerCase()} `;
    const trigrams = new Set<string>();
    for (let i = 0; i + 3 <= padded.length; i++) {
      const trigram = padded.slice(i, i + 3);
      if ((left || !trigram.startsWith(" ")) && (right || !trigram.endsWith(" "))) trigrams.add(trigram);
    }
    return { text: search.slice(left ? start - 1 : start, right ? end + 1 : end), trigrams: [...trigrams], position };
  });
}

/**
 * The LIKE patterns to look names containing `search` up by. The cost of a lookup, in posting-list
 * entries per name: the lists it reads, plus RECHECK_IN_ENTRIES for each name it leaves to check.
 * Windows are added one at a time, each time the one that lowers that cost most, while one does.
 * The names left are the product of the windows' shares, words taken as independent, except
 * neighbours: a word next to one already chosen is taken to narrow nothing ("Memory module",
 * "Dell Latitude" go together). Empty when the lookup would be the whole search, or nothing: the
 * whole pattern is as good.
 */
export function lookupPatterns(search: string, shares: TrigramShares): string[] {
  const shareOf = (trigram: string) => shares.listed.get(trigram) ?? shares.unlisted;
  const candidates = windowsOf(search)
    .filter((window) => window.trigrams.length > 0)
    .map((window) => {
      const each = window.trigrams.map(shareOf);
      return { ...window, share: Math.min(...each), reading: each.reduce((sum, share) => sum + share, 0) };
    });
  const chosen: typeof candidates = [];
  let left = 1;
  const narrowing = (candidate: (typeof candidates)[number]) =>
    chosen.some((window) => Math.abs(window.position - candidate.position) === 1) ? 1 : candidate.share;
  const gain = (candidate: (typeof candidates)[number]) => left * (1 - narrowing(candidate)) * RECHECK_IN_ENTRIES - candidate.reading;
  while (chosen.length < MAX_WINDOWS && candidates.length > 0) {
    const best = candidates.reduce((a, b) => (gain(b) > gain(a) ? b : a));
    if (chosen.length > 0 && gain(best) <= 0) break;
    left *= narrowing(best);
    chosen.push(best);
    candidates.splice(candidates.indexOf(best), 1);
  }
  if (chosen.length === 1 && chosen[0].text === search) return [];
  return chosen.map((window) => likePattern(window.text));
}

/**
 * The trigram shares of an expression's extended statistics (`CREATE STATISTICS name ON
 * (show_trgm(column))`), read at most every STATISTICS_MAX_AGE_MS; null until ANALYZE has made
 * them, or where the database does not show them to the shop's role (pg_stats_ext_exprs shows a
 * table's statistics to its owner).
 */
export class TrigramStatistics {
  private current: Promise<TrigramShares | null> | null = null;
  private readAt = 0;

  constructor(
    private readonly db: DataSource,
    private readonly statisticsName: string,
  ) {}

  shares(): Promise<TrigramShares | null> {
    if (!this.current || Date.now() - this.readAt > STATISTICS_MAX_AGE_MS) {
      this.readAt = Date.now();
      this.current = this.read().catch(() => null);
    }
    return this.current;
  }

  private async read(): Promise<TrigramShares | null> {
    const [row]: Array<{ trigrams: string[] | null; shares: number[] | null }> = await this.db.query(
      `SELECT most_common_elems::text::text[] AS trigrams, most_common_elem_freqs AS shares FROM pg_stats_ext_exprs
       WHERE statistics_schemaname = current_schema() AND statistics_name = $1`,
      [this.statisticsName],
    );
    if (!row?.trigrams || !row.shares) return null;
    const { trigrams, shares } = row;
    // After the listed elements' shares come the lowest and highest of them and the nulls' share.
    return { listed: new Map(trigrams.map((trigram, i) => [trigram, shares[i]])), unlisted: shares[trigrams.length] };
  }
}
