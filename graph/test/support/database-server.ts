import crypto from "node:crypto";
import pg from "pg";
import { startEmbeddedPostgres } from "../../../dev/src/embedded-postgres";

/*
 * The PostgreSQL of a test run (the API suite's and the browser journeys'): the embedded one
 * `npm start` uses, started in the test runner's main process, with databases copied from a
 * template so that each shop starts on a migrated, seeded database of its own in a moment.
 */

export interface DatabaseServer {
  /** Its "partshop" database (the template the others are copied from). */
  url: string;
  stop(): Promise<void>;
}

/** The URL of another database on the server of `url`. */
export const databaseOnServer = (url: string, database: string) => url.replace(/\/[^/?]+(\?|$)/, `/${database}$1`);

/** Runs statements on a connection of their own, closed afterwards. */
export async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * embedded-postgres registers async-exit-hook when first imported: the harness removes its signal
 * listeners, but its 'beforeExit' one ends the process with code 0, which in the test runner's
 * main process turns a failed run (a global setup that threw) into a green one. Those added while
 * `start` runs are removed; the run stops its server itself.
 */
async function withoutExitHooks<T>(start: () => Promise<T>): Promise<T> {
  const events = ["beforeExit", "exit", "message"];
  const listeners = (event: string) => process.listeners(event as NodeJS.Signals) as Array<() => void>;
  const before = new Map(events.map((event) => [event, new Set(listeners(event))]));
  try {
    return await start();
  } finally {
    for (const event of events)
      for (const listener of listeners(event))
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
  }
}

/** Starts the run's server in `dataDir`, tuned for tests: durability buys nothing here (crash tests start servers of their own). */
export async function startDatabaseServer(options: {
  dataDir: string;
  port: number;
  log: (line: string) => void;
}): Promise<DatabaseServer> {
  const server = await withoutExitHooks(() => startEmbeddedPostgres(options));
  try {
    await onDatabase(server.url, async (client) => {
      for (const setting of ["fsync = off", "synchronous_commit = off", "full_page_writes = off"])
        await client.query(`ALTER SYSTEM SET ${setting}`);
      await client.query("SELECT pg_reload_conf()");
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** A new database named after `label`, a copy of `templateUrl`'s (which nothing may be connected to); answers its URL. */
export async function copyDatabase(templateUrl: string, label: string): Promise<string> {
  const name = `${label.replace(/\W+/g, "_")}_${crypto.randomBytes(3).toString("hex")}`.toLowerCase();
  const template = new URL(templateUrl).pathname.slice(1);
  await onDatabase(databaseOnServer(templateUrl, "postgres"), (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
  );
  return databaseOnServer(templateUrl, name);
}

/** Removes a database made by copyDatabase, closing what is still connected to it. */
export async function dropDatabase(url: string): Promise<void> {
  await onDatabase(databaseOnServer(url, "postgres"), (client) =>
    client.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`),
  );
}
