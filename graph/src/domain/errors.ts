/** The error codes every layer speaks; REST maps them to HTTP statuses, GraphQL to extensions.code. */
export type ErrorCode =
  | "BAD_USER_INPUT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "URI_TOO_LONG"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "RATE_LIMITED"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL_SERVER_ERROR";

export const httpStatusOf: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

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
    this.status = httpStatusOf[code];
    this.details = details;
  }
}

export const badInput = (message: string, details?: Record<string, unknown>) => new ShopError("BAD_USER_INPUT", message, details);
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

/** PostgreSQL SQLSTATEs that mean "the database is not reachable right now". */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08006", "53300"]);
const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND"]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: any = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === "string" && (UNAVAILABLE_SQLSTATES.has(current.code) || UNAVAILABLE_NODE_CODES.has(current.code))) {
      return true;
    }
    if (
      typeof current.message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i.test(current.message)
    ) {
      return true;
    }
    // TypeORM releases a transaction's query runner when its connection fails; the COMMIT that
    // follows then throws this (the transaction was never committed).
    if (current.name === "QueryRunnerAlreadyReleasedError" || current.name === "QueryRunnerProviderAlreadyReleasedError") return true;
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
    return new ShopError("SERVICE_UNAVAILABLE", "The shop's database is unavailable right now; please try again in a moment");
  }
  const sqlState = sqlStateOf(error);
  if (sqlState && UNSTORABLE_VALUE_SQLSTATES.has(sqlState)) {
    // Input validation should have refused it: the cause is kept so the edge can log it.
    const refused = new ShopError("BAD_USER_INPUT", "A value in the request cannot be stored: it is too long, malformed or contains characters such as NUL");
    refused.cause = error;
    return refused;
  }
  return new ShopError("INTERNAL_SERVER_ERROR", "Something went wrong on our side");
}
