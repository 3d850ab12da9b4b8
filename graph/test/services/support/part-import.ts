import crypto from "node:crypto";
import { Readable } from "node:stream";
import pino from "pino";
import type { DataSource } from "typeorm";
import { afterAll, inject } from "vitest";
import { readPartCsv, writePartCsv } from "../../../src/api/rest/part-csv";
import type { User } from "../../../src/domain/accounts/user.entity";
import { AuditService } from "../../../src/domain/audit/audit.service";
import { CompatibilityService } from "../../../src/domain/catalogue/compatibility.service";
import type { ImportReport } from "../../../src/domain/catalogue/part-import-decisions";
import { PartImportService } from "../../../src/domain/catalogue/part-import.service";
import { PartSearchService } from "../../../src/domain/catalogue/part-search.service";
import { PartService } from "../../../src/domain/catalogue/part.service";
import { createDataSource } from "../../../src/db/data-source";
import { copyDatabase, dropDatabase } from "../../support/database-server";

/*
 * The part import's fixtures: the services an import touches, wired as createServices wires them
 * (the search without a change feed, as a tool has it), and a file sent as the shop sends one:
 * read by the parts CSV reader, a batch of lines at a time, into the import service.
 */

/** The columns before what shipping and tax know of a part joined them: files of this format still import. */
export const FORMER_HEADER =
  "part_number,name,price,stock,min_order_quantity,low_stock_threshold,description,compatible_models,alternative_numbers,images,retired";
/** The columns of the parts CSV, in the order the export writes them. */
export const HEADER = `${FORMER_HEADER},weight_grams,length_mm,width_mm,height_mm,dangerous_goods,battery_wh,tax_category`;

/** A number no other part has, in a maker's style. */
export const uniqueNumber = (prefix = "IMP") =>
  `${prefix}${crypto.randomBytes(4).toString("hex").toUpperCase()}-0${crypto.randomInt(10, 99)}`;

/** A made-up word, as a laptop model of a test's own (lowercase letters, starting with q). */
export const uniqueWord = (length = 9) =>
  Array.from(crypto.randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26)))
    .join("")
    .replace(/^./, "q");

/** CSV lines as a spreadsheet saves them (CRLF, one at the end). */
export const csv = (...lines: string[]) => `${lines.join("\r\n")}\r\n`;

export function importServices(db: DataSource) {
  const parts = new PartService(db);
  return {
    parts,
    partImports: new PartImportService(db),
    partSearch: new PartSearchService(db, parts),
    compatibility: new CompatibilityService(db),
    audit: new AuditService(db),
  };
}

/** Sends `file` (text, bytes, or text generated as it is read) through the CSV reader into the import. */
export function importFile(
  partImports: PartImportService,
  admin: User,
  file: string | Buffer | AsyncIterable<string>,
  options: { dryRun: boolean; fileName?: string },
): Promise<ImportReport> {
  const source = typeof file === "string" || Buffer.isBuffer(file) ? Readable.from([file]) : Readable.from(file);
  return partImports.importParts(admin, readPartCsv(source), {
    dryRun: options.dryRun,
    fileName: options.fileName ?? "catalogue.csv",
  });
}

/** The export as the shop streams it, read whole. */
export async function exportedText(partImports: PartImportService, admin: User): Promise<string> {
  let text = "";
  for await (const chunk of writePartCsv(partImports.exportParts(admin))) text += chunk;
  return text;
}

const stops: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

/**
 * Another copy of the template, with nothing but what the test writes in it: for a test that
 * counts every part and reads the whole catalogue back (the file's database holds its other tests' parts).
 */
export async function databaseOfItsOwn(label: string): Promise<{ db: DataSource; url: string }> {
  const url = await copyDatabase(inject("serviceTemplateUrl"), label);
  stops.push(() => dropDatabase(url));
  const db = createDataSource(url, pino({ level: "silent" }), { poolSize: 4 });
  await db.initialize();
  stops.push(() => db.destroy());
  return { db, url };
}
