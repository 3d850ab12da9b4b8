import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { unwrapResolverError } from "@apollo/server/errors";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import { fastifyApolloHandler } from "@as-integrations/fastify";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { InMemoryLRUCache } from "@apollo/utils.keyvaluecache";
import { GraphQLError, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from "graphql";
import { ArgumentValidationError } from "type-graphql";
import type { Callers } from "../api/auth/callers";
import { requestLog } from "../domain/log";
import { createContext, type GraphContext } from "../api/graphql/context";
import { SANDBOX_DOCUMENT, SANDBOX_VARIABLES } from "../api/graphql/examples";
import {
  MISMATCHED_PERSISTED_DOCUMENT,
  UNKNOWN_PERSISTED_DOCUMENT,
  type PersistedDocuments,
} from "../api/graphql/persisted-documents";
import type { PublicConfig } from "../api/graphql/types/public-config";
import { PAGE_MAX } from "../api/inputs/common";
import { describeValidationErrors } from "../api/inputs/validation";
import { ShopError, toShopError } from "../domain/errors";
import type { Services } from "../domain/services";
import { compiledExecution } from "./compiled-execution";
import { GRAPHQL_PATH, logCause, sendRefusal, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./errors";
import { GRAPHQL_LIMITS, GRAPHQL_MAX_TOKENS, graphqlLimitRules } from "./graphql-limits";
import type { Logger } from "./logging";
import { perListItem, rateLimitPlugin, type RateLimits } from "./rate-limits";
import { responseContentTypePlugin } from "./response-content-type";
import { wellFormedTextRule, wellFormedVariablesPlugin } from "./well-formed-text";

/** What resolvers see, plus what the edge's plugins need. */
export type ShopGraphContext = GraphContext & {
  clientAddress: string;
  /** The user id the request's access token names (checked, no database read), or null. */
  customerId(): Promise<string | null>;
  requestId: string;
  log: FastifyBaseLogger;
};

/** GraphQL errors the caller can act on keep their code; anything unexpected is hidden (and logged by the plugin below). */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof ArgumentValidationError) {
    const { message, fields } = describeValidationErrors(original.extensions.validationErrors as any);
    return { ...formatted, message, extensions: { code: "BAD_USER_INPUT", fields } };
  }
  if (original instanceof ShopError) {
    return { ...formatted, message: original.message, extensions: { ...original.details, code: original.code } };
  }
  const code = formatted.extensions?.code;
  if (code === "PERSISTED_QUERY_NOT_FOUND") return { ...formatted, message: UNKNOWN_PERSISTED_DOCUMENT };
  if (typeof code === "string" && code !== "INTERNAL_SERVER_ERROR") return formatted;
  // Raised by graphql-js or Apollo about the request itself (a subscription, a persisted-query
  // hash that does not match, an argument that cannot be null): the client's, and said as it is.
  if (raisedForTheClient(original)) {
    return {
      ...formatted,
      ...(formatted.message === APOLLO_HASH_MISMATCH ? { message: MISMATCHED_PERSISTED_DOCUMENT } : {}),
      extensions: { ...formatted.extensions, code: formatted.path ? "BAD_USER_INPUT" : "BAD_REQUEST" },
    };
  }
  const shopError = toShopError(original);
  return {
    message: shopError.message,
    locations: formatted.locations,
    path: formatted.path,
    extensions: { code: shopError.code },
  };
}

/** Apollo's terse words for a persisted-query hash sent with a text it is not the hash of. */
const APOLLO_HASH_MISMATCH = "provided sha does not match query";

/**
 * A GraphQLError that graphql-js or Apollo created itself, not one wrapped around something our
 * code threw (that would have an originalError): a refusal of the request, with a message for it.
 */
const raisedForTheClient = (error: unknown) => error instanceof GraphQLError && !error.originalError;

/** An unexpected error is logged once, with the request id, the operation and the stack; its answer carries the request id. */
function unexpectedErrorsPlugin(): ApolloServerPlugin<ShopGraphContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue, operationName }) {
          for (const error of errors) {
            const original = unwrapResolverError(error);
            if (original instanceof ShopError)
              logCause(contextValue.log, original, { operation: operationName ?? "(anonymous)" });
            if (original instanceof ShopError || original instanceof ArgumentValidationError) continue;
            if (error.extensions?.code && error.extensions.code !== "INTERNAL_SERVER_ERROR") continue;
            if (raisedForTheClient(original)) continue;
            if (toShopError(original).code !== "INTERNAL_SERVER_ERROR") continue;
            contextValue.log.error(
              { err: original, operation: operationName ?? "(anonymous)", path: error.path?.join(".") },
              "Unexpected GraphQL error",
            );
          }
        },
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== "single") return;
          for (const error of response.body.singleResult.errors ?? []) {
            if (error.extensions?.code === "INTERNAL_SERVER_ERROR")
              (error.extensions as Record<string, unknown>).requestId = contextValue.requestId;
          }
        },
      };
    },
  };
}

/**
 * An answer with an error the caller may retry because a dependency is down (the database while no
 * primary is reachable, the identity or payment provider) is an HTTP 503 with Retry-After, as REST
 * answers it: clients and proxies that look only at the status see it too. The error also carries
 * `retryAfterSeconds`, as a rate-limited one does.
 */
function unavailableAnswersPlugin(): ApolloServerPlugin<ShopGraphContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== "single") return;
          const unavailable = (response.body.singleResult.errors ?? []).filter(
            (error) => error.extensions?.code === "SERVICE_UNAVAILABLE",
          );
          if (!unavailable.length) return;
          for (const error of unavailable)
            (error.extensions as Record<string, unknown>).retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS;
          response.http.status = 503;
          response.http.headers.set("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        },
      };
    },
  };
}

export interface GraphqlEdge {
  schema: GraphQLSchema;
  services: Services;
  callers: Callers;
  publicConfig: PublicConfig;
  rateLimits: RateLimits;
  production: boolean;
  introspection: boolean;
  /** The web app's documents, which it sends by hash (api/graphql/persisted-documents.ts). */
  persistedDocuments: PersistedDocuments;
  log: Logger;
}

/**
 * Parsed and validated documents, by the text's hash. Apollo's default store weighs each new
 * document by JSON-serialising its syntax tree and holds 30 MB of that JSON: under a stream of
 * one-off documents it kept about 100 MB of trees alive (a tree with its tokens takes about 100
 * bytes of heap per character of text), and every full GC traced them. Weighed here by the text's
 * length, at most 64 kB of text (about 4 MB of trees, some 200 documents the size of the web
 * app's): the few documents real clients send, and room for Sandbox users'. At 256 kB a stream of
 * one-off documents kept 16 MB of trees, which the heap's growth multiplies (heap.ts).
 */
export function parsedDocuments(): InMemoryLRUCache<DocumentNode> {
  return new InMemoryLRUCache<DocumentNode>({
    maxSize: 64 * 1024,
    sizeCalculation: (document) => document.loc?.end ?? 1024,
  });
}

/** Apollo Server at /graphql, with the shop's limits, rate limits and error rules. */
export async function registerGraphql(
  app: FastifyInstance,
  edge: GraphqlEdge,
): Promise<ApolloServer<ShopGraphContext>> {
  const apollo = new ApolloServer<ShopGraphContext>({
    gateway: compiledExecution(edge.schema),
    documentStore: parsedDocuments(),
    // A hash without text runs the web app's document of that hash; none is ever registered.
    persistedQueries: { cache: edge.persistedDocuments.apolloCache() },
    introspection: edge.introspection,
    // No "Did you mean ...?" suggestions in production.
    hideSchemaDetailsFromClientErrors: edge.production,
    validationRules: [wellFormedTextRule, ...graphqlLimitRules({ ...GRAPHQL_LIMITS, largestPage: PAGE_MAX })],
    parseOptions: { maxTokens: GRAPHQL_MAX_TOKENS },
    allowBatchedHttpRequests: false,
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    logger: edge.log.child({ component: "apollo" }),
    plugins: [
      // No fastifyApolloDrainPlugin: the shop's stop closes the HTTP server itself, letting busy
      // connections finish (edge/connections.ts), before it stops Apollo. The plugin would close
      // fastify a second time, which never settles: every stop waited out its whole grace period.
      // The schema declares no HTTP cache hints; Apollo's plugin would only ever answer "no-store"
      // (set below) while wrapping every field resolver: 10-15% of a signed-in query's CPU.
      ApolloServerPluginCacheControlDisabled(),
      // Outside production, Sandbox opens with example operations for a visitor, a customer and an admin.
      edge.production
        ? ApolloServerPluginLandingPageDisabled()
        : ApolloServerPluginLandingPageLocalDefault({
            embed: true,
            document: SANDBOX_DOCUMENT,
            variables: SANDBOX_VARIABLES,
          }),
      wellFormedVariablesPlugin<ShopGraphContext>(),
      rateLimitPlugin<ShopGraphContext>({
        signIn: edge.rateLimits.signIn,
        subscribeNewsletter: edge.rateLimits.newsletter,
        placeOrder: edge.rateLimits.orders,
        placeCheckout: { limit: edge.rateLimits.orders, cost: perListItem("input", "lines") },
        createPaymentIntent: edge.rateLimits.paymentIntents,
        createCheckoutPaymentIntent: edge.rateLimits.paymentIntents,
      }),
      unexpectedErrorsPlugin(),
      unavailableAnswersPlugin(),
      responseContentTypePlugin<ShopGraphContext>(),
    ],
  });
  await apollo.start();
  const handler = fastifyApolloHandler(apollo, {
    context: async (request) => ({
      ...createContext(
        edge.services,
        edge.publicConfig,
        () => edge.callers.authenticate(request.headers.authorization),
        () => edge.callers.claimsOf(request.headers.authorization),
      ),
      clientAddress: request.ip,
      customerId: () => edge.callers.idOf(request.headers.authorization ?? ""),
      requestId: String(request.id),
      log: request.log,
    }),
  });
  app.route({
    method: ["GET", "POST"],
    url: GRAPHQL_PATH,
    preHandler: async (request, reply) => {
      // GraphQL answers may be a user's own: no HTTP cache between the shop and the client keeps them.
      reply.header("cache-control", "no-store");
      // Apollo builds the request's URL from it.
      if (!request.headers.host)
        return sendRefusal(request, reply, new ShopError("BAD_USER_INPUT", "A Host header is required"));
      // A batch would multiply every limit by its length (Apollo refuses it too, more tersely).
      if (Array.isArray(request.body)) {
        const message = `Batched operations are not supported: the request body is a JSON array of ${request.body.length} operations; send one operation per request`;
        return reply
          .code(400)
          .type("application/json; charset=utf-8")
          .send(JSON.stringify({ errors: [{ message, extensions: { code: "BAD_REQUEST", limit: "batch" } }] }));
      }
    },
    // The operation's log lines (a payment refunded on its own...) carry its request id.
    handler: (request, reply) => {
      type ApolloRoute = Parameters<typeof handler>;
      return requestLog.run(request.log, () => handler.call(app, request as ApolloRoute[0], reply as ApolloRoute[1]));
    },
  });
  return apollo;
}
