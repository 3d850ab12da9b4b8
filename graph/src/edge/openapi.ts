import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import type { RestRoute } from "../api/rest";
import { REST_SCHEMAS, schemas, type Answer, type Parameter, type Schema } from "../api/rest/route-doc";
import { RATE_LIMIT_SUBJECTS } from "./rate-limits";

/*
 * The OpenAPI 3.1 document of the REST routes, built by @fastify/swagger from the routes as
 * fastify registers them, and served at /openapi.json; Swagger UI renders it at /docs.
 *
 * Each route's description travels in its route `config` (config.openapi), which fastify never
 * compiles: a route `schema` would also make fastify validate requests (the input classes do that,
 * with the shop's messages) and serialize answers with fast-json-stringify, which drops properties
 * its schema does not list and coerces types, so an answer could change without anyone noticing.
 * Here the answers stay byte for byte what the handlers make; the REST contract tests check each
 * one against this document instead (test/support/contract.ts).
 */

export const OPENAPI_PATH = "/openapi.json";
export const DOCS_PATH = "/docs";

const { ref } = schemas;

const DESCRIPTION = `The REST routes of Partshop, an online shop for laptop parts: the paths, bodies and answers the spec's web client uses, and what was added beside them (search, running the shop, uploads, health).

- **Sign in**: get a Firebase ID token (Firebase Auth; locally the Auth Emulator), exchange it with \`PUT /user/{email}\` for the shop's access token, and send that as \`Authorization: Bearer <token>\` (docs/api-getting-started.md shows it step by step).
- **Money** is in dollars with two decimals (stored as integer cents); **times** are ISO 8601 in UTC.
- **Refusals** answer a 4xx status with \`{"error": "<message>"}\` naming the field at fault (\`POST /order\` and \`POST /upload\`: \`{"success": false, "error"}\`); a 500 adds \`requestId\`. Codes and meanings: docs/error-codes.md.
- **Limits**: JSON bodies 100 kB, lists at most 1,000 records (GraphQL at /graphql pages through everything); sign-in, uploads and the newsletter are rate-limited per client address, orders and card payments per customer (429 with \`Retry-After\`).
- Every answer carries \`X-Request-Id\`. Cacheable reads carry a weak \`ETag\` and answer 304 to \`If-None-Match\`.`;

const SECURITY_SCHEMES = {
  accessToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The shop's access token, from PUT /user/{email} (or the GraphQL signIn mutation); valid one day",
  },
  firebaseIdToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "Firebase ID token",
    description:
      "A Firebase ID token for the email in the path: the proof PUT /user/{email} exchanges for an access token",
  },
};

const TAGS = [
  { name: "Catalogue", description: "Parts, new arrivals (products) and reviews; running the catalogue (admins)" },
  { name: "Cart", description: "This browser's cart, kept by the shop under a cookie: the storefront's forms fill it" },
  { name: "Orders", description: "Reserving parts, a customer's orders, every order (admins)" },
  { name: "Payments", description: "Card payments of orders (Stripe, or the local payment sandbox)" },
  { name: "Accounts", description: "Signing in, users and roles, profiles, the newsletter" },
  { name: "Images", description: "Uploaded images (reviews' photos)" },
  { name: "Health", description: "For load balancers and orchestrators" },
];

/** An answer as @fastify/swagger reads a response: its content by media type, or none. */
function responseOf(answer: Answer): Schema {
  const headers = answer.headers ? { headers: answer.headers } : {};
  const content = answer.content ?? (answer.schema ? { "application/json": { schema: answer.schema } } : undefined);
  return content
    ? { description: answer.description, content, ...headers }
    : { description: answer.description, type: "null", ...headers };
}

/** The refusals every route of its kind may answer; a route's own answer for a status wins. */
function commonAnswers(route: RestRoute): Record<number, Answer> {
  const refusal = ref(route.refusal ? "Refusal" : "Error");
  const retryAfter = {
    "retry-after": { type: "integer", minimum: 1, required: true, description: "Seconds to wait before trying again" },
  };
  const answers: Record<number, Answer> = {
    400: {
      description:
        "Bad input: a value missing, of the wrong type or out of range, ill-formed text, or a body that is not valid JSON; the message names the field",
      schema: refusal,
    },
  };
  if (route.path.includes(":"))
    answers[414] = { description: "A part of the path is longer than 320 characters", schema: refusal };
  if (route.auth)
    answers[401] = {
      description: "No access token, or one that is expired, altered or signed by someone else",
      schema: refusal,
    };
  if (route.auth === "ADMIN") answers[403] = { description: "Signed in, but not an admin", schema: refusal };
  if (route.method !== "GET") {
    answers[413] = { description: "The body is larger than the route takes", schema: refusal };
    answers[415] = {
      description: "The body's encoding is not one the route takes (JSON must be UTF-8, uncompressed)",
      schema: refusal,
    };
  }
  if (route.rateLimit) {
    const whose = RATE_LIMIT_SUBJECTS[route.rateLimit] === "customer" ? "by this customer" : "from this client address";
    answers[429] = { description: `Too many requests ${whose} in the window`, schema: refusal, headers: retryAfter };
  }
  if (route.cachedUntil && route.method === "GET")
    answers[304] = { description: "Not modified: If-None-Match named this answer's ETag" };
  answers[500] = {
    description: "A fault on the shop's side; requestId (and X-Request-Id) names it in the log",
    schema: refusal,
  };
  answers[503] = {
    description: "The shop's database or identity provider cannot be reached right now",
    schema: refusal,
    headers: retryAfter,
  };
  return answers;
}

/** Who may call a route, as its description ends. */
function whoMayCall(route: RestRoute): string {
  if (route.doc.credential === "firebaseIdToken") return "anyone with a Firebase ID token for the email.";
  if (route.auth === "ADMIN") return "admins only (`Authorization: Bearer <access token>`).";
  if (route.auth === "USER") return "any signed-in user (`Authorization: Bearer <access token>`).";
  return "anyone, no token needed.";
}

/** Parameters in a location, as a JSON object schema whose `required` lists the required ones. */
function parametersOf(
  parameters: Record<string, Parameter> | undefined,
  everyOneRequired: boolean,
): Schema | undefined {
  if (!parameters) return undefined;
  const properties = Object.fromEntries(
    Object.entries(parameters).map(([name, { required: _required, ...schema }]) => [name, schema]),
  );
  const required = Object.entries(parameters)
    .filter(([, schema]) => everyOneRequired || schema.required === true)
    .map(([name]) => name);
  return { type: "object", properties, required };
}

/** The OpenAPI operation of a REST route, in @fastify/swagger's route-schema form (carried in config.openapi). */
export function operationOf(route: RestRoute): Schema {
  const { doc } = route;
  const answers = { ...commonAnswers(route), ...doc.answers };
  // A route that is also a web page answers a browser with the web app.
  if (route.webRoute && answers[200]?.schema) {
    answers[200] = {
      ...answers[200],
      content: {
        "application/json": { schema: answers[200].schema },
        "text/html": {
          schema: { type: "string", description: "The web app's page, to a browser (Accept: text/html)" },
        },
      },
      schema: undefined,
    };
  }
  const subject =
    route.rateLimit && (RATE_LIMIT_SUBJECTS[route.rateLimit] === "customer" ? "customer" : "client address");
  const rateLimited = subject ? ` Rate-limited per ${subject} (429 with Retry-After beyond the limit).` : "";
  const security =
    doc.credential === "firebaseIdToken" ? [{ firebaseIdToken: [] }] : route.auth ? [{ accessToken: [] }] : [];
  return dropUndefined({
    operationId: doc.operationId,
    summary: doc.summary,
    description: `${doc.description ? `${doc.description}\n\n` : ""}Who may call it: ${whoMayCall(route)}${rateLimited}`,
    tags: [doc.tag],
    params: parametersOf(doc.params, true),
    querystring: parametersOf(doc.query, false),
    headers: parametersOf(doc.headers, false),
    body: doc.body,
    security,
    response: Object.fromEntries(Object.entries(answers).map(([status, answer]) => [status, responseOf(answer)])),
  });
}

const dropUndefined = (object: Schema): Schema =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

/** Any path answers this before a route sees the request (app.ts, fastify). */
const BAD_REQUEST_LINE = responseOf({
  description: "A Host header that names no host, or a URL with broken percent-encoding",
  schema: ref("Error"),
});

/** /healthz and /readyz, which edge/health.ts registers (they are not REST routes of the spec, and check nothing of the caller). */
export const HEALTH_OPERATIONS: Record<"healthz" | "readyz", Schema> = {
  healthz: {
    operationId: "healthz",
    summary: "Alive: the process answers",
    description:
      "For a load balancer or orchestrator, which restarts a process that does not answer. Who may call it: anyone.",
    tags: ["Health"],
    security: [],
    response: {
      200: responseOf({
        description: "Alive",
        schema: schemas.object({ ok: { const: true, description: "Always true" } }, "Alive"),
      }),
      400: BAD_REQUEST_LINE,
      503: responseOf({ description: "Shutting down", schema: ref("Error") }),
    },
  },
  readyz: {
    operationId: "readyz",
    summary: "Ready: the database, migrations, identity and payment services",
    description:
      "A balancer sends traffic only to a process that answers 200. Who may call it: anyone (it shows no data).",
    tags: ["Health"],
    security: [],
    response: Object.fromEntries([
      [400, BAD_REQUEST_LINE],
      ...[200, 503].map((status) => [
        status,
        responseOf({
          description:
            status === 200
              ? "Ready"
              : "Not ready: `failed` names the checks that failed (their details are for operators)",
          schema: schemas.object(
            {
              ready: { type: "boolean", description: "Whether every check passed" },
              failed: {
                type: "array",
                items: { type: "string" },
                description: "The checks that failed, by name (database, migrations, identity, payments...)",
              },
            },
            "The readiness",
          ),
        }),
      ]),
    ]),
  },
};

/**
 * @fastify/swagger copies an answer's header, `required` included, into the header's schema;
 * OpenAPI has `required` on the header itself.
 */
function requiredHeadersMarked(document: Schema): Schema {
  const paths = document.paths as Record<
    string,
    Record<string, { responses: Record<string, { headers?: Record<string, Schema> }> }>
  >;
  for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods))) {
    for (const header of Object.values(operation.responses).flatMap((response) =>
      Object.values(response.headers ?? {}),
    )) {
      const schema = header.schema as Schema;
      if (schema?.required !== true) continue;
      delete schema.required;
      header.required = true;
    }
  }
  return document;
}

export interface OpenApiSettings {
  /** Serve the reference page (Swagger UI) at /docs. */
  docsPage: boolean;
}

/**
 * Registers the document (before the routes, which @fastify/swagger collects as they are
 * registered) and, when asked, the reference page. Routes without config.openapi (GraphQL, the web
 * app, the document and the page themselves) are left out of the document.
 */
export async function registerOpenApi(app: FastifyInstance, settings: OpenApiSettings): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Partshop REST API",
        // The spec's routes never change incompatibly (new things sit beside them): 1.x for good.
        version: "1.0.0",
        description: DESCRIPTION,
      },
      // Paths are the shop's own, on whatever host serves the document.
      servers: [{ url: "/", description: "This shop" }],
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES, schemas: REST_SCHEMAS },
    } as never,
    convertConstToEnum: false,
    transformObject: (documentObject) =>
      requiredHeadersMarked((documentObject as { openapiObject: Schema }).openapiObject) as never,
    transform: ({ route, url }) => ({
      url,
      schema: ((route.config as { openapi?: Schema } | undefined)?.openapi ?? { hide: true }) as never,
    }),
  });
  app.get(OPENAPI_PATH, async (_request, reply) => reply.header("cache-control", "no-cache").send(app.swagger()));
  if (settings.docsPage) {
    await app.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      // The shop's own CSP serves the page: its scripts and styles are the shop's (same origin).
      staticCSP: false,
      validatorUrl: false,
      theme: { title: "Partshop REST API" },
      uiConfig: { docExpansion: "list", deepLinking: true, defaultModelsExpandDepth: 0 },
    });
  }
}
