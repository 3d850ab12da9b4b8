import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { shop } from "../../support/client";
import { comparedRowText } from "../../support/fixtures";

/**
 * Tables whose rows legitimately change on refused requests: rate_limits counts every request,
 * refused ones included; migrations is the schema's own bookkeeping.
 */
const NOT_SHOP_DATA = ["rate_limits", "migrations"];

/** Per shop table: its row count and the sum of its rows' hashes (every column compared). */
export type Fingerprint = Record<string, string>;

/**
 * A cheap picture of every row of every shop table (about a millisecond on the suite's data) and of
 * the image files if the shop keeps them in a folder, taken before and after each request: a refused request must leave it
 * identical. Tables are read from the catalogue, so a table added later is covered too.
 */
export class DatabaseFingerprint {
  private client: pg.Client | undefined;
  private statement: string | undefined;

  async open(): Promise<void> {
    this.client = new pg.Client({ connectionString: shop().databaseUrl });
    await this.client.connect();
    const { rows } = await this.client.query<{ table_name: string; columns: string[]; types: string[] }>(
      `SELECT table_name, array_agg(column_name::text ORDER BY ordinal_position) AS columns, array_agg(data_type::text ORDER BY ordinal_position) AS types
       FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE')
         AND NOT (table_name = ANY($1))
       GROUP BY table_name ORDER BY table_name`,
      [NOT_SHOP_DATA],
    );
    if (rows.length === 0) throw new Error("no shop tables found");
    // An order-free sum of 64-bit row hashes: no sort and no big string, so it stays cheap as tables grow.
    this.statement = rows
      .map(
        ({ table_name, columns, types }) =>
          `SELECT '${table_name}' AS name, count(*) || ' rows, hash ' || coalesce(sum(hashtextextended(${rowText(table_name, columns, types)}, 0)), 0) AS print FROM "${table_name}" t`,
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

/**
 * A row as text: every column, except that binary columns (stored images, megabytes each) count by
 * their length and the row's version (xmin, new on every write), so they are never read in full.
 */
function rowText(table: string, columns: string[], types: string[]): string {
  const background = comparedRowText(table, columns);
  if (background) return background;
  if (!types.includes("bytea")) return "t::text";
  const parts = columns.map((column, index) =>
    types[index] === "bytea" ? `octet_length(t."${column}")` : `t."${column}"`,
  );
  return `ROW(${parts.join(", ")}, t.xmin)::text`;
}

/** The tables whose rows differ, or an empty list. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (table) => before[table] !== after[table],
  );
}

/** The files of the image store in DATA_DIR/uploads (IMAGE_STORE=files), if the shop uses one: a refused upload must add none. */
const storedUploads = () => {
  const folder = path.join(shop().dataDir, "uploads");
  if (!fs.existsSync(folder)) return "none";
  const names = fs.readdirSync(folder).sort();
  return `${names.length} files, md5 ${crypto.createHash("md5").update(names.join("\n")).digest("hex")}`;
};
