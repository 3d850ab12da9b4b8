import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { ApolloServer, ApolloServerPlugin } from "@apollo/server";
import { expressMiddleware } from "@as-integrations/express5";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { unwrapResolverError } from "@apollo/server/errors";
import cors from "cors";
import express, { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { GraphQLFormattedError } from "graphql";
import { ArgumentValidationError } from "type-graphql";
import type { Config } from "../config";
import { requestStats } from "../db/request-stats";
import { ShopError, toShopError } from "../errors";
import { createContext, GraphContext } from "../graphql/context";
import { buildShopSchema } from "../graphql/schema";
import { PublicConfig } from "../graphql/types/public-config";
import { describeValidationErrors } from "../inputs/validation";
import { prefersHtml, restRouter } from "../rest/router";
import { uploadRouter } from "../rest/uploads";
import { Services } from "../services";
import { serveCachedAnswers } from "../cache/cached-responses";
import { PAGE_MAX } from "../inputs/inputs";
import { GRAPHQL_LIMITS, GRAPHQL_MAX_TOKENS, graphqlLimitRules, refuseBatchedOperations } from "./graphql-limits";
import { clientAddress, createRateLimiters, rateLimitPlugin, rateLimitRoute } from "./rate-limit";

export const JSON_BODY_LIMIT = "100kb";

/** What resolvers see, plus the caller's address for the rate limits. */
type ShopGraphContext = GraphContext & { clientAddress: string };

/** GraphQL errors the caller can act on keep their code; anything unexpected is logged and hidden. */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof ArgumentValidationError) {
    const { message, fields } = describeValidationErrors(original.extensions.validationErrors as any);
    return { ...formatted, message, extensions: { code: "BAD_USER_INPUT", fields } };
  }
  if (original instanceof ShopError) {
    return { ...formatted, message: original.message, extensions: { ...original.extensions, code: original.code } };
  }
  const code = formatted.extensions?.code;
  if (typeof code === "string" && code !== "INTERNAL_SERVER_ERROR") return formatted;
  const shopError = toShopError(original);
  if (shopError.code === "INTERNAL_SERVER_ERROR") console.error("Unexpected GraphQL error:", original);
  return { message: shopError.message, locations: formatted.locations, path: formatted.path, extensions: { code: shopError.code } };
}

/** Counts SQL statements per request and reports them in a header (tests and benchmarks only). */
function sqlCountHeader(req: Request, res: Response, next: NextFunction) {
  const stats = { sqlQueries: 0 };
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: any[]) {
    if (!res.headersSent) res.setHeader("x-sql-queries", String(stats.sqlQueries));
    return (writeHead as any).apply(this, args);
  } as any;
  requestStats.run(stats, next);
}

/**
 * An HTTP server whose requests and responses are built with express's own prototypes. Express
 * gives each request and response those prototypes with Object.setPrototypeOf, which takes V8 off
 * its fast paths in all of node's HTTP code: measured here, 2.5 times the CPU of a request (0.26
 * vs 0.10 ms for a bare express route). Here node constructs them as subclasses of its own
 * IncomingMessage and ServerResponse that inherit express's methods, and those subclasses' prototypes
 * become the app's request and response: express's setPrototypeOf then changes nothing.
 */
function expressShapedServer(app: express.Express, listener: http.RequestListener): http.Server {
  class ExpressRequest extends http.IncomingMessage {}
  Object.setPrototypeOf(ExpressRequest.prototype, app.request);
  app.request = ExpressRequest.prototype as unknown as typeof app.request;
  class ExpressResponse<R extends http.IncomingMessage> extends http.ServerResponse<R> {}
  Object.setPrototypeOf(ExpressResponse.prototype, app.response);
  app.response = ExpressResponse.prototype as unknown as typeof app.response;
  return http.createServer({ IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse }, listener);
}

export interface ShopServer {
  app: express.Express;
  httpServer: http.Server;
  stop(): Promise<void>;
}

export async function createShopServer(config: Config, services: Services, publicConfig: PublicConfig): Promise<ShopServer> {
  const app = express();
  const answerCaches = { catalogue: services.catalogueCache, viewer: services.viewerCache, callerIdOf: (authorization: string) => services.users.callerIdOf(authorization) };
  const httpServer = expressShapedServer(app, serveCachedAnswers(app, answerCaches));
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  const limiters = createRateLimiters(config.rateLimits, services.rateLimitCounter);
  const plugins: ApolloServerPlugin<ShopGraphContext>[] = [
    ApolloServerPluginDrainHttpServer({ httpServer }),
    // The schema declares no cache hints, so Apollo's plugin only ever answered "no-store" (set
    // below) while wrapping every field resolver: 10-15% of a signed-in query's CPU.
    ApolloServerPluginCacheControlDisabled(),
    config.production ? ApolloServerPluginLandingPageDisabled() : ApolloServerPluginLandingPageLocalDefault({ embed: true }),
    rateLimitPlugin<ShopGraphContext>({ signIn: limiters.signIn, subscribeNewsletter: limiters.newsletter }),
  ];
  const apollo = new ApolloServer<ShopGraphContext>({
    schema: buildShopSchema(),
    introspection: config.graphqlIntrospection,
    // No "Did you mean ...?" suggestions in production.
    hideSchemaDetailsFromClientErrors: config.production,
    validationRules: graphqlLimitRules({ ...GRAPHQL_LIMITS, largestPage: PAGE_MAX }),
    parseOptions: { maxTokens: GRAPHQL_MAX_TOKENS },
    allowBatchedHttpRequests: false,
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    plugins,
  });
  await apollo.start();

  if (config.exposeSqlCount) app.use(sqlCountHeader);

  const connectSources = ["'self'", ...config.corsOrigins];
  if (publicConfig.authEmulatorUrl) connectSources.push(publicConfig.authEmulatorUrl);
  if (publicConfig.paymentSandboxUrl) connectSources.push(publicConfig.paymentSandboxUrl);
  if (!publicConfig.authEmulatorUrl) connectSources.push("https://*.googleapis.com", "https://*.firebaseapp.com");
  const helmetOptions: Parameters<typeof helmet>[0] = {
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", "https://js.stripe.com", "https://embeddable-sandbox.cdn.apollographql.com", "https://apollo-server-landing-page.cdn.apollographql.com"],
        "style-src": ["'self'", "'unsafe-inline'", "https://apollo-server-landing-page.cdn.apollographql.com"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "connect-src": connectSources.concat(["https://api.stripe.com"]),
        "frame-src": ["'self'", "https://js.stripe.com", "https://hooks.stripe.com", "https://sandbox.embed.apollographql.com", "https://*.firebaseapp.com", ...(publicConfig.authEmulatorUrl ? [publicConfig.authEmulatorUrl] : [])],
        "manifest-src": ["'self'", "https://apollo-server-landing-page.cdn.apollographql.com"],
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  };
  const securityHeaders = helmet(helmetOptions);
  // Apollo Sandbox's page (outside production) brings its own CSP with a per-page nonce for its
  // inline script; the shop's CSP on top would block that script, so that one page keeps Apollo's.
  const sandboxPageHeaders = helmet({ ...helmetOptions, contentSecurityPolicy: false });
  const isSandboxPage = (req: Request) => !config.production && req.method === "GET" && req.path === "/graphql" && prefersHtml(req);
  app.use((req, res, next) => (isSandboxPage(req) ? sandboxPageHeaders : securityHeaders)(req, res, next));
  app.use(
    cors({
      origin: config.corsOrigins.length ? config.corsOrigins : false,
      credentials: false,
      allowedHeaders: ["authorization", "content-type", "apollo-require-preflight"],
    }),
  );

  app.get("/healthz", (_req, res) => res.json({ ok: true }));

  // The webhook's signature covers the raw bytes, so this route reads them before any JSON parser.
  app.post("/stripe/webhook", express.raw({ type: "*/*", limit: "1mb" }), async (req, res, next) => {
    try {
      res.json(await services.payments.handleWebhook(req.body as Buffer, req.headers["stripe-signature"] as string | undefined));
    } catch (error) {
      next(error);
    }
  });

  app.post("/upload", rateLimitRoute(limiters.uploads, (error) => ({ success: false, error })));
  app.use(uploadRouter(services, path.join(config.dataDir, "uploads")));

  app.use(express.json({ limit: JSON_BODY_LIMIT, strict: false, type: ["application/json", "application/*+json"] }));
  app.use("/graphql", refuseBatchedOperations);
  app.use("/graphql", (_req, res, next) => {
    // GraphQL answers may be a user's own: no HTTP cache between the shop and the client keeps them.
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  app.use(
    "/graphql",
    expressMiddleware(apollo, {
      context: async ({ req }) => ({ ...createContext(services, publicConfig, req.headers.authorization), clientAddress: clientAddress(req) }),
    }),
  );
  app.put("/user/:email", rateLimitRoute(limiters.signIn));
  app.post("/newsletter", rateLimitRoute(limiters.newsletter));
  app.use(restRouter(services));

  app.use("/images", express.static(path.join(config.assetsDir, "images"), { maxAge: "7d", fallthrough: false }));

  const webIndex = path.join(config.webDistDir, "index.html");
  if (fs.existsSync(webIndex)) {
    app.use(express.static(config.webDistDir, { index: false, maxAge: "1h" }));
    app.use("/assets", (_req, res) => res.status(404).json({ error: "Not found" }));
  }
  // Web routes and unknown paths: browsers get the web app (it shows its own 404), APIs get JSON.
  app.use((req, res) => {
    if (req.method === "GET" && prefersHtml(req) && fs.existsSync(webIndex)) {
      res.setHeader("Cache-Control", "no-cache");
      return res.sendFile(webIndex);
    }
    res.status(404).json({ error: `Cannot ${req.method} ${req.path}` });
  });

  app.use((error: any, req: Request, res: Response, _next: NextFunction) => {
    // /graphql answers in GraphQL's shape ({errors: [{message, extensions: {code}}]}), the rest as {error}.
    const answer = (status: number, code: string, message: string) =>
      req.path === "/graphql"
        ? res.status(status).json({ errors: [{ message, extensions: { code } }] })
        : res.status(status).json({ error: message });
    if (error?.type === "entity.parse.failed") return answer(400, "BAD_REQUEST", "The request body is not valid JSON");
    if (error?.type === "entity.too.large") {
      const limit = typeof error.limit === "number" ? `${Math.round(error.limit / 1024)} kB` : JSON_BODY_LIMIT;
      return answer(413, "PAYLOAD_TOO_LARGE", `The request body is larger than the limit of ${limit}`);
    }
    if (error?.type === "encoding.unsupported" || error?.type === "charset.unsupported") {
      return answer(415, "BAD_REQUEST", "Unsupported body encoding");
    }
    if (error?.status === 404 && error?.expose) return answer(404, "NOT_FOUND", "Not found");
    // Other client errors raised before a handler runs: a body that does not inflate, a path
    // with broken percent-encoding ("Failed to decode param"), an aborted upload.
    if (typeof error?.status === "number" && error.status >= 400 && error.status < 500 && error.expose !== false) {
      const message = error instanceof URIError ? "The URL is not valid (broken percent-encoding)" : String(error.message || "Bad request");
      return answer(error.status, error.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", message);
    }
    const shopError = toShopError(error);
    if (shopError.code === "INTERNAL_SERVER_ERROR") console.error("Unexpected error:", error);
    if (shopError.code === "SERVICE_UNAVAILABLE") res.setHeader("Retry-After", "5");
    answer(shopError.status, shopError.code, shopError.message);
  });

  return {
    app,
    httpServer,
    stop: async () => {
      await apollo.stop();
      if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
