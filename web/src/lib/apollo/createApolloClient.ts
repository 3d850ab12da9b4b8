import { ApolloClient, ApolloLink, HttpLink } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { PersistedQueryLink } from "@apollo/client/link/persisted-queries";
import type { DocumentNode } from "graphql";
import { apiUrl } from "@/lib/apiUrl";
import { getAccessToken } from "@/lib/auth/accessToken";
import { createCache } from "./cache";

/**
 * The sha256 codegen wrote into a generated document (`__meta__.hash`, "sha256:<hex>"), as the
 * server's manifest knows it. Every document of the web app is generated: one without a hash is a bug.
 */
export function persistedHashOf(document: DocumentNode): string {
  const hash = (document as { __meta__?: { hash?: unknown } }).__meta__?.hash;
  if (typeof hash !== "string") {
    const operation = document.definitions.find((definition) => definition.kind === "OperationDefinition");
    const name = operation && "name" in operation ? operation.name?.value : undefined;
    throw new Error(
      `The GraphQL document ${name ?? "(anonymous)"} has no persisted hash: run \`npm run codegen -w web\``,
    );
  }
  return hash.replace(/^sha256:/, "");
}

/**
 * The built app sends each document's hash instead of its text (docs/api.md, "Persisted
 * documents"): the server runs the text its manifest holds for it. A hash the server does not
 * know means this page holds another build's code (opened before a deploy, or a balancer with
 * two builds behind it): nothing ran, so the request goes again as text, as any API client's
 * does, and so do this page's later ones. The server never learns a document from it.
 */
const persistedDocumentsLink = () =>
  new PersistedQueryLink({
    generateHash: persistedHashOf,
    retry: ({ meta }) => meta.persistedQueryNotFound,
    disable: ({ meta }) => meta.persistedQueryNotFound || meta.persistedQueryNotSupported,
  });

/** The browser's client; `serverState` is the cache the server filled while rendering this page. */
export function createApolloClient(serverState?: unknown): ApolloClient {
  // Read the token per request: it changes on sign in / sign out without rebuilding the client.
  const authLink = new SetContextLink((prevContext) => {
    const token = getAccessToken();
    if (!token) return {};
    return { headers: { ...prevContext.headers, Authorization: `Bearer ${token}` } };
  });
  const httpLink = new HttpLink({ uri: apiUrl("/graphql") });
  const cache = createCache();
  if (serverState) cache.restore(serverState as ReturnType<typeof cache.extract>);
  // The development server's documents change under a running shop: they go as text there.
  const links = import.meta.env.PROD ? [authLink, persistedDocumentsLink(), httpLink] : [authLink, httpLink];
  return new ApolloClient({
    link: ApolloLink.from(links),
    cache,
    // Queries asking the network first answer from the server's cache while the page hydrates.
    ...(serverState ? { ssrForceFetchDelay: 100 } : {}),
  });
}
