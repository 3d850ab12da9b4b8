import { apiUrl } from "@/lib/apiUrl";
import { authorizationHeader, downloadFile, requestFailure } from "@/lib/download";

/**
 * Downloads a CSV an admin route streams (`path` on the API), handed to the browser as a download
 * under the server's file name (`fallbackName` when it gives none).
 */
export function downloadCsv(path: string, fallbackName: string): Promise<void> {
  return downloadFile(path, fallbackName, "The export");
}

/** One field a line of an import changes, as POST /admin/parts/import answers it. */
export interface ImportChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One line of an import's report. */
export interface ImportLine {
  line: number;
  partNumber: string | null;
  name: string | null;
  outcome: "created" | "changed" | "unchanged" | "refused";
  partId: string | null;
  changes: ImportChange[];
  problems: string[];
}

/** What an import did, or would do (a dry run). */
export interface ImportReport {
  importId: string | null;
  dryRun: boolean;
  fileName: string;
  lines: number;
  created: number;
  changed: number;
  unchanged: number;
  refused: number;
  shown: ImportLine[];
  notShown: number;
}

/**
 * Sends a parts CSV to POST /admin/parts/import: a dry run says what each line would do; otherwise
 * it is applied. The file goes as it is read from disk (the server streams it).
 */
export async function importPartsCsv(file: File, dryRun: boolean): Promise<ImportReport> {
  const query = new URLSearchParams({ dryRun: String(dryRun), fileName: file.name });
  const response = await fetch(apiUrl(`/admin/parts/import?${query}`), {
    method: "POST",
    headers: { ...authorizationHeader(), "content-type": "text/csv" },
    body: file,
  });
  if (!response.ok) throw await requestFailure(response, "The import");
  return (await response.json()) as ImportReport;
}
