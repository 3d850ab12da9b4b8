import type http from "node:http";
import { invalidRequest } from "../errors";
import { parseForm, type FormObject } from "../form";
import { headerValue } from "./headers";

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The request's parameters: the query string, then (for POST) the form-encoded body, whose values
 * win. Stripe takes no JSON, so a JSON body is refused rather than silently read as nothing.
 */
export async function readParams(req: http.IncomingMessage, method: string, url: URL): Promise<FormObject> {
  const raw = await readBody(req);
  const contentType = (headerValue(req, "content-type") ?? "").toLowerCase();
  if (method === "POST" && raw && contentType.includes("application/json")) {
    throw invalidRequest(
      "Stripe's API takes form-encoded parameters (application/x-www-form-urlencoded, e.g. metadata[order]=42), not JSON.",
    );
  }
  return parseForm(url.search.slice(1), method === "POST" ? raw : "");
}

/** Reads to the end even past the limit, so the client gets the 413 instead of a reset connection. */
export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => {
      if (tooLarge) reject(invalidRequest("The request body is too large.", { status: 413 }));
      else resolve(Buffer.concat(chunks).toString("utf8"));
    });
    req.on("error", reject);
  });
}
