import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Actor, Requirement } from "../../domain/actor";
import type { ChangeTopic } from "../../domain/change-feed";
import type { RouteDoc } from "./route-doc";

/** What a REST handler sees of a request. */
export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** Parsed JSON (or the raw bytes for `body: "raw"` routes); undefined without a body. */
  body: unknown;
  headers: IncomingHttpHeaders;
  /** The shop's base URL as the client reached it, e.g. http://localhost:4000. */
  origin: string;
  /** The request itself, for `body: "stream"` routes that read it as it arrives. */
  raw: IncomingMessage;
}

export interface Reply {
  status?: number;
  /** Sent as JSON; a Buffer as it is; a Readable streamed as it produces (give its content-type in `headers`). */
  body: unknown;
  headers?: Record<string, string>;
  /** Set-Cookie values (the browser cart's cookie). */
  cookies?: string[];
  /**
   * The answer is also a page of the web app: a browser (Accept: text/html) gets the web app with
   * this status (a 301 with its Location), any other client the JSON body.
   */
  page?: boolean;
}

/** The rate limits a route may take from (edge/rate-limits.ts). */
export type RateLimitName = "signIn" | "uploads" | "newsletter" | "orders" | "paymentIntents";

/**
 * One REST route of the spec, declared as data: the edge reads the declarations (who may call it,
 * what may be cached, which rate limit applies) and the handler adapts the request to one service
 * call and its result to the spec's answer.
 */
export interface RestRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** find-my-way syntax: /parts/:id */
  path: string;
  /** The JSON body fields and query parameters the handler reads (documentation, and what the fuzzer feeds). */
  reads?: { body?: string[]; query?: string[] };
  /** Like GraphQL's @auth: the caller must be signed in (USER) or an admin; checked before the handler. */
  auth?: Requirement;
  /** Like GraphQL's @cached: a visitor's answer may be replayed from memory until one of these topics changes. */
  cachedUntil?: ChangeTopic[];
  rateLimit?: RateLimitName;
  /** The path is also a web route: a browser asking for a page (Accept: text/html) gets the web app. */
  webRoute?: boolean;
  /**
   * How the body arrives: parsed JSON (default); JSON or an HTML form's fields (urlencoded, each
   * field's first value as text); the raw bytes; or left as a stream for the handler.
   */
  body?: "json" | "form" | "raw" | "stream";
  /** Largest body in bytes (default: the JSON limit), and what a larger one is told. */
  bodyLimit?: number;
  tooLarge?: string;
  /** The shape of a refusal, where the spec's client reads something else than `{ error }`. */
  refusal?: (message: string) => object;
  /** What the OpenAPI document says of it (its answers are checked against it by the REST tests). */
  doc: RouteDoc;
  handle(request: RestRequest, caller: Actor): Promise<Reply>;
}

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
/** REST bodies are JSON objects; anything else reads as an empty one (the inputs then say what is missing). */
export const bodyOf = (request: RestRequest): Record<string, unknown> =>
  request.body && typeof request.body === "object" && !Array.isArray(request.body) && !Buffer.isBuffer(request.body)
    ? (request.body as Record<string, unknown>)
    : {};
