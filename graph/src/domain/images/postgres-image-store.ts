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
}
