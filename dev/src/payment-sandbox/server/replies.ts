import type http from "node:http";
import { SandboxError } from "../errors";

/** An answer before it is sent: the request's own headers (Request-Id, ...) are added when sending. */
export interface Reply {
  status: number;
  body: string;
  headers: Record<string, string>;
  /** The answer was remembered from an earlier request with the same idempotency key. */
  replayed?: boolean;
}

/** Pretty-printed like Stripe's answers; webhook signatures and idempotent replays cover these exact bytes. */
function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

export function okReply(value: unknown): Reply {
  return { status: 200, body: json(value), headers: {} };
}

/** Stripe's error envelope, `{"error": {...}}`, with the status that picks the SDK's error class. */
export function errorReply(error: SandboxError): Reply {
  return { status: error.status, body: json({ error: error.body }), headers: { ...error.headers } };
}

/** A bug in the sandbox: retrying would hit it again, so the SDK is told not to. */
export function internalErrorReply(): Reply {
  return {
    status: 500,
    body: json({
      error: { type: "api_error", message: "An unexpected error occurred in the Partshop Stripe sandbox." },
    }),
    headers: { "Stripe-Should-Retry": "false" },
  };
}

export function sendReply(res: http.ServerResponse, reply: Reply, requestHeaders: Record<string, string>): void {
  const headers = { ...requestHeaders, ...reply.headers, "Content-Length": String(Buffer.byteLength(reply.body)) };
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}
