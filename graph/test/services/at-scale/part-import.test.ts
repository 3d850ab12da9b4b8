import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkInvariants } from "../../../src/ops/check-invariants";
import { onDatabase } from "../../support/database-server";
import { databaseOfItsOwn, exportedText, HEADER, importFile, importServices } from "../support/part-import";
import { customer } from "../support/services";

/*
 * The import at a wholesaler's scale, on the import service as the service tier calls it. Its
 * minutes go to PostgreSQL (inserting parts, replacing their models), not to the test, so it runs
 * among the API tier's files (vitest.config.mts), in a worker beside the fuzzers, rather than in
 * the service tier, which stays a matter of seconds.
 */

describe("a 100,000-line import, on a database of its own", () => {
  const LINES = 100_000;

  /** Line i of the file, as the export writes a part. */
  const lineOf = (i: number) =>
    [
      `BULK-${String(i).padStart(6, "0")}`,
      `Bulk battery ${i}`,
      (10 + (i % 500) + 0.25).toFixed(2),
      String(i % 97),
      String(1 + (i % 3)),
      "10",
      i % 10 === 0 ? `"Cells, ${i % 7} of them"` : `Cells ${i % 7}`,
      i % 2 ? "Dell Latitude 5420; Lenovo ThinkPad T14 Gen 2" : "",
      i % 5 === 0 ? `FRU-${String(i).padStart(6, "0")}` : "",
      `/images/parts/battery.svg`,
      "no",
      String(250 + (i % 400)),
      ...(i % 4 === 0 ? ["200", "60", "20"] : ["", "", ""]),
      i % 50 === 0 ? "yes" : "no",
      i % 50 === 0 ? "150" : i % 3 === 0 ? "56.25" : "",
      i % 6 === 0 ? "reduced" : "standard",
    ].join(",");
  /** The file, generated as it is read: the test never holds it whole either. */
  async function* file(edit: (i: number, line: string) => string = (_, line) => line) {
    yield `${HEADER}\r\n`;
    for (let start = 0; start < LINES; start += 5000) {
      yield Array.from({ length: 5000 }, (_, k) => `${edit(start + k, lineOf(start + k))}\r\n`).join("");
    }
  }

  it("dry-runs, applies, re-applies as no change, and round-trips with the export", { timeout: 900_000 }, async () => {
    const own = await databaseOfItsOwn("import");
    const { partImports } = importServices(own.db);
    const bulkAdmin = await customer(own.db, "bulk-importer", "admin");
    const send = (dryRun: boolean, body: AsyncIterable<string>) =>
      importFile(partImports, bulkAdmin, body, { dryRun, fileName: "bulk.csv" });
    const partCount = async () => (await own.db.query("SELECT count(*)::int AS n FROM parts"))[0].n;

    const dry = await send(true, file());
    expect(dry).toMatchObject({
      lines: LINES,
      created: LINES,
      changed: 0,
      unchanged: 0,
      refused: 0,
      notShown: LINES - 1000,
    });
    expect(await partCount()).toBe(0);

    const applied = await send(false, file());
    expect(applied).toMatchObject({ lines: LINES, created: LINES, changed: 0, refused: 0 });
    const counts = await onDatabase(own.url, async (client) => {
      const parts = (await client.query("SELECT count(*)::int AS n FROM parts")).rows[0].n;
      const entries = (
        await client.query("SELECT count(*)::int AS n FROM audit_log WHERE import_id = $1", [applied.importId])
      ).rows[0].n;
      return { parts, entries, invariants: (await checkInvariants(client)).violations };
    });
    expect(counts).toEqual({ parts: LINES, entries: LINES, invariants: [] });

    const again = await send(false, file());
    expect(again).toMatchObject({
      importId: null,
      lines: LINES,
      created: 0,
      changed: 0,
      unchanged: LINES,
      refused: 0,
      shown: [],
    });

    // The export is the file as it was imported, byte for byte.
    const sent = crypto.createHash("sha256");
    for await (const chunk of file()) sent.update(chunk);
    const text = await exportedText(partImports, bulkAdmin);
    expect(crypto.createHash("sha256").update(text).digest("hex")).toBe(sent.digest("hex"));

    // Edited in a spreadsheet and imported again: the edited lines, and only they, change.
    const edited = await send(
      true,
      // The retired cell is the "no" before the weight.
      file((i, line) => (i % 10_000 === 7 ? line.replace(/,no,(\d+),/, ",yes,$1,") : line)),
    );
    expect(edited).toMatchObject({ lines: LINES, created: 0, changed: 10, unchanged: LINES - 10, refused: 0 });
    expect(edited.shown[0]).toMatchObject({
      line: 9,
      partNumber: "BULK-000007",
      changes: [{ field: "retired", before: false, after: true }],
    });
  });
});
