/**
 * Stripe's error envelope: `{"error": {type, code, decline_code, message, param, ...}}`.
 * The status code decides which class the `stripe` SDK raises:
 * 400/404 StripeInvalidRequestError (or StripeIdempotencyError for type idempotency_error),
 * 401 StripeAuthenticationError, 402 StripeCardError, 403 StripePermissionError.
 */
export type StripeErrorType = "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
}

export class SandboxError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  /** Extra response headers (e.g. WWW-Authenticate on a 401). */
  readonly headers: Record<string, string>;

  constructor(status: number, body: StripeErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`;
}

export function invalidRequest(
  message: string,
  extra: { code?: string; param?: string; status?: number; payment_intent?: unknown } = {},
): SandboxError {
  const { status = 400, ...rest } = extra;
  return new SandboxError(status, {
    type: "invalid_request_error",
    message,
    ...rest,
    ...(rest.code ? { doc_url: docUrl(rest.code) } : {}),
  });
}

export function missingParam(param: string): SandboxError {
  return invalidRequest(`Missing required param: ${param}.`, { code: "parameter_missing", param });
}

export function unknownParam(param: string): SandboxError {
  return invalidRequest(`Received unknown parameter: ${param}`, { code: "parameter_unknown", param });
}

/** 404 for the object named in the URL; Stripe answers 400 when a parameter names a missing object. */
export function resourceMissing(kind: string, id: string, param: string, status = 404): SandboxError {
  return invalidRequest(`No such ${kind}: '${id}'`, { code: "resource_missing", param, status });
}

export function unrecognizedUrl(method: string, path: string): SandboxError {
  return invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    {
      status: 404,
    },
  );
}

export function authenticationError(message: string): SandboxError {
  return new SandboxError(
    401,
    { type: "invalid_request_error", message },
    { "WWW-Authenticate": 'Basic realm="Stripe"' },
  );
}

export function idempotencyError(message: string, status = 400): SandboxError {
  return new SandboxError(status, { type: "idempotency_error", message });
}
