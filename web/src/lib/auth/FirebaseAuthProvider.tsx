import { useMemo, type ReactNode } from "react";
import { usePublicConfig } from "@/lib/config/PublicConfig";
import { AuthContext, type Auth } from "./AuthContext";
import { emailSignIn, emulatedGoogleSignIn, googlePopupSignIn, registration } from "@/lib/auth/firebase/signInFlows";
import { toAuthUser } from "@/lib/auth/firebase/startFirebase";
import { useFirebaseSession } from "@/lib/auth/firebase/useFirebaseSession";
import { useSignInFlow } from "@/lib/auth/firebase/useSignInFlow";
import { useShopSession } from "./useShopSession";

/**
 * Firebase sign-in, plus the exchange of the Firebase ID token for the shop's access token.
 *
 * Every sign-in stores the shop token and its user, so a visitor without one is signed out and a
 * shopper with one is shown signed in: for neither is Firebase (about 45 KB of JS) loaded until
 * they sign in, verify their address or sign out.
 */
export function FirebaseAuthProvider({ children }: { children: ReactNode }) {
  const { config, error: configError, retry: retryConfig, read: readConfig } = usePublicConfig();
  const { exchangeForShopToken, forgetShopSession, endShopSession } = useShopSession();
  const { state, setState, ensureFirebase, startedFirebase, withObserverPaused, restart } = useFirebaseSession({
    config,
    configError,
    exchangeForShopToken,
    forgetShopSession,
  });
  const runSignInFlow = useSignInFlow({
    ensureFirebase,
    startedFirebase,
    withObserverPaused,
    setState,
    exchangeForShopToken,
  });

  const value = useMemo<Auth>(
    () => ({
      ...state,
      signInWithEmail: (email, password) => runSignInFlow(emailSignIn(email, password)),
      signInWithGoogle: () => runSignInFlow(googlePopupSignIn),
      googleIsEmulated: Boolean(config?.authEmulatorUrl),
      signInWithEmulatedGoogle: (account) => runSignInFlow(emulatedGoogleSignIn(account)),
      register: (input) => runSignInFlow(registration(input)),
      sendPasswordReset: async (email) => {
        const { fb, auth } = startedFirebase() ?? (await ensureFirebase());
        await fb.sendPasswordResetEmail(auth, email);
      },
      sendEmailVerification: async () => {
        const { fb, auth } = startedFirebase() ?? (await ensureFirebase());
        if (!auth.currentUser) throw new Error("No user is logged in");
        await fb.sendEmailVerification(auth.currentUser);
      },
      refreshVerification: async () => {
        const { auth } = startedFirebase() ?? (await ensureFirebase());
        const user = auth.currentUser;
        if (!user) return false;
        await user.reload();
        if (!user.emailVerified) return false;
        await exchangeForShopToken(user, true);
        setState({ status: "signedIn", user: toAuthUser(user) });
        return true;
      },
      signOut: async () => {
        const revoking = endShopSession();
        // A session shown from what the sign-in stored never started the provider, which still
        // keeps its user: it is started to forget them, its observer standing aside (it would
        // trade that user for a new shop token). The page shows the visitor once it has: a page
        // left sooner would leave the provider's user behind, to be signed in again at login.
        await withObserverPaused(async () => {
          const given = config ?? (await readConfig()) ?? undefined;
          const handles = startedFirebase() ?? (await ensureFirebase(given).catch(() => null));
          if (handles) await handles.fb.signOut(handles.auth).catch(() => undefined);
        });
        setState({ status: "signedOut", user: null });
        await revoking;
      },
      prepare: () => void ensureFirebase().catch(() => undefined),
      retry: () => {
        retryConfig();
        restart();
      },
    }),
    [
      state,
      config,
      runSignInFlow,
      ensureFirebase,
      startedFirebase,
      endShopSession,
      withObserverPaused,
      exchangeForShopToken,
      setState,
      retryConfig,
      readConfig,
      restart,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
