import type { ApolloServerPlugin, GraphQLRequestListener } from "@apollo/server";
import Negotiator from "negotiator";

/** What Apollo Server offers a single result as, in its order of preference (its MEDIA_TYPES, which it does not export). */
const OFFERED = [
  "application/json; charset=utf-8",
  "application/graphql-response+json; charset=utf-8",
  "application/json; callbackSpec=1.0; charset=utf-8",
];
/** Distinct Accept headers remembered; clients send a handful, so more means someone is varying it. */
const REMEMBERED = 64;

/**
 * The content type of a single GraphQL result, chosen from the Accept header as Apollo Server
 * chooses it (negotiator, the same offers), but once per distinct header: Apollo builds a
 * Negotiator and parses the header on every request, 2% of a query's CPU past the answer cache.
 * A header that accepts none of the offers is left to Apollo, which answers 406.
 */
export function responseContentTypePlugin<Context extends object>(): ApolloServerPlugin<Context> {
  const chosen = new Map<string, string | undefined>();
  const contentTypeFor = (accept: string): string | undefined => {
    if (chosen.has(accept)) return chosen.get(accept);
    if (chosen.size >= REMEMBERED) chosen.clear();
    const preferred = new Negotiator({ headers: { accept } }).mediaType(OFFERED);
    chosen.set(accept, preferred);
    return preferred;
  };
  const requestListener: GraphQLRequestListener<Context> = {
    async willSendResponse({ request, response }) {
      if (!request.http || response.body.kind !== "single" || response.http.headers.has("content-type")) return;
      const accept = request.http.headers.get("accept");
      const contentType = accept ? contentTypeFor(accept) : OFFERED[0];
      if (contentType) response.http.headers.set("content-type", contentType);
    },
  };
  return { requestDidStart: async () => requestListener };
}
