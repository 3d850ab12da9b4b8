import { ApolloClient, ApolloLink, HttpLink } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { apiUrl } from "../apiUrl";
import { getAccessToken } from "../auth/accessToken";
import { createCache } from "./cache";

export function createApolloClient(): ApolloClient {
  // Read the token per request: it changes on sign in / sign out without rebuilding the client.
  const authLink = new SetContextLink((prevContext) => {
    const token = getAccessToken();
    if (!token) return {};
    return { headers: { ...prevContext.headers, Authorization: `Bearer ${token}` } };
  });
  const httpLink = new HttpLink({ uri: apiUrl("/graphql") });
  return new ApolloClient({
    link: ApolloLink.from([authLink, httpLink]),
    cache: createCache(),
  });
}
