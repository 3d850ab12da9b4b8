import type { DataSource } from "typeorm";
import { slugOf } from "./slug";

/** The most addresses one sitemap file may list (sitemaps.org); past it, sitemap.xml is an index of files. */
export const SITEMAP_FILE_LIMIT = 50_000;

/** One public page of the shop as a search engine is told of it. */
export interface SitemapEntry {
  /** Its path on the shop: /, /parts, /p/{slug}, /products/{slug}. */
  path: string;
  /** When it last changed as far as the shop records it; null for the listing pages. */
  lastModified: Date | null;
}

/** The pages every sitemap starts with: the home page and the catalogue. */
const LISTING_PATHS = ["/", "/parts"];

/** Rows read per query: a file of 50,000 addresses streams out in 25 short queries, holding no connection between them. */
const BATCH_ROWS = 2000;

// Parts on sale in catalogue order, then every new arrival: (kind, seq) orders them and resumes a batch.
const PUBLIC_RECORDS = `
  SELECT 0 AS kind, seq, id, name, created_at FROM parts WHERE retired_at IS NULL
  UNION ALL
  SELECT 1 AS kind, seq, id, name, created_at FROM products`;

interface RecordRow {
  kind: number;
  seq: string;
  id: string;
  name: string;
  created_at: Date;
}

const entryOf = (row: RecordRow): SitemapEntry => ({
  path: `${row.kind === 0 ? "/p/" : "/products/"}${slugOf(row.name, row.id)}`,
  lastModified: row.created_at,
});

/**
 * What search engines are told the shop has: the listing pages, every part on sale and every new
 * arrival, at their public addresses. A retired part is left out from the moment it is retired.
 */
export class SitemapService {
  constructor(
    private readonly db: DataSource,
    /** How many addresses go in one file (a test makes it small to see the index). */
    readonly fileLimit = SITEMAP_FILE_LIMIT,
  ) {}

  /** How many sitemap files the shop's public pages take: 1 means sitemap.xml lists them itself. */
  async fileCount(): Promise<number> {
    const [{ count }]: Array<{ count: string }> = await this.db.query(
      `SELECT count(*) AS count FROM (${PUBLIC_RECORDS}) records`,
    );
    return Math.max(1, Math.ceil((LISTING_PATHS.length + Number(count)) / this.fileLimit));
  }

  /**
   * The addresses of one file (numbered from 1), in batches as they are read; a file past the last
   * one is empty.
   */
  async *file(number: number): AsyncGenerator<SitemapEntry[]> {
    let start = (number - 1) * this.fileLimit;
    let left = this.fileLimit;
    const listings = LISTING_PATHS.slice(start, start + left).map((path) => ({ path, lastModified: null }));
    if (listings.length > 0) yield listings;
    left -= listings.length;
    start = Math.max(0, start - LISTING_PATHS.length);
    let after: RecordRow | null = null;
    while (left > 0) {
      const limit = Math.min(BATCH_ROWS, left);
      const rows: RecordRow[] = after
        ? await this.db.query(
            `SELECT * FROM (${PUBLIC_RECORDS}) records WHERE (kind, seq) > ($1, $2) ORDER BY kind, seq LIMIT $3`,
            [after.kind, after.seq, limit],
          )
        : await this.db.query(`SELECT * FROM (${PUBLIC_RECORDS}) records ORDER BY kind, seq OFFSET $1 LIMIT $2`, [
            start,
            limit,
          ]);
      if (rows.length === 0) return;
      yield rows.map(entryOf);
      left -= rows.length;
      after = rows[rows.length - 1];
      if (rows.length < limit) return;
    }
  }
}
