import { apiUrl } from "@/lib/apiUrl";
import { getAccessToken } from "@/lib/auth/accessToken";

/** The bearer header of the signed-in admin (the admin CSV routes want it; a plain link cannot send it). */
const authorization = (): Record<string, string> => {
  const token = getAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/** The server's message of a refused request, or one saying what failed. */
async function failure(response: Response, what: string): Promise<Error> {
  const body = await response.json().catch(() => null);
  return new Error(typeof body?.error === "string" ? body.error : `${what} failed (HTTP ${response.status}).`);
}

/**
 * Downloads a CSV an admin route streams (`path` on the API), handed to the browser as a download
 * under the server's file name (`fallbackName` when it gives none).
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(apiUrl(path), { headers: authorization() });
  if (!response.ok) throw await failure(response, "The export");
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
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
    headers: { ...authorization(), "content-type": "text/csv" },
    body: file,
  });
  if (!response.ok) throw await failure(response, "The import");
  return (await response.json()) as ImportReport;
}
