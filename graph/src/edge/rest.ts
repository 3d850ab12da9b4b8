import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Callers } from "../api/auth/callers";
import { assertWellFormedText } from "../api/inputs/text";
import type { Reply, RestRoute } from "../api/rest";
import { authorize } from "../domain/actor";
import { ShopError } from "../domain/errors";
import { requestLog } from "../domain/log";
import { asksForHtml, isFresh, type AnswerCache } from "./answer-cache";
import { drainUnread, type BodySettings } from "./bodies";
import { sendRefusal, type RouteSettings } from "./errors";
import { operationOf } from "./openapi";
import { rateLimitKey, type RateLimits } from "./rate-limits";

export interface RestEdge {
  callers: Callers;
  rateLimits: RateLimits;
  answerCache: AnswerCache;
  /** A browser asking for a page at a path that is also a web route gets the web app. */
  serveWebApp(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
  jsonBodyLimit: number;
}

/** Where a web route and a REST path meet, a browser asking for a page gets the web app (content negotiation as express does it). */
export const prefersHtml = (request: FastifyRequest) => asksForHtml(request.raw);

/** Express's weak ETag: what an HTTP cache revalidates a cacheable GET with. */
const weakEtag = (body: string) =>
  `W/"${Buffer.byteLength(body).toString(16)}-${crypto.hash("sha1", body, "base64").slice(0, 27)}"`;

function answer(request: FastifyRequest, reply: FastifyReply, route: RestRoute, result: Reply): FastifyReply {
  reply.code(result.status ?? 200);
  if (result.headers) reply.headers(result.headers);
  if (result.cookies?.length) reply.header("set-cookie", result.cookies);
  if (result.status === 304 || result.status === 204 || result.status === 303) return reply.send();
  if (Buffer.isBuffer(result.body)) return reply.send(result.body);
  // A stream goes out as it is produced (fastify ends it, or destroys it when the client leaves).
  if (result.body instanceof Readable) return reply.send(result.body);
  const body = JSON.stringify(result.body);
  reply.type("application/json; charset=utf-8");
  // Writes answer once and are never revalidated: only cacheable reads get an ETag.
  if (route.cachedUntil && request.method === "GET") {
    const etag = weakEtag(body);
    reply.header("etag", etag);
    // A client revalidating gets no body again, whether or not the answer cache kept this answer
    // (a request with a Cookie, or one a process has not seen twice, comes here).
    if (isFresh(request.raw, etag)) return reply.code(304).removeHeader("content-type").send();
  }
  return reply.send(body);
}

/** A web app page answered with the status (and Location) the handler chose: 404 for an unknown part. */
function webPage(
  request: FastifyRequest,
  reply: FastifyReply,
  result: Reply,
  edge: RestEdge,
): FastifyReply | Promise<FastifyReply> {
  reply.code(result.status ?? 200);
  if (result.headers) reply.headers(result.headers);
  if (result.headers?.location) return reply.send();
  return edge.serveWebApp(request, reply);
}

/**
 * A streamed body (an upload) declared larger than the route allows is refused before it is read.
 * A client still sending when the answer comes may see a broken pipe instead of the 413, so a
 * moderately large body is read and dropped first; on anything bigger the connection is closed.
 */
async function refuseDeclaredTooLarge(
  request: FastifyRequest,
  reply: FastifyReply,
  limit: number,
  message: string,
): Promise<FastifyReply | undefined> {
  if (!(Number(request.headers["content-length"] ?? 0) > limit)) return undefined;
  await drainUnread(request, reply);
  return sendRefusal(request, reply, new ShopError("PAYLOAD_TOO_LARGE", message));
}

/** Path parameters, query parameters and (JSON) body fields hold no ill-formed text. */
function assertWellFormedRequest(request: FastifyRequest, route: RestRoute): void {
  const named = (prefix: string, values: unknown) =>
    Object.fromEntries(Object.entries((values ?? {}) as object).map(([key, value]) => [`${prefix}${key}`, value]));
  assertWellFormedText(named(":", request.params), "");
  assertWellFormedText(named("?", request.query), "");
  if (!route.body || route.body === "json" || route.body === "form") assertWellFormedText(request.body, "");
}

/** Registers the REST routes: each declaration's rate limit, caller check and answer shape, around its handler. */
export function registerRestRoutes(app: FastifyInstance, routes: RestRoute[], edge: RestEdge): void {
  for (const route of routes) {
    if (route.cachedUntil) edge.answerCache.declareRestRoute(route.path, route.cachedUntil);
    const limit = route.rateLimit ? edge.rateLimits[route.rateLimit] : undefined;
    const bodyLimit = route.bodyLimit ?? edge.jsonBodyLimit;
    const config: RouteSettings & BodySettings & { openapi: object } = {
      refusal: route.refusal,
      formBody: route.body === "form",
      rawBody: route.body === "raw",
      streamBody: route.body === "stream",
      // Documentation only: fastify compiles no schema of the route (edge/openapi.ts says why).
      openapi: operationOf(route),
    };
    app.route({
      method: route.method,
      url: route.path,
      bodyLimit,
      config,
      onRequest: async (request, reply) => {
        if (route.webRoute && request.method === "GET" && prefersHtml(request)) return edge.serveWebApp(request, reply);
        const limitKey = limit
          ? await rateLimitKey(limit, request.ip, () => edge.callers.idOf(request.headers.authorization ?? ""))
          : null;
        if (limit && limitKey !== null) {
          const decision = await limit.take(limitKey);
          if (!decision.allowed) {
            reply.header("retry-after", String(decision.retryAfterSeconds));
            if (route.body === "stream") await drainUnread(request, reply);
            return sendRefusal(
              request,
              reply,
              new ShopError("RATE_LIMITED", limit.refusal(decision.retryAfterSeconds)),
            );
          }
        }
        if (route.body === "stream") {
          return refuseDeclaredTooLarge(
            request,
            reply,
            bodyLimit,
            route.tooLarge ?? `The request body is larger than the limit of ${Math.round(bodyLimit / 1024)} kB`,
          );
        }
      },
      handler: async (request, reply) => {
        assertWellFormedRequest(request, route);
        // Open routes never look at Authorization (PUT /user/{email} carries a Firebase ID token there).
        const caller = route.auth
          ? authorize(await edge.callers.authenticate(request.headers.authorization), route.auth)
          : null;
        const result = await requestLog.run(request.log, () =>
          route.handle(
            {
              params: request.params as Record<string, string>,
              query: request.query as Record<string, unknown>,
              body: request.body,
              headers: request.headers,
              origin: `${request.protocol}://${request.host}`,
              raw: request.raw,
            },
            caller,
          ),
        );
        if (result.page && prefersHtml(request)) return webPage(request, reply, result, edge);
        return answer(request, reply, route, result);
      },
    });
  }
}
