import { useCallback } from "react";
import { useApolloClient } from "@apollo/client/react";
import type { User as FirebaseUser } from "firebase/auth";
import { graphql } from "@/lib/gql";
import { forgetUserData } from "@/lib/apollo/cache";
import { clearAccessToken, getAccessToken, setAccessToken } from "./accessToken";
import { sessionWorkSettled } from "./sessionWork";

const SignInDocument = graphql(`
  mutation SignIn($idToken: String!) {
    signIn(idToken: $idToken) {
      token
      user {
        id
        email
        displayName
        role
      }
    }
  }
`);

const SignOutDocument = graphql(`
  mutation SignOut {
    signOut
  }
`);

/** The shop's side of a session: its own access token, traded for Firebase's ID token. */
export function useShopSession() {
  const client = useApolloClient();

  /** Trades the Firebase user's ID token for the shop's access token, stores it, and drops the previous user's cached data. */
  const exchangeForShopToken = useCallback(
    async (user: FirebaseUser, forceRefresh: boolean) => {
      // forceRefresh after updateProfile: the server reads the display name from the token's name claim.
      const idToken = await user.getIdToken(forceRefresh);
      const { data } = await client.mutate({ mutation: SignInDocument, variables: { idToken } });
      if (!data) throw new Error("The shop could not sign you in. Please try again.");
      setAccessToken(data.signIn.token);
      forgetUserData(client.cache);
    },
    [client],
  );

  /** Drops the shop's token and everything cached for the user. */
  const forgetShopSession = useCallback(() => {
    clearAccessToken();
    forgetUserData(client.cache);
  }, [client]);

  /**
   * Signs out: the token is forgotten here at once (the pages react without waiting for the
   * server), and the shop revokes it once the calls begun with it have finished, so a copy of it
   * is refused from now on.
   */
  const endShopSession = useCallback(async () => {
    const token = getAccessToken();
    forgetShopSession();
    if (!token) return;
    await sessionWorkSettled();
    await client
      .mutate({ mutation: SignOutDocument, context: { headers: { Authorization: `Bearer ${token}` } } })
      .catch(() => undefined);
  }, [client, forgetShopSession]);

  return { exchangeForShopToken, forgetShopSession, endShopSession };
}
