import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainServices, type Domain } from "./support/domain";
import { GRAPH_DIR } from "./support/processes";

/*
 * The statements run past TypeORM (db/prepared.ts) hand pg a Query of their own: an error must
 * still reach the caller with PostgreSQL's code, and give its connection back to the pool.
 */

const requireBuilt = createRequire(path.join(GRAPH_DIR, "dist", "main.js"));
const { runPrepared, runPreparedIn, runStatement } = requireBuilt("./db/prepared.js");

let domain: Domain;

beforeAll(async () => {
  domain = await domainServices(); // a pool of 3 connections
});

afterAll(() => domain?.close());

describe("statements run past TypeORM", () => {
  it("a prepared statement answers its rows, the same on every connection", async () => {
    const statement = { name: "test_prepared_echo", text: "SELECT $1::int + 1 AS next" };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => runPrepared(domain.db, statement, [n])));
    expect(answers.map((rows: Array<{ next: number }>) => rows[0].next)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("a failing statement rejects with PostgreSQL's code and gives its connection back", async () => {
    // More failures than the pool has connections: a connection kept by a failure would stall the next.
    for (let n = 0; n < 6; n++) {
      await expect(runStatement(domain.db, "SELECT 1 / $1::int AS never", [0])).rejects.toMatchObject({
        code: "22012",
      });
      await expect(
        runPrepared(domain.db, { name: "test_prepared_divide", text: "SELECT 1 / $1::int AS never" }, [0]),
      ).rejects.toMatchObject({ code: "22012" });
    }
    expect(await runStatement(domain.db, "SELECT $1::text AS still", ["answering"])).toEqual([{ still: "answering" }]);
  });

  it("a failing statement inside a transaction rolls it back and the connection serves again", async () => {
    const table = `prepared_test_${process.pid}`;
    await domain.db.query(`CREATE TABLE IF NOT EXISTS ${table} (n int)`);
    try {
      for (let n = 0; n < 4; n++) {
        await expect(
          domain.db.transaction(async (tx) => {
            await runPreparedIn(
              tx,
              { name: `test_insert_${table}`, text: `INSERT INTO ${table} (n) VALUES ($1) RETURNING n` },
              [n],
            );
            await runPreparedIn(tx, { name: "test_prepared_divide_tx", text: "SELECT 1 / $1::int AS never" }, [0]);
          }),
        ).rejects.toMatchObject({ code: "22012" });
      }
      expect(await runStatement(domain.db, `SELECT count(*)::int AS rows FROM ${table}`, [])).toEqual([{ rows: 0 }]);
    } finally {
      await domain.db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  });
});
