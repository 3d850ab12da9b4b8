import { inject } from "vitest";
import { gql } from "./client";
import type { RestRoute } from "./route-table";

export { routeKey, type RestRoute } from "./route-table";

/**
 * Every API route of the real app (see listRestRoutes), listed once for the run by the global
 * setup: assembling the app takes seconds of CPU, which every file asking for it would repeat.
 */
export async function restRoutes(): Promise<RestRoute[]> {
  return inject("restRoutes");
}

/** The root fields of the running shop's schema (introspection is on outside production). */
export async function graphqlRootFields(): Promise<{ query: string[]; mutation: string[] }> {
  const answer = await gql("{ __schema { queryType { fields { name } } mutationType { fields { name } } } }");
  const names = (type: { fields: Array<{ name: string }> } | null) => (type?.fields ?? []).map((field) => field.name);
  return { query: names(answer.body.data.__schema.queryType), mutation: names(answer.body.data.__schema.mutationType) };
}
