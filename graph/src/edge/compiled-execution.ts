import type { GatewayExecutor, GatewayInterface } from "@apollo/server-gateway-interface";
import {
  execute,
  GraphQLError,
  printSchema,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";
import { LRUCache } from "lru-cache";

/** Compiled documents kept (each is a generated function, a few kB). */
const COMPILED_DOCUMENTS = 1000;
/** Documents seen once, remembered so that a second sight compiles. */
const SEEN_DOCUMENTS = 5000;

/**
 * Executes operations with graphql-jit: a document's execution is compiled to a JavaScript function
 * once, then every request of it runs that function instead of graphql-js walking the document
 * field by field (the profile of a query past the cache: graphql-js execution 13% of the CPU,
 * with its per-field promises and argument coercion). The same resolvers run, the @auth and
 * @cached wrappers included, after Apollo's parsing, validation (the limits) and plugins.
 *
 * Compiling costs more than executing once, so a document is compiled on its second sight; the
 * first runs through graphql-js (a Sandbox user's one-off query never pays for a compilation).
 *
 * Apollo Server takes a custom executor only through its gateway interface: this is a gateway
 * that serves one unchanging local schema.
 */
export function compiledExecution(schema: GraphQLSchema): GatewayInterface {
  const compiled = new LRUCache<string, CompiledQuery>({ max: COMPILED_DOCUMENTS });
  const seen = new LRUCache<string, true>({ max: SEEN_DOCUMENTS });

  const executor: GatewayExecutor = async (request) => {
    // The name as requested (request.operationName is the one Apollo resolved, null if none).
    const operationName = request.request.operationName;
    const executeOnce = () =>
      execute({
        schema,
        document: request.document,
        contextValue: request.context,
        variableValues: request.request.variables,
        operationName,
      });
    // An operation Apollo could not pick (a name the document lacks, several and none named):
    // graphql-js says why, as it always did.
    if (!request.operation) return executeOnce();
    const key = `${request.queryHash}:${operationName ?? ""}`;
    let query = compiled.get(key);
    if (!query) {
      if (!seen.get(key)) {
        seen.set(key, true);
        return executeOnce();
      }
      const compilation = compileOrNull(schema, request.document, operationName);
      // What graphql-jit cannot compile (an operation name the document does not have) runs
      // through graphql-js, which answers it as it always did.
      if (!compilation) return executeOnce();
      compiled.set(key, (query = compilation));
      seen.delete(key);
    }
    const result = await query.query(undefined, request.context, request.request.variables ?? {});
    // Variables that do not fit their types: graphql-jit refuses them before any resolver runs
    // (its answer then has no data), so nothing ran; graphql-js refuses them again in the words
    // Apollo recognises as its own (400, BAD_USER_INPUT).
    if (!("data" in result)) return executeOnce();
    return withGraphQLErrors(result);
  };

  return {
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    async stop() {},
  };
}

function compileOrNull(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
): CompiledQuery | null {
  try {
    const compilation = compileQuery(schema, document, operationName);
    return isCompiledQuery(compilation) ? compilation : null;
  } catch {
    return null;
  }
}

/**
 * graphql-jit's errors leave `extensions` undefined where graphql-js's are `{}`, and Apollo's error
 * formatting reads `extensions.code`: each becomes the GraphQLError graphql-js would have made.
 */
function withGraphQLErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((error) => {
    if (error.extensions) return error;
    const copy = new GraphQLError(error.message, { path: error.path, originalError: error.originalError });
    (copy as { locations: GraphQLError["locations"] }).locations = error.locations;
    return copy;
  });
  return { ...result, errors };
}
