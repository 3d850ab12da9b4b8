/**
 * `npm run check:invariants`: graph's invariant check (graph/src/ops/check-invariants.ts) against
 * DATABASE_URL, or else the local shop's embedded database in DATA_DIR (default ./data) on
 * EMBEDDED_PG_PORT, started for the check when the shop is stopped.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { runInvariantsCommand } from "@partshop/graph/dist/ops/check-invariants";
import { startEmbeddedPostgres } from "./embedded-postgres";

async function connectTo(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  return client;
}

async function connect(): Promise<{ client: pg.Client; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { client: await connectTo(process.env.DATABASE_URL), stop: async () => {} };
  // `npm run` may change folders: a relative DATA_DIR means where npm was started (INIT_CWD), as for `npm start`.
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR || "data");
  const port = Number(process.env.EMBEDDED_PG_PORT || 54329);
  const passwordFile = path.join(dataDir, "postgres-password");
  if (!fs.existsSync(passwordFile))
    throw new Error(`No embedded database in ${dataDir} (set DATABASE_URL or DATA_DIR)`);
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  try {
    return {
      client: await connectTo(`postgres://partshop:${encodeURIComponent(password)}@127.0.0.1:${port}/partshop`),
      stop: async () => {},
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code !== "ECONNREFUSED") throw error;
    // Not running (the shop is stopped): start it for the check and stop it afterwards.
    const embedded = await startEmbeddedPostgres({ dataDir, port, log: (line) => console.error(`[check] ${line}`) });
    return { client: await connectTo(embedded.url), stop: embedded.stop };
  }
}

async function main(): Promise<number> {
  const { client, stop } = await connect();
  try {
    return await runInvariantsCommand(client, process.argv.slice(2));
  } finally {
    await client.end();
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`Could not check the invariants: ${error?.message ?? error}`);
    process.exit(2);
  },
);
