import { createRequire } from "node:module";
import path from "node:path";
import { buildClientSchema, getIntrospectionQuery, GraphQLField, GraphQLSchema } from "graphql";
import { gql } from "../../support/client";
import { GRAPH_DIR } from "../../support/processes";
import { restRoutes } from "../../support/routes";

/*
 * What the fuzzer aims at, read from the server itself so that a new route or field is fuzzed
 * without anyone listing it: the REST routes the app answers (with what each declares it reads)
 * and the root fields of the running shop's schema.
 */

export interface RestTarget {
  method: string;
  /** find-my-way syntax: /parts/:id */
  path: string;
  /** The JSON body fields and query parameters the route declares it reads (none for undeclared routes such as /healthz). */
  body: string[];
  query: string[];
  /** How the route takes its body: parsed JSON, the raw bytes (a signed webhook) or a stream (an upload). */
  bodyKind: "json" | "raw" | "stream";
}

const requireBuilt = createRequire(path.join(GRAPH_DIR, "dist", "main.js"));

interface Declaration {
  method: string;
  path: string;
  reads?: { body?: string[]; query?: string[] };
  body?: "json" | "raw" | "stream";
}

/** The route table's declarations, built with services that are never called (as test/support/routes.ts does). */
function declarations(): Declaration[] {
  requireBuilt("reflect-metadata");
  const { restRoutes: routeTable } = requireBuilt("./api/rest/index.js");
  const unused = new Proxy({}, { get: () => () => Promise.reject(new Error("not called while listing routes")) });
  return routeTable(new Proxy({}, { get: () => unused }));
}

/** Every REST route the app answers, with what its declaration says it reads. */
export async function restTargets(): Promise<RestTarget[]> {
  const declared = new Map(declarations().map((route) => [`${route.method} ${route.path}`, route]));
  return (await restRoutes()).map((route) => {
    const declaration = declared.get(`${route.method} ${route.path}`);
    return {
      method: route.method,
      path: route.path,
      body: declaration?.reads?.body ?? [],
      query: declaration?.reads?.query ?? [],
      bodyKind: declaration?.body ?? "json",
    };
  });
}

/** The running shop's schema, by introspection (it is on outside production). */
export async function liveSchema(): Promise<GraphQLSchema> {
  const answer = await gql(getIntrospectionQuery());
  if (!answer.body.data) throw new Error(`introspection failed: ${JSON.stringify(answer.body)}`);
  return buildClientSchema(answer.body.data);
}

export interface GraphqlTarget {
  operation: "query" | "mutation";
  field: GraphQLField<unknown, unknown>;
}

/** Every root field of Query and Mutation. */
export function graphqlTargets(schema: GraphQLSchema): GraphqlTarget[] {
  const fields = (operation: "query" | "mutation") =>
    Object.values((operation === "query" ? schema.getQueryType() : schema.getMutationType())?.getFields() ?? {}).map(
      (field) => ({ operation, field }),
    );
  return [...fields("query"), ...fields("mutation")];
}
