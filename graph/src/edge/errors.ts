import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ShopError, toShopError } from "../domain/errors";
import { drainUnread, type BodySettings } from "./bodies";

/** The GraphQL endpoint answers in GraphQL's shape; REST routes as `{ error }` or their own refusal shape. */
export const GRAPHQL_PATH = "/graphql";

/** Per-route settings the edge reads (fastify route config). */
export interface RouteSettings {
  refusal?: (message: string) => object;
}

const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

/** The longest part of a path between slashes that routes read (fastify's default; ids are 36, emails at most 254...). */
export const MAX_PARAM_LENGTH = 320;

/** A fastify or body-parser failure, as the ShopError the client sees; undefined if it is not one. */
function frameworkError(error: FastifyError, bodyLimit: number): ShopError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new ShopError("BAD_USER_INPUT", "The request body is not valid JSON");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ShopError("PAYLOAD_TOO_LARGE", `The request body is larger than the limit of ${kB(bodyLimit)}`);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ShopError(
        "UNSUPPORTED_MEDIA_TYPE",
        "Unsupported content type: send JSON (Content-Type: application/json)",
      );
    case "FST_ERR_BAD_URL":
      return new ShopError("BAD_USER_INPUT", "The URL is not valid (broken percent-encoding)");
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new ShopError(
        "URI_TOO_LONG",
        `A part of the address is longer than ${MAX_PARAM_LENGTH} characters: no id or email is that long`,
      );
  }
  if (error instanceof SyntaxError) return new ShopError("BAD_USER_INPUT", "The request body is not valid JSON");
  // Other client errors raised before a handler runs (a prototype key in JSON, a bad length...).
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return new ShopError(
      status === 413 ? "PAYLOAD_TOO_LARGE" : status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : "BAD_USER_INPUT",
      error.message || "Bad request",
    );
  return undefined;
}

/**
 * How long a client is asked to wait when something the shop depends on is unavailable: about the
 * time a database failover takes to be over for the shop (HAProxy's checks find the new primary
 * within a second of its promotion).
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Writes a refusal in the shape the path speaks. */
export function sendRefusal(request: FastifyRequest, reply: FastifyReply, error: ShopError): FastifyReply {
  if (error.code === "SERVICE_UNAVAILABLE") reply.header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  const extra = error.code === "INTERNAL_SERVER_ERROR" ? { requestId: request.id } : {};
  reply.code(error.status);
  if (request.url.split("?")[0] === GRAPHQL_PATH) {
    return reply.send({ errors: [{ message: error.message, extensions: { code: error.code, ...extra } }] });
  }
  const refusal = (request.routeOptions.config as RouteSettings | undefined)?.refusal;
  return reply.send(refusal ? { ...refusal(error.message), ...extra } : { error: error.message, ...extra });
}

/** A refusal caused by something the log should show (a value the database refused, a provider down): logged as a warning. */
export function logCause(
  log: Pick<FastifyBaseLogger, "warn">,
  refused: ShopError,
  context: Record<string, unknown> = {},
): void {
  if (!refused.cause) return;
  const why =
    refused.code === "BAD_USER_INPUT"
      ? "A value reached the database that input validation should have refused"
      : refused.message;
  log.warn({ err: refused.cause, ...context }, why);
}

/**
 * Every error that reaches the edge: the caller's mistakes answer 4xx with a message; anything
 * unexpected is logged once, with the request id, the route and the stack, and answers 500 with
 * the request id the client can quote.
 */
export async function handleError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const refused =
    error instanceof ShopError
      ? error
      : (frameworkError(error, request.routeOptions.bodyLimit ?? 0) ?? toShopError(error));
  if (refused.code === "INTERNAL_SERVER_ERROR") {
    request.log.error(
      { err: error, route: `${request.method} ${request.routeOptions.url ?? request.url}` },
      "Unexpected error",
    );
  } else {
    logCause(request.log, refused);
  }
  if ((request.routeOptions.config as BodySettings | undefined)?.streamBody) await drainUnread(request, reply);
  return sendRefusal(request, reply, refused);
}
