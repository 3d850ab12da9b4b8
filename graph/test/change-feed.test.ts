import { afterAll, describe, expect, it } from "vitest";
import { type Change, ChangeFeed } from "../src/domain/change-feed";
import { insertPart, listenBackends, shop, uniqueEmail, withDatabase } from "./support/client";
import { restAt } from "./support/fixtures";
import { type ShopProcess } from "./support/processes";
import { startSiblingShop } from "./support/siblings";

/*
 * The change feed's LISTEN connection going silent without a word (a network that drops packets,
 * a server process frozen): the caches must not wait on it. Here PostgreSQL's backend of one shop
 * process's LISTEN connection is frozen with SIGSTOP: its connection stays open and answers
 * nothing, which is what a dead network looks like from the shop.
 */

let sibling: ShopProcess | undefined;
const frozen: number[] = [];
afterAll(async () => {
  for (const pid of frozen) process.kill(pid, "SIGCONT");
  await sibling?.stop();
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("the change feed's connection going silent", () => {
  it("cached reads fall through to the database while it is silent, and the caches come back on a new connection", async () => {
    const before = new Set(await listenBackends());
    sibling = await startSiblingShop("silent-feed", { LOG_FORMAT: "json" });
    const backend = await waitFor("the new process's LISTEN connection", async () =>
      (await listenBackends()).find((pid) => !before.has(pid)),
    );
    const partId = await insertPart({ available: 7 });
    const read = () => restAt(sibling!.url, "GET", `/parts/${partId}`, { signal: AbortSignal.timeout(20_000) });
    expect((await read()).body.available).toBe(7);
    expect((await read()).body.available).toBe(7);

    process.kill(backend, "SIGSTOP");
    frozen.push(backend);
    // A write the frozen connection cannot announce: every read must still show it.
    await withDatabase((client) => client.query("UPDATE parts SET available = 3 WHERE id = $1", [partId]));
    for (let i = 0; i < 3; i++) {
      const answer = await read();
      expect(answer.status).toBe(200);
      expect(answer.body.available).toBe(3);
    }
    await waitFor("the warning that the caches are off", async () =>
      /In-memory caches off until the database is back/.test(sibling!.output()) ? true : undefined,
    );

    await waitFor("the caches to come back", async () =>
      /In-memory caches back on/.test(sibling!.output()) ? true : undefined,
    );
    expect((await listenBackends()).filter((pid) => !before.has(pid) && pid !== backend)).toHaveLength(1);
    await withDatabase((client) => client.query("UPDATE parts SET available = 5 WHERE id = $1", [partId]));
    expect((await read()).body.available).toBe(5);
    expect((await read()).body.available).toBe(5);
  });
});

describe("the change feed's topics", () => {
  it("a subscriber that comes after the feed is live hears every change of its topics from then on", async () => {
    // The shop subscribes its caches while the feed connects: whichever comes first, nothing may go unheard.
    const feed = new ChangeFeed().listenTo(shop().databaseUrl, { warn: () => {}, info: () => {} });
    try {
      await waitFor("the feed to be live", async () => (feed.isLive ? true : undefined));
      const heard: Change[] = [];
      feed.subscribe(["users", "accounts"], (change) => heard.push(change));
      const email = uniqueEmail("late-subscriber");
      const { rows } = await withDatabase((client) =>
        client.query<{ id: string }>("INSERT INTO users (email, role) VALUES ($1, 'user') RETURNING id", [email]),
      );
      await withDatabase((client) => client.query("UPDATE users SET role = 'admin' WHERE email = $1", [email]));
      expect(await new Promise((resolve) => feed.afterPendingChanges(resolve))).toBe(true);
      expect(heard).toContainEqual({ topic: "users", key: rows[0].id });
    } finally {
      await feed.stop();
    }
  });
});
