import { Transform } from "node:stream";
import type { IncomingMessage } from "node:http";
import { badInput, ShopError } from "../../domain/errors";
import { Services } from "../../domain/services";
import { textProblem } from "../inputs/text";
import { csvDownload, csvDownloadAnswer } from "./csv";
import { readPartCsv, writePartCsv } from "./part-csv";
import { ok, RestRequest, RestRoute } from "./route";
import type { Schema } from "./route-doc";

/** The largest parts file an import reads (a 100,000-line catalogue is about a tenth of it). */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024;
const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB: split it into several imports`;
const MAX_FILE_NAME = 200;

/** The request's bytes as they come, refused once past MAX_IMPORT_BYTES (a chunked body declares no length). */
function limitedBody(request: IncomingMessage): Transform {
  let read = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      if (read > MAX_IMPORT_BYTES) return done(new ShopError("PAYLOAD_TOO_LARGE", TOO_LARGE));
      done(null, chunk);
    },
  });
  // A refusal leaves the rest of the body read and dropped, so that the client gets the answer.
  limited.on("error", () => request.unpipe(limited).resume());
  request.on("error", () => limited.destroy(badInput("The file could not be read: the upload was cut short")));
  request.pipe(limited);
  return limited;
}

/** ?dryRun=true (the default: an import says what it would do unless told to apply) or false. */
function dryRunOf(request: RestRequest): boolean {
  const value = request.query.dryRun;
  if (value === undefined || value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw badInput("dryRun must be true (say what the file would do) or false (apply it)", { field: "dryRun" });
}

function fileNameOf(request: RestRequest): string {
  const value = request.query.fileName;
  if (value === undefined) return "parts.csv";
  if (typeof value !== "string" || !value.trim() || [...value].length > MAX_FILE_NAME || textProblem(value)) {
    throw badInput(`fileName must be a file's name of at most ${MAX_FILE_NAME} characters`, { field: "fileName" });
  }
  return value.trim();
}

const COLUMNS_DOC =
  "A header line naming the columns (part_number required; name, price, stock, min_order_quantity, low_stock_threshold, description, compatible_models, alternative_numbers, images, retired), then a part a line; lists separated by semicolons";
const nullableText = (description: string): Schema => ({ type: ["string", "null"], description });
const count = (description: string): Schema => ({ type: "integer", minimum: 0, description });
const CHANGE: Schema = {
  type: "object",
  description: "One field a line changes: its value before and after (dollars, numbers, text, lists, true/false)",
  properties: {
    field: { type: "string", description: "The field's name (price, available, compatibleModels...)" },
    before: { description: "Its value now" },
    after: { description: "Its value once imported" },
  },
  required: ["field", "before", "after"],
  additionalProperties: false,
};
const LINE: Schema = {
  type: "object",
  description: "One line: what it does, or why it is refused",
  properties: {
    line: { type: "integer", minimum: 2, description: "Its line in the file (the header is line 1)" },
    partNumber: nullableText("The part number it names"),
    name: nullableText("The part's name as the line leaves it"),
    outcome: { enum: ["created", "changed", "unchanged", "refused"], description: "What it does" },
    partId: nullableText("The part it created or changes (null when refused, or created by a dry run)"),
    changes: { type: "array", items: CHANGE, description: "The fields a changed line changes" },
    problems: { type: "array", items: { type: "string" }, description: "Why it is refused, each naming its field" },
  },
  required: ["line", "partNumber", "name", "outcome", "partId", "changes", "problems"],
  additionalProperties: false,
};
const REPORT: Schema = {
  type: "object",
  description: "What the import did, or would do (a dry run)",
  properties: {
    importId: nullableText(
      "The import's id in the history (its IMPORT entry); null for a dry run or an import that changed nothing",
    ),
    dryRun: { type: "boolean", description: "true: nothing was changed" },
    fileName: { type: "string", description: "The file's name, as History shows it" },
    lines: count("Lines read, the header not counted"),
    created: count("Lines that create a part"),
    changed: count("Lines that change a part"),
    unchanged: count("Lines that leave their part as it is"),
    refused: count("Lines refused"),
    shown: {
      type: "array",
      items: LINE,
      description: "The created, changed and refused lines in the file's order, at most 1,000",
    },
    notShown: count("Created, changed and refused lines beyond those shown"),
  },
  required: [
    "importId",
    "dryRun",
    "fileName",
    "lines",
    "created",
    "changed",
    "unchanged",
    "refused",
    "shown",
    "notShown",
  ],
  additionalProperties: false,
};

/** The parts' bulk import and export (admins): the CSV format is part-csv.ts's, what a line does is part-import-decisions.ts's. */
export function partImportRoutes(services: Services): RestRoute[] {
  return [
    {
      method: "POST",
      path: "/admin/parts/import",
      auth: "ADMIN",
      reads: { query: ["dryRun", "fileName"] },
      doc: {
        operationId: "importPartsCsv",
        summary: "Imports parts from a CSV file: a dry run says what each line would do, otherwise it is applied",
        description: `${COLUMNS_DOC}. A line changes the part with its part number (only the columns given), or creates it. The file is read as it arrives, 1,000 lines at a time; applied, each batch is one transaction, and History records the import with its lines. Importing the same file twice changes nothing the second time. A file that is not CSV, not UTF-8 or whose header is wrong is refused whole (400, naming the line or column).`,
        tag: "Catalogue",
        query: {
          dryRun: {
            type: "string",
            enum: ["true", "false", "1", "0"],
            description: "true (the default): change nothing, say what each line would do; false: apply it",
          },
          fileName: {
            type: "string",
            maxLength: MAX_FILE_NAME,
            description: "The file's name, as History shows the import (default parts.csv)",
          },
        },
        body: {
          content: {
            "text/csv": {
              schema: {
                type: "string",
                description: `${COLUMNS_DOC}; UTF-8, at most ${MAX_IMPORT_BYTES / 1024 / 1024} MiB`,
              },
            },
          },
        },
        answers: { 200: { description: "The report, line by line", schema: REPORT } },
      },
      // Read as it arrives, a batch of lines at a time: a file of any size never sits in memory.
      body: "stream",
      bodyLimit: MAX_IMPORT_BYTES,
      tooLarge: TOO_LARGE,
      handle: async (request, caller) => {
        const options = { dryRun: dryRunOf(request), fileName: fileNameOf(request) };
        if (/^multipart\//i.test(request.headers["content-type"] ?? "")) {
          throw new ShopError(
            "UNSUPPORTED_MEDIA_TYPE",
            "Send the CSV file itself as the request body (content-type text/csv), not a form",
          );
        }
        return ok(await services.partImports.importParts(caller, readPartCsv(limitedBody(request.raw)), options));
      },
    },
    {
      method: "GET",
      path: "/admin/parts.csv",
      auth: "ADMIN",
      doc: {
        operationId: "exportPartsCsv",
        summary: "Every part, retired ones included, as the CSV file the import reads",
        description: `${COLUMNS_DOC}; RFC 4180, streamed. A text a spreadsheet would read as a formula starts with ', which the import takes off: export, edit, import round-trips.`,
        tag: "Catalogue",
        answers: {
          200: csvDownloadAnswer("parts"),
        },
      },
      // Streamed a page of parts at a time; an import reads it back as it is.
      handle: async (_request, caller) => {
        return csvDownload("parts", writePartCsv(services.partImports.exportParts(caller)));
      },
    },
  ];
}
