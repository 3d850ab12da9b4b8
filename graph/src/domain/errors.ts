/**
 * Every error code the shop answers with: its HTTP status and what it means to a client. The one
 * list: a ShopError takes its status from here, REST answers that status, GraphQL puts the code in
 * extensions.code, and docs/error-codes.md is generated from it (`npm run schema -w graph`).
 * `graphqlOnly` codes are raised about a GraphQL request itself (by graphql-js, Apollo Server or
 * the edge's limits), never by a service.
 */
export const ERROR_CODES = {
  BAD_USER_INPUT: {
    status: 400,
    meaning:
      "A value is missing, of the wrong type, out of range or ill-formed (or the body is not valid JSON). The message names the field; GraphQL also lists every field at fault in `extensions.fields`. Sending the same request again fails again.",
  },
  UNAUTHENTICATED: {
    status: 401,
    meaning:
      "No access token where one is needed, or one that is expired, altered or signed by someone else; for `PUT /user/{email}` and `signIn`, a missing or invalid Firebase ID token. Sign in again.",
  },
  FORBIDDEN: {
    status: 403,
    meaning:
      "Not allowed: a customer calling an admin's operation, or another user's email, or an ID token for another email than the path's; or a change to a browser's cart (`/cart/...`) posted from another site or without the shop's form token.",
  },
  NOT_FOUND: {
    status: 404,
    meaning:
      "No such record, or one you may not see: another customer's order answers 404, not 403, so ids cannot be probed.",
  },
  CONFLICT: {
    status: 409,
    meaning:
      'The request is valid but the record\'s state refuses it: "Already ordered" (you have an unpaid order for that part), a paid order cannot be cancelled, or the stock moved since you read it (`expectedAvailable`). Read the record again before retrying.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    meaning: "The body is larger than the route takes: JSON 100 kB, the payment webhook 1 MB, an image 5 MiB.",
  },
  URI_TOO_LONG: {
    status: 414,
    meaning: "A part of the address (between two slashes) is longer than 320 characters: no id or email is that long.",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    meaning:
      "The body's Content-Type is not one the route takes: send JSON (`Content-Type: application/json`), or multipart/form-data to `POST /upload`.",
  },
  RATE_LIMITED: {
    status: 429,
    meaning:
      "Too many requests in the window: sign-ins, uploads and newsletter subscriptions from one client address, orders placed and card payments opened by one customer. `Retry-After` (GraphQL: `extensions.retryAfterSeconds`) says how many seconds to wait; a refused request takes nothing from the allowance.",
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    meaning:
      "Something the shop depends on (its database, for a moment during a failover; the identity or payment provider) cannot be reached right now. GraphQL answers it with HTTP 503 too. Try again after `Retry-After` seconds (GraphQL: `extensions.retryAfterSeconds`).",
  },
  INTERNAL_SERVER_ERROR: {
    status: 500,
    meaning:
      "A fault on the shop's side. It is logged with the request id the answer carries (`requestId`, GraphQL `extensions.requestId`, and the `X-Request-Id` header): quote it when reporting.",
  },
  GRAPHQL_PARSE_FAILED: {
    status: 400,
    graphqlOnly: true,
    meaning: "The document is not GraphQL (a syntax error), or longer than 1,000 tokens.",
  },
  GRAPHQL_VALIDATION_FAILED: {
    status: 400,
    graphqlOnly: true,
    meaning:
      "The document does not fit the schema, or exceeds a limit: then `extensions.limit` is `depth` (at most 10), `aliases` (30) or `cost` (5,000), with `maximum` and `actual`.",
  },
  BAD_REQUEST: {
    status: 400,
    graphqlOnly: true,
    meaning:
      "The HTTP request is not one GraphQL request the shop takes: a batch (a JSON array), no query, a subscription; a mutation sent by GET answers 405 with `Allow: POST`.",
  },
  OPERATION_RESOLUTION_FAILURE: {
    status: 400,
    graphqlOnly: true,
    meaning:
      "operationName names no operation of the document, or the document has several operations and no operationName.",
  },
  PERSISTED_QUERY_NOT_FOUND: {
    status: 200,
    graphqlOnly: true,
    meaning:
      "A persisted-query hash sent without text that is not one of the web app's documents: send the text in `query` (the shop registers no new documents).",
  },
} as const satisfies Record<string, { status: number; meaning: string; graphqlOnly?: true }>;

type Catalogue = typeof ERROR_CODES;
/** The codes a service may raise (every API speaks them). */
export type ErrorCode = {
  [Code in keyof Catalogue]: Catalogue[Code] extends { graphqlOnly: true } ? never : Code;
}[keyof Catalogue];
/** Every code a GraphQL answer may carry in extensions.code. */
export type GraphqlErrorCode = keyof Catalogue;

export const httpStatusOf = (code: ErrorCode): number => ERROR_CODES[code].status;

/**
 * A failure the caller can act on: a code every API speaks (REST answers its HTTP status, GraphQL
 * puts it in extensions.code), a message for a person, and details such as the fields at fault.
 */
export class ShopError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}) {
    // An answer to the caller, not a fault: no stack trace. Capturing one was the dearest part of
    // refusing an order (half the requests of a sale are "sold out").
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.name = "ShopError";
    this.code = code;
    this.status = httpStatusOf(code);
    this.details = details;
  }
}

export const badInput = (message: string, details?: Record<string, unknown>) =>
  new ShopError("BAD_USER_INPUT", message, details);
export const unauthenticated = (message = "Sign in to do this") => new ShopError("UNAUTHENTICATED", message);
export const forbidden = (message = "You are not allowed to do this") => new ShopError("FORBIDDEN", message);
export const notFound = (what: string) => new ShopError("NOT_FOUND", `${what} not found`);
export const conflict = (message: string) => new ShopError("CONFLICT", message);

/** Something the shop depends on did not answer: the caller may try again; the cause is kept for the log. */
export function unavailable(message: string, cause: unknown): ShopError {
  const error = new ShopError("SERVICE_UNAVAILABLE", message);
  error.cause = cause;
  return error;
}

/**
 * PostgreSQL SQLSTATEs that mean "no primary can be reached right now": the server is shutting
 * down, crashed or starting (57P01-57P03), the connection failed (08xxx), too many connections
 * (53300), or a write reached a server that is (now) a read-only standby (25006), as a demoted
 * primary is during a failover.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "53300",
  "25006",
]);
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/**
 * pg's own words for a connection that is gone or never came: the server went away, the pool could
 * not connect in time, a statement got no answer within query_timeout (its outcome is unknown, as
 * any request cut short is), a client used after its connection failed.
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: any = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (
      typeof current.code === "string" &&
      (UNAVAILABLE_SQLSTATES.has(current.code) || UNAVAILABLE_NODE_CODES.has(current.code))
    ) {
      return true;
    }
    if (typeof current.message === "string" && UNAVAILABLE_MESSAGES.test(current.message)) {
      return true;
    }
    // TypeORM releases a transaction's query runner when its connection fails; the COMMIT that
    // follows then throws this (the transaction was never committed).
    if (
      current.name === "QueryRunnerAlreadyReleasedError" ||
      current.name === "QueryRunnerProviderAlreadyReleasedError"
    )
      return true;
    current = current.driverError ?? current.cause ?? current.originalError;
  }
  return false;
}

/**
 * PostgreSQL "data exception" SQLSTATEs a value sent by a client can cause: too long for its
 * column (22001), NUL or characters the encoding refuses (22021, 22P05), not a valid uuid or
 * number (22P02). Input validation at the edge refuses these first; this keeps any value that
 * slips past it a 400 rather than a 500.
 */
const UNSTORABLE_VALUE_SQLSTATES = new Set(["22001", "22021", "22P02", "22P05"]);

function sqlStateOf(error: unknown): string | undefined {
  let current: any = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.driverError ?? current.cause ?? current.originalError;
  }
  return undefined;
}

/** Turns anything thrown into a ShopError the caller may see; unknown failures become a generic 500. */
export function toShopError(error: unknown): ShopError {
  if (error instanceof ShopError) return error;
  const original = (error as any)?.originalError;
  if (original instanceof ShopError) return original;
  if (isDatabaseUnavailable(error)) {
    return new ShopError(
      "SERVICE_UNAVAILABLE",
      "The shop's database is unavailable right now; please try again in a moment",
    );
  }
  const sqlState = sqlStateOf(error);
  if (sqlState && UNSTORABLE_VALUE_SQLSTATES.has(sqlState)) {
    // Input validation should have refused it: the cause is kept so the edge can log it.
    const refused = new ShopError(
      "BAD_USER_INPUT",
      "A value in the request cannot be stored: it is too long, malformed or contains characters such as NUL",
    );
    refused.cause = error;
    return refused;
  }
  return new ShopError("INTERNAL_SERVER_ERROR", "Something went wrong on our side");
}
