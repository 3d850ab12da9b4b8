import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

const REQUEST_ID = Symbol("request-id");
/** An id a load balancer or client already gave the request, if it looks like one. */
const GIVEN_ID = /^[\w.:-]{8,128}$/;

/**
 * Gives every request an id, kept from a proxy's X-Request-Id when it looks sane, else new, and
 * answers it in the X-Request-Id header: cache hits too, so any answer can be quoted.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers["x-request-id"];
  const id = typeof given === "string" && GIVEN_ID.test(given) ? given : crypto.randomUUID();
  (req as IncomingMessage & { [REQUEST_ID]?: string })[REQUEST_ID] = id;
  res.setHeader("x-request-id", id);
  return id;
}

export const requestIdOf = (req: IncomingMessage): string =>
  (req as IncomingMessage & { [REQUEST_ID]?: string })[REQUEST_ID] ?? crypto.randomUUID();
