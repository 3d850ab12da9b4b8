import type { DataSource } from "typeorm";
import type { ImageStore } from "./image.service";

/** Images as rows of the shop's own database (the default): every process on it sees them all. */
export class PostgresImageStore implements ImageStore {
  constructor(private readonly db: DataSource) {}

  async has(name: string): Promise<boolean> {
    return (await this.db.query(`SELECT 1 FROM images WHERE name = $1`, [name])).length > 0;
  }

  async put(name: string, mime: string, bytes: Buffer): Promise<void> {
    // Two processes storing the same image at once store it once.
    await this.db.query(
      `INSERT INTO images (name, mime, size, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING`,
      [name, mime, bytes.length, bytes],
    );
  }

  async get(name: string): Promise<Buffer | null> {
    const [row]: Array<{ bytes: Buffer }> = await this.db.query(`SELECT bytes FROM images WHERE name = $1`, [name]);
    return row?.bytes ?? null;
  }

  async delete(name: string): Promise<void> {
    await this.db.query(`DELETE FROM images WHERE name = $1`, [name]);
  }

  /** A page of names at a time, in name order, so a large store is never read whole. */
  async *names(): AsyncGenerator<string> {
    let after = "";
    for (;;) {
      const rows: Array<{ name: string }> = await this.db.query(
        `SELECT name FROM images WHERE name > $1 ORDER BY name LIMIT 500`,
        [after],
      );
      for (const row of rows) yield row.name;
      if (rows.length < 500) return;
      after = rows[rows.length - 1].name;
    }
  }
}
