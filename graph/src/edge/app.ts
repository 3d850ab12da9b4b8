import http from "node:http";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { GraphQLSchema } from "graphql";
import type { Config } from "../config";
import type { Callers } from "../api/auth/callers";
import type { PublicConfig } from "../api/graphql/types/public-config";
import type { RestRoute } from "../api/rest";
import { PersistedDocuments } from "../api/graphql/persisted-documents";
import { requestStats, type RequestStats } from "../db/request-stats";
import type { ShopCounters } from "../domain/counters";
import type { ChangeFeed } from "../domain/change-feed";
import type { Services } from "../domain/services";
import { AnswerCache, type AnswerCacheObserver } from "./answer-cache";
import { Connections } from "./connections";
import { GRAPHQL_PATH, handleError, MAX_PARAM_LENGTH } from "./errors";
import { registerGraphql } from "./graphql";
import { registerHealth, type Readiness } from "./health";
import { registerOpenApi } from "./openapi";
import { RequestLogs, type CompletedRequests, type Logger } from "./logging";
import type { RequestMetrics } from "./metrics";
import type { RateLimits } from "./rate-limits";
import { assignRequestId, requestIdOf } from "./request-ids";
import { registerRestRoutes } from "./rest";
import { registerSecurity } from "./security";
import { registerJsonBodies } from "./bodies";
import { registerWebApp } from "./web-app";
import { cartPageOf } from "../api/rest/cart-page";

export const JSON_BODY_LIMIT = 100 * 1024;

export interface ShopApp {
  app: FastifyInstance;
  httpServer: http.Server;
  /** Every route the app answers (for tests and docs): method and path. */
  routes: Array<{ method: string; path: string }>;
  stop(): Promise<void>;
}

export interface AppParts {
  config: Config;
  services: Services;
  callers: Callers;
  events: ChangeFeed;
  schema: GraphQLSchema;
  restRoutes: RestRoute[];
  rateLimits: RateLimits;
  publicConfig: PublicConfig;
  readiness: Readiness;
  log: Logger;
  /** Prometheus metrics (METRICS_PORT), or none: then nothing is measured. */
  metrics?: (RequestMetrics & ShopCounters) | null;
}

/** The Stripe webhook's route: a refusal there is a webhook failure (ShopCounters.webhookFailure). */
const WEBHOOK_ROUTE = "/stripe/webhook";

/** Counts every request fastify answered, by its route's pattern (or GraphQL's operation): a bounded set of labels. */
function countRequests(metrics: RequestMetrics & ShopCounters): CompletedRequests {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    const operation =
      route === GRAPHQL_PATH ? metrics.operationLabel(request.method === "GET" ? request.query : request.body) : "";
    metrics.answered(request.method, route, operation, status, reply.elapsedTime / 1000);
    if (route === WEBHOOK_ROUTE && status >= 400) metrics.webhookFailure(status >= 500 ? "error" : "refused");
  };
}

/** Counts and logs (at debug, as fastify's requests are) the answers replayed from memory; none when nothing would. */
function watchAnswerCache(metrics: RequestMetrics | null, log: Logger): AnswerCacheObserver | undefined {
  const debug = log.isLevelEnabled("debug");
  if (!metrics && !debug) return undefined;
  return {
    labelFor: (restRoute, parsedBody) => ({
      route: restRoute ?? GRAPHQL_PATH,
      operation: restRoute === null && metrics ? metrics.operationLabel(parsedBody) : "",
    }),
    answered(req, status, label, startedAt) {
      const seconds = (performance.now() - startedAt) / 1000;
      metrics?.answeredFromCache(req.method ?? "GET", label, status, seconds);
      if (debug)
        log.debug(
          { requestId: requestIdOf(req), status, ms: Math.round(seconds * 1000), route: label.route, cache: "hit" },
          `${req.method} ${req.url}`,
        );
    },
    missed: () => metrics?.cacheMissed(),
  };
}

/** How long an idle connection stays open: fastify's default, longer than HAProxy's and cloud balancers' idle timeouts. */
const KEEP_ALIVE_MS = 72_000;

/**
 * The node server: every request gets its id, then the answer cache answers what it can from
 * memory; the rest goes to fastify (security headers, CORS, bodies, REST routes, GraphQL, the web app).
 */
function shopServer(answerCache: AnswerCache, connections: Connections, exposeSqlCount: boolean) {
  return (handler: http.RequestListener) => {
    const server = http.createServer((req, res) => {
      connections.started(req, res);
      assignRequestId(req, res);
      if (!hostIsWellFormed(req.headers.host)) return refuseBadHost(res);
      answerCache.serve(req, res, () =>
        exposeSqlCount ? requestStats.run(statsFor(req), () => handler(req, res)) : handler(req, res),
      );
    });
    // fastify sets its keep-alive timeout only on a server it makes itself: a balancer or client
    // that keeps an idle connection longer than Node's 5 s would send on a socket being closed.
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    connections.track(server);
    return server;
  };
}

/** A Host header, when there is one, is a host name or address and an optional port (RFC 3986). */
const WELL_FORMED_HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(:\d{1,5})?$/;
const hostIsWellFormed = (host: string | undefined) => host === undefined || WELL_FORMED_HOST.test(host);

function refuseBadHost(res: http.ServerResponse): void {
  const body = JSON.stringify({ error: "The Host header is not a host name or address" });
  res.writeHead(400, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  res.end(body);
}

/** Tests and benchmarks only (EXPOSE_SQL_COUNT): counts a request's SQL, and keeps it if asked to (X-Sql-Statements: keep). */
const statsFor = (req: http.IncomingMessage): RequestStats =>
  req.headers["x-sql-statements"] === "keep" ? { sqlQueries: 0, statements: [] } : { sqlQueries: 0 };

/** The shop's HTTP edge, assembled from its parts. */
export async function createApp(parts: AppParts): Promise<ShopApp> {
  const { config, log } = parts;
  const persistedDocuments = PersistedDocuments.ofWebBuild(config.webDistDir);
  const answerCache = new AnswerCache(parts.events, (authorization) => parts.callers.idOf(authorization), {
    graphqlPath: GRAPHQL_PATH,
    maxEntries: 7000,
    maxBytes: 64 * 1024 * 1024,
    maxPages: 2000,
    maxPageBytes: 32 * 1024 * 1024,
    observer: watchAnswerCache(parts.metrics ?? null, log),
    persistedDocumentOf: (hash) => persistedDocuments.documentOf(hash),
  });
  const connections = new Connections();
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    logController: new RequestLogs(parts.metrics ? countRequests(parts.metrics) : null),
    genReqId: requestIdOf,
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY; loopback by default).
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    serverFactory: shopServer(answerCache, connections, config.exposeSqlCount),
    return503OnClosing: true,
    // An email in a path (PUT /user/{email}) may be 254 characters; longer parts answer 414 with a message that says so.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
    // Connections close as their requests finish (Connections), not by fastify's idle guess.
    forceCloseConnections: false,
  });
  const routes: ShopApp["routes"] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, path: route.url });
  });
  app.setErrorHandler(handleError);
  app.addHook("onSend", async (request, reply, payload) => {
    if (config.exposeSqlCount) {
      const stats = requestStats.getStore();
      reply.header("x-sql-queries", String(stats?.sqlQueries ?? 0));
      if (stats?.statements)
        reply.header("x-sql-statements", Buffer.from(JSON.stringify(stats.statements)).toString("base64"));
    }
    answerCache.record(
      request.raw,
      () => reply.getHeaders() as http.OutgoingHttpHeaders,
      reply.statusCode,
      payload,
      request.body,
    );
    return payload;
  });

  await registerSecurity(app, {
    production: config.production,
    corsOrigins: config.corsOrigins,
    publicConfig: parts.publicConfig,
  });
  registerJsonBodies(app);
  // Before the routes it describes: @fastify/swagger collects them as they are registered.
  await registerOpenApi(app, { docsPage: config.apiDocsPage });
  registerHealth(app, parts.readiness);
  const webApp = await registerWebApp(app, {
    webDistDir: config.webDistDir,
    assetsDir: config.assetsDir,
    serverRendering: config.webServerRendering,
    cartFormToken: () => parts.services.browserCarts.formToken(),
    cartPage: (request) => cartPageOf(parts.services, request.headers, `${request.protocol}://${request.host}`),
    pageRendered: (request, reads) => answerCache.pageRead(request.raw, reads),
  });
  answerCache.declarePages(webApp);
  registerRestRoutes(app, parts.restRoutes, {
    callers: parts.callers,
    rateLimits: parts.rateLimits,
    answerCache,
    serveWebApp: webApp.serve,
    jsonBodyLimit: JSON_BODY_LIMIT,
  });
  const apollo = await registerGraphql(app, {
    schema: parts.schema,
    services: parts.services,
    callers: parts.callers,
    publicConfig: parts.publicConfig,
    rateLimits: parts.rateLimits,
    production: config.production,
    introspection: config.graphqlIntrospection,
    persistedDocuments,
    log,
  });
  answerCache.declareGraphqlSchema(parts.schema);
  await app.ready();
  return {
    app,
    httpServer: app.server,
    routes,
    stop: async () => {
      connections.closeWhenIdle();
      await app.close();
      await apollo.stop();
    },
  };
}
