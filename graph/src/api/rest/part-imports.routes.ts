import { Transform } from "node:stream";
import type { IncomingMessage } from "node:http";
import { badInput, ShopError } from "../../domain/errors";
import { Services } from "../../domain/services";
import { textProblem } from "../inputs/text";
import { readPartCsv, writePartCsv } from "./part-csv";
import { ok, RestRequest, RestRoute } from "./route";

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

/** The parts' bulk import and export (admins): the CSV format is part-csv.ts's, the rules the import service's. */
export function partImportRoutes(services: Services): RestRoute[] {
  return [
    {
      method: "POST",
      path: "/admin/parts/import",
      auth: "ADMIN",
      reads: { query: ["dryRun", "fileName"] },
      // Read as it arrives, a batch of lines at a time: a file of any size never sits in memory.
      body: "stream",
      bodyLimit: MAX_IMPORT_BYTES,
      tooLarge: TOO_LARGE,
      handle: async (request, caller) => {
        const options = { dryRun: dryRunOf(request), fileName: fileNameOf(request) };
        if (/^multipart\//i.test(request.headers["content-type"] ?? "")) {
          throw new ShopError("UNSUPPORTED_MEDIA_TYPE", "Send the CSV file itself as the request body (content-type text/csv), not a form");
        }
        return ok(await services.partImports.importParts(caller, readPartCsv(limitedBody(request.raw)), options));
      },
    },
    {
      method: "GET",
      path: "/admin/parts.csv",
      auth: "ADMIN",
      // Streamed a page of parts at a time; an import reads it back as it is.
      handle: async (_request, caller) => {
        const day = new Date().toISOString().slice(0, 10);
        return {
          status: 200,
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="partshop-parts-${day}.csv"`,
            "cache-control": "no-store",
          },
          body: writePartCsv(services.partImports.exportParts(caller)),
        };
      },
    },
  ];
}
