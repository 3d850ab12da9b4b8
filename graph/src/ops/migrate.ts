/**
 * `npm run migrate`: brings the database (DATABASE_URL, or .env) up to date and exits. Run it once
 * per upgrade before starting the new shop processes with MIGRATE_ON_START=false (see README,
 * Deployment). Safe to run while other processes migrate: they take turns.
 */
import pino from "pino";
import { readEnvFile } from "../config";
import { createDataSource } from "../db/data-source";
import { migrate } from "../db/migrate";

async function main(): Promise<void> {
  readEnvFile();
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const db = createDataSource(url, pino({ level: "warn" }));
  await db.initialize();
  try {
    const applied = await migrate(db, undefined, (line) => console.log(line));
    console.log(
      applied.length ? `Applied ${applied.length} migrations: ${applied.join(", ")}` : "The database is up to date",
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(`Could not migrate the database: ${error?.message ?? error}`);
  process.exit(1);
});
