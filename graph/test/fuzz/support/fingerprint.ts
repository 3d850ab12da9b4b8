import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { shop } from "../../support/client";

/**
 * Tables whose rows legitimately change on refused requests: rate_limits counts every request,
 * refused ones included; migrations is the schema's own bookkeeping.
 */
const NOT_SHOP_DATA = ["rate_limits", "migrations"];

/** Per shop table: its row count and the md5 of its rows in a stable order (every column compared). */
export type Fingerprint = Record<string, string>;

/**
 * A cheap picture of every row of every shop table (about a millisecond on the suite's data) and of
 * the stored images, taken before and after each request: a refused request must leave it
 * identical. Tables are read from the catalogue, so a table added later is covered too.
 */
export class DatabaseFingerprint {
  private client: pg.Client | undefined;
  private statement: string | undefined;

  async open(): Promise<void> {
    this.client = new pg.Client({ connectionString: shop().databaseUrl });
    await this.client.connect();
    const { rows } = await this.client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND NOT (table_name = ANY($1)) ORDER BY table_name`,
      [NOT_SHOP_DATA],
    );
    if (rows.length === 0) throw new Error("no shop tables found");
    this.statement = rows
      .map(
        ({ table_name }) =>
          `SELECT '${table_name}' AS name, count(*) || ' rows, md5 ' || md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS print FROM "${table_name}" t`,
      )
      .join(" UNION ALL ");
  }

  async take(): Promise<Fingerprint> {
    if (!this.client || !this.statement) throw new Error("DatabaseFingerprint.open() first");
    const { rows } = await this.client.query<{ name: string; print: string }>(this.statement);
    return { ...Object.fromEntries(rows.map((row) => [row.name, row.print])), "uploads folder": storedUploads() };
  }

  async close(): Promise<void> {
    await this.client?.end();
    this.client = undefined;
  }
}

/** The tables whose rows differ, or an empty list. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]);
}

/** The files the shop's image host holds (a refused upload must add none). */
const storedUploads = () => {
  const names = fs.readdirSync(path.join(shop().dataDir, "uploads")).sort();
  return `${names.length} files, md5 ${crypto.createHash("md5").update(names.join("\n")).digest("hex")}`;
};
