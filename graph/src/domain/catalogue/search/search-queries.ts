import { LRUCache } from "lru-cache";
import type { DataSource } from "typeorm";
import { runStatement } from "../../../db/prepared";
import type { ChangeFeed } from "../../change-feed";
import { searchedNumberKey } from "../part-numbers";

/**
 * What `part_search_queries` makes of a search (see db/schema.sql): `query`, the words as typed,
 * each a prefix of longer words and or'ed with the catalogue's closest words when it may be a
 * typo, which ranks; `match`, the same with each prefix written as the catalogue's lexemes it
 * begins, which finds the same parts faster. Both null: nothing searchable (stop words only).
 * `numbered`: the sequence number of the part whose number (its own or an alternative one) the
 * search is, however typed (part-numbers.ts); empty when it is none. (A list, as the key's lookup
 * answers: a number names one part.)
 */
export interface SearchQueries {
  query: string | null;
  match: string | null;
  numbered: string[];
}

/**
 * The search's tsqueries, and the part its text is the number of, looked up in one statement (a
 * search costs its lookup and its page: the number's is an index probe beside the tsqueries).
 */
export async function lookUpSearchQueries(db: DataSource, search: string): Promise<SearchQueries> {
  const [queries] = await runStatement<SearchQueries>(
    db,
    `SELECT query::text AS query, match::text AS match,
            ARRAY(SELECT p.seq::text FROM part_number_keys k JOIN parts p ON p.id = k.part_id WHERE k.key = $2) AS numbered
     FROM part_search_queries($1)`,
    [search, searchedNumberKey(search)],
  );
  return queries;
}

/**
 * The tables a search's lookup reads besides its fixed dictionaries: the words typos are corrected
 * to, the lexemes prefixes stand for, and the parts' numbers. Their triggers announce a change
 * naming the table.
 */
const VOCABULARY_TABLES = new Set(["search_words", "search_lexemes", "part_number_keys"]);

/**
 * The tsqueries of each search text met, kept until the search vocabulary changes. They are a
 * function of the text and the vocabulary only; a stock or price change (every order is one)
 * leaves them. Looking them up is a large share of a search's work in PostgreSQL (more with a typo
 * to correct), and would be repeated for every next page of a search and every filter tried on it.
 *
 * The rules of the shop's other in-memory copies (api/notified-cache.ts): nothing is kept or used
 * while the change feed is down; a value is kept only if no vocabulary change was heard while it
 * was computed; a kept value is used only once every change committed before the request has
 * been heard, so a search after a catalogue write sees the vocabulary that write made.
 */
export class SearchQueriesMemo {
  private generation = 0;
  private readonly known = new LRUCache<string, SearchQueries>({ max: 10_000 });

  constructor(private readonly events: ChangeFeed) {
    events.subscribe(["catalogue"], ({ key }) => {
      if (key !== undefined && !VOCABULARY_TABLES.has(key)) return;
      this.generation++;
      this.known.clear();
    });
  }

  /** The tsqueries of `search`: kept ones when fresh, else `compute`d (and kept when nothing changed meanwhile). */
  async of(search: string, compute: () => Promise<SearchQueries>): Promise<SearchQueries> {
    // Heard first, kept or not: a change committed earlier but heard after the computing would
    // clear what was just kept, and the next page of the same search would look it up again.
    const fresh =
      this.events.isLive && (await new Promise<boolean>((resolve) => this.events.afterPendingChanges(resolve)));
    const kept = fresh ? this.known.get(search) : undefined;
    if (kept) return kept;
    const generation = this.generation;
    const live = fresh && this.events.isLive;
    const computed = await compute();
    if (live && this.events.isLive && generation === this.generation) this.known.set(search, computed);
    return computed;
  }
}
