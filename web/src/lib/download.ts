import { apiUrl } from "@/lib/apiUrl";
import { getAccessToken } from "@/lib/auth/accessToken";

/** The signed-in user's bearer header: the API's files (exports, invoices) want it, and a plain link cannot send it. */
export function authorizationHeader(): Record<string, string> {
  const token = getAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The server's message of a refused request, or one saying what failed. */
export async function requestFailure(response: Response, what: string): Promise<Error> {
  const body = await response.json().catch(() => null);
  return new Error(typeof body?.error === "string" ? body.error : `${what} failed (HTTP ${response.status}).`);
}

/** The file name a response gives in its Content-Disposition, or null. */
export function attachmentName(response: Response): string | null {
  return /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? null;
}

/** Hands a blob to the browser as a download under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
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

/**
 * Fetches a file from the API (`path`) with the signed-in user's token and saves it under the
 * server's file name (`fallbackName` when it gives none). `what` names the download in a failure.
 */
export async function downloadFile(path: string, fallbackName: string, what: string): Promise<void> {
  const response = await fetch(apiUrl(path), { headers: authorizationHeader() });
  if (!response.ok) throw await requestFailure(response, what);
  saveBlob(await response.blob(), attachmentName(response) ?? fallbackName);
}
