import { ApolloClient, ApolloLink, HttpLink } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { apiUrl } from "../apiUrl";
import { getAccessToken } from "../auth/accessToken";
import { createCache } from "./cache";

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
  return new ApolloClient({
    link: ApolloLink.from([authLink, httpLink]),
    cache,
    // Queries asking the network first answer from the server's cache while the page hydrates.
    ...(serverState ? { ssrForceFetchDelay: 100 } : {}),
  });
}
