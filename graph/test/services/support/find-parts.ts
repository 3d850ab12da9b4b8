import crypto from "node:crypto";
import type { DataSource } from "typeorm";
import { afterAll, expect, vi } from "vitest";
import { requestStats, type RequestStats } from "../../../src/db/request-stats";
import { seedIfEmpty } from "../../../src/db/seed";
import { CompatibilityService } from "../../../src/domain/catalogue/compatibility.service";
import { type PartCriteria, PartSearchService } from "../../../src/domain/catalogue/part-search.service";
import type { Part } from "../../../src/domain/catalogue/part.entity";
import { PartService } from "../../../src/domain/catalogue/part.service";
import { ReviewService } from "../../../src/domain/catalogue/review.service";
import { SearchQueriesMemo } from "../../../src/domain/catalogue/search/search-queries";
import { ChangeFeed } from "../../../src/domain/change-feed";
import type { Page } from "../../../src/domain/pagination";
import { database } from "./services";

/*
 * The catalogue's search on the file's database, seeded with the shop's catalogue as a new shop
 * is: PartSearchService wired as createServices wires it, its memo of tsqueries on a change feed
 * listening to that database (so a catalogue write is heard as the shop hears it).
 */

const feeds: ChangeFeed[] = [];
// Registered after services.ts's (imported above), so run before it drops the database.
afterAll(async () => {
  for (const feed of feeds) await feed.stop();
});

const SILENT_EVENTS_LOG = { warn: () => undefined, info: () => undefined };

export interface Catalogue {
  db: DataSource;
  parts: PartService;
  partSearch: PartSearchService;
  compatibility: CompatibilityService;
  reviews: ReviewService;
}

/** The seeded catalogue's services, once the change feed is live (the memo keeps nothing before). */
export async function catalogueServices(): Promise<Catalogue> {
  const db = await database();
  await seedIfEmpty(db, () => undefined);
  const events = new ChangeFeed().listenTo((db.options as { url: string }).url, SILENT_EVENTS_LOG);
  feeds.push(events);
  await vi.waitFor(
    () => {
      if (!events.isLive) throw new Error("the change feed is not live yet");
    },
    { timeout: 10_000, interval: 20 },
  );
  const parts = new PartService(db);
  return {
    db,
    parts,
    partSearch: new PartSearchService(db, parts, new SearchQueriesMemo(events)),
    compatibility: new CompatibilityService(db),
    reviews: new ReviewService(db),
  };
}

/** What `work` answers, and the SQL statements it ran (as the shop counts a request's, X-Sql-Queries). */
export async function counted<T>(work: () => Promise<T>): Promise<{ result: T; count: number; sql: string }> {
  const stats: RequestStats = { sqlQueries: 0, statements: [] };
  const result = await requestStats.run(stats, work);
  return { result, count: stats.sqlQueries, sql: stats.statements!.map((statement) => statement.sql).join("\n") };
}

/** The names of every part `criteria` finds, page by page (at most 100 pages). */
export async function everyPage(search: PartSearchService, criteria: PartCriteria, first = 2): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 100; page++) {
    const { edges, pageInfo }: Page<Part> = await search.find(criteria, { first, after });
    expect(edges.length).toBeLessThanOrEqual(first);
    seen.push(...edges.map((edge) => edge.node.name));
    if (!pageInfo.hasNextPage) return seen;
    after = pageInfo.endCursor;
  }
  throw new Error("more than 100 pages");
}

/** A word no other part has: lower-case letters only, so typo correction applies to it. */
export const uniqueWord = (length = 9) =>
  Array.from(crypto.randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26)))
    .join("")
    .replace(/^./, "q");

export interface TestPart {
  name: string;
  shortDesc?: string;
  priceCents?: number;
  available?: number;
  minOrderQuantity?: number;
}

/** Inserts parts (in this order, so later ones are newer) and answers their ids. */
export async function insertParts(db: DataSource, parts: TestPart[]): Promise<string[]> {
  const ids: string[] = [];
  for (const part of parts) {
    const [row] = await db.query(
      `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
       VALUES ($1, '/images/parts/dc-jack.svg', $2, $3, $4, $5) RETURNING id`,
      [
        part.name,
        part.priceCents ?? 1000,
        part.available ?? 100,
        part.minOrderQuantity ?? 1,
        part.shortDesc ?? "A part made by a test",
      ],
    );
    ids.push(row.id);
  }
  return ids;
}
