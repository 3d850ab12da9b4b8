import { DataSource } from "typeorm";
import { likePattern } from "./text-search";

/*
 * Which parts of a search to look names up by, from PostgreSQL's statistics of the names' trigrams.
 *
 * pg_trgm's GIN index answers `name ILIKE '%text%'` by reading the posting list of every trigram of
 * the text. Most trigrams of a part's name are common ("for", the brands' and kinds' words), so a
 * whole name read dozens of long lists at the scale seed. A window is the
 * rarest trigram of one word of the search, as the part of the search that gives pg_trgm that
 * trigram alone ("%Bat%", "% N%"): a few windows of the rarest words find the same names and some
 * more by a few short lists, and the whole pattern then checks each of those (several times
 * faster than whole names or whole words over the benchmark's searches).
 * Statistics only decide how names are looked up, never which match: a window is a substring of
 * the search, so every name containing the search contains it.
 */

/** Rechecking one name costs about as much as reading this many posting-list entries (1.6–2.4 µs against 25 ns, measured at the scale seed). */
const RECHECK_IN_ENTRIES = 100;
/** A bound on the lists read, whatever the estimates say. */
const MAX_WINDOWS = 3;
/** The words whose sets of windows are weighed: the rarest this many (298 sets at most). */
const CANDIDATE_WORDS = 12;
/** ANALYZE (autovacuum's or anyone's) refreshes the statistics; they are read again this often. */
const STATISTICS_MAX_AGE_MS = 10 * 60_000;

/** The share of names that have each trigram, and the share assumed for a trigram not listed (at most the rarest listed). */
export interface TrigramShares {
  listed: ReadonlyMap<string, number>;
  unlisted: number;
}

/** A part of the search to look names up by, and the one trigram pg_trgm takes from it in a LIKE pattern. */
interface Window {
  text: string;
  trigram: string;
  /** The place in the search of the word it is taken from. */
  position: number;
}

const isAsciiSeparator = (char: string | undefined) => char !== undefined && char < "\u0080" && !/[a-z0-9]/i.test(char);

/**
 * The words of the search (only ASCII letters and digits make words here: whether pg_trgm counts
 * another letter as one depends on the database's locale, and a window whose trigrams are fewer
 * than pg_trgm's is still right), each with the trigrams pg_trgm takes from it in a LIKE pattern:
 * the word in lower case, padded with two spaces in front and one after where a separator bounds
 * it (a `%` around the pattern does not), and, for each of those trigrams, the shortest part of
 * the search that gives pg_trgm that one trigram ("%bat%", "% a%", "%ry %").
 */
function wordsOf(search: string): Array<{ position: number; trigrams: string[]; windows: Window[] }> {
  return Array.from(search.matchAll(/[a-z0-9]+/gi), (match, position) => {
    const word = match[0];
    const start = match.index;
    const end = start + word.length;
    const before = isAsciiSeparator(search[start - 1]) ? search[start - 1] : null;
    const after = isAsciiSeparator(search[end]) ? search[end] : null;
    const lower = word.toLowerCase();
    const windows: Window[] = [];
    const window = (text: string, trigram: string) => windows.push({ text, trigram, position });
    if (before !== null) window(before + word[0], `  ${lower[0]}`);
    for (let i = 0; i + 3 <= word.length; i++) window(word.slice(i, i + 3), lower.slice(i, i + 3));
    if (after !== null && word.length >= 2) window(word.slice(-2) + after, `${lower.slice(-2)} `);
    // Every trigram of the padded word that pg_trgm keeps for the whole search.
    const padded = `  ${lower} `;
    const trigrams = new Set<string>();
    for (let i = 0; i + 3 <= padded.length; i++) {
      const trigram = padded.slice(i, i + 3);
      if ((before !== null || !trigram.startsWith(" ")) && (after !== null || !trigram.endsWith(" ")))
        trigrams.add(trigram);
    }
    return { position, trigrams: [...trigrams], windows };
  });
}

/**
 * The LIKE patterns to look names containing `search` up by. The cost of a lookup, in posting-list
 * entries per name: the lists it reads, plus RECHECK_IN_ENTRIES for each name it leaves to check.
 * The words of a name go together more than its trigrams do apart: a word's trigrams are taken to
 * narrow no more than its rarest one, so a word is looked up by that one trigram alone, at a
 * fraction of the lists of the whole word ("%Bat%" finds about the names "%Battery %" does).
 * Neighbouring words are taken to go together too ("Memory module", "Dell Latitude"), other words
 * as independent. Of those windows, the set of at most MAX_WINDOWS with the lowest cost is taken,
 * unless the whole search costs less (a single word). Empty when the whole search is as good.
 */
export function lookupPatterns(search: string, shares: TrigramShares): string[] {
  const shareOf = (trigram: string) => shares.listed.get(trigram) ?? shares.unlisted;
  const words = wordsOf(search);
  // Each word's rarest window; of those, the CANDIDATE_WORDS rarest, in the search's order.
  const rarest = words
    .flatMap(({ windows }) =>
      windows.length
        ? [windows.reduce((best, window) => (shareOf(window.trigram) < shareOf(best.trigram) ? window : best))]
        : [],
    )
    .sort((a, b) => shareOf(a.trigram) - shareOf(b.trigram))
    .slice(0, CANDIDATE_WORDS)
    .sort((a, b) => a.position - b.position);
  const costOf = (set: Window[]) => {
    let reading = 0;
    let left = 1;
    let cluster = { position: -2, share: 1 };
    for (const window of set) {
      const share = shareOf(window.trigram);
      reading += share;
      if (window.position - cluster.position === 1)
        cluster = { position: window.position, share: Math.min(cluster.share, share) };
      else {
        left *= cluster.share;
        cluster = { position: window.position, share };
      }
    }
    return reading + left * cluster.share * RECHECK_IN_ENTRIES;
  };
  let best: Window[] = [];
  // The whole search reads every list and leaves (about) nothing to check.
  let bestCost = [...new Set(words.flatMap((word) => word.trigrams))].reduce(
    (sum, trigram) => sum + shareOf(trigram),
    0,
  );
  // At most one window a word, in the search's order.
  const consider = (set: Window[], from: number) => {
    if (set.length > 0) {
      const cost = costOf(set);
      if (cost < bestCost) [best, bestCost] = [set, cost];
    }
    if (set.length === MAX_WINDOWS) return;
    for (let i = from; i < rarest.length; i++) consider([...set, rarest[i]], i + 1);
  };
  consider([], 0);
  return best.map((window) => likePattern(window.text));
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
