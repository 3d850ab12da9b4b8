import type http from "node:http";

/** A request header's value; node gives an array for repeated headers, of which the first counts. */
export function headerValue(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
