import type http from "node:http";
import { headerValue } from "./headers";

/** Browsers confirm payments straight from the web app's origin, as with Stripe, so every origin is allowed. */
const ALLOW_HEADERS = [
  "authorization",
  "content-type",
  "idempotency-key",
  "stripe-version",
  "stripe-account",
  "x-stripe-client-user-agent",
  "x-requested-with",
];
const EXPOSE_HEADERS =
  "Request-Id, Stripe-Version, Idempotency-Key, Idempotent-Replayed, Original-Request, Stripe-Should-Retry";

export function allowCrossOrigin(res: http.ServerResponse): void {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Expose-Headers", EXPOSE_HEADERS);
}

/** Answers an OPTIONS preflight; whatever extra headers the browser asks for are allowed too. */
export function answerPreflight(req: http.IncomingMessage, res: http.ServerResponse): void {
  const allowed = new Set(ALLOW_HEADERS);
  for (const name of (headerValue(req, "access-control-request-headers") ?? "").split(",")) {
    if (name.trim()) allowed.add(name.trim().toLowerCase());
  }
  res.writeHead(204, {
    "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
    "Access-Control-Allow-Headers": [...allowed].join(", "),
    "Access-Control-Max-Age": "600",
    "Content-Length": "0",
  });
  res.end();
}
