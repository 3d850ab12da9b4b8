import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useApolloClient } from "@apollo/client/react";
import type { Auth as FirebaseAuth, User as FirebaseUser } from "firebase/auth";
import { graphql } from "../gql";
import { forgetUserData } from "../apollo/cache";
import { usePublicConfig, type PublicConfigValues } from "../config/PublicConfig";
import { clearAccessToken, getAccessToken, setAccessToken } from "./accessToken";
import { AuthContext, type Auth, type AuthStatus, type AuthUser, type RegisterResult } from "./AuthContext";

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

type FirebaseAuthModule = typeof import("firebase/auth");
interface FirebaseHandles {
  auth: FirebaseAuth;
  fb: FirebaseAuthModule;
}

// Firebase is loaded on demand and initialised once per configuration: connectAuthEmulator may
// only be called once per Auth instance.
let started: { key: string; promise: Promise<FirebaseHandles> } | null = null;

function startFirebase(config: PublicConfigValues): Promise<FirebaseHandles> {
  const key = JSON.stringify([config.firebaseProjectId, config.firebaseApiKey, config.firebaseAuthDomain, config.authEmulatorUrl]);
  if (started?.key === key) return started.promise;
  const promise = (async () => {
    const [{ initializeApp, getApps }, fb] = await Promise.all([import("firebase/app"), import("firebase/auth")]);
    const app =
      getApps()[0] ??
      initializeApp({
        apiKey: config.firebaseApiKey,
        authDomain: config.firebaseAuthDomain ?? undefined,
        projectId: config.firebaseProjectId,
      });
    const auth = fb.getAuth(app);
    if (config.authEmulatorUrl) fb.connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    return { auth, fb };
  })();
  started = { key, promise };
  promise.catch(() => {
    if (started?.promise === promise) started = null;
  });
  return promise;
}

function toAuthUser(user: FirebaseUser): AuthUser {
  return { uid: user.uid, email: user.email ?? "", displayName: user.displayName };
}

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  unavailableReason?: string;
}

const UNAVAILABLE = "Sign-in is not available right now. Please try again.";

/**
 * Firebase sign-in, plus the exchange of the Firebase ID token for the shop's access token.
 *
 * Every sign-in stores the shop token, so a visitor without one is signed out: for them Firebase
 * (about 45 KB of JS) is not even loaded until they open the login or register page.
 */
export function FirebaseAuthProvider({ children }: { children: ReactNode }) {
  const { config, error: configError, retry: retryConfig } = usePublicConfig();
  const client = useApolloClient();
  const [state, setState] = useState<AuthState>(() => (getAccessToken() ? { status: "loading", user: null } : { status: "signedOut", user: null }));
  const [attempt, setAttempt] = useState(0);
  const handlesRef = useRef<FirebaseHandles | null>(null);
  const subscription = useRef<{ ready: Promise<FirebaseHandles>; unsubscribe?: () => void } | null>(null);
  // While an explicit sign-in flow runs, the flow (not the auth observer) decides the state:
  // registration must set the display name before the token exchange.
  const flowsRunning = useRef(0);

  const exchangeToken = useCallback(
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

  /** Starts Firebase (once) and follows its auth state. */
  const ensureFirebase = useCallback((): Promise<FirebaseHandles> => {
    if (!config) return Promise.reject(new Error(UNAVAILABLE));
    if (subscription.current) return subscription.current.ready;
    const entry: { ready: Promise<FirebaseHandles>; unsubscribe?: () => void } = { ready: startFirebase(config) };
    subscription.current = entry;
    entry.ready.then(
      (handles) => {
        if (subscription.current !== entry) return; // superseded (unmounted meanwhile)
        handlesRef.current = handles;
        entry.unsubscribe = handles.fb.onAuthStateChanged(handles.auth, async (user) => {
          if (flowsRunning.current > 0) return;
          if (!user) {
            clearAccessToken();
            forgetUserData(client.cache);
            setState({ status: "signedOut", user: null });
            return;
          }
          if (!getAccessToken()) {
            try {
              await exchangeToken(user, false);
            } catch {
              await handles.fb.signOut(handles.auth);
              return;
            }
          }
          setState({ status: "signedIn", user: toAuthUser(user) });
        });
      },
      () => {
        if (subscription.current === entry) subscription.current = null;
      },
    );
    return entry.ready;
  }, [config, client, exchangeToken]);

  useEffect(() => {
    if (!config) {
      if (configError) setState((s) => (s.status === "signedIn" ? s : { status: "unavailable", user: null, unavailableReason: UNAVAILABLE }));
      return;
    }
    if (!getAccessToken()) {
      setState((s) => (s.status === "signedIn" ? s : { status: "signedOut", user: null }));
      return;
    }
    ensureFirebase().catch((error: unknown) =>
      setState({ status: "unavailable", user: null, unavailableReason: error instanceof Error ? error.message : String(error) }),
    );
  }, [config, configError, attempt, ensureFirebase]);

  useEffect(
    () => () => {
      subscription.current?.unsubscribe?.();
      subscription.current = null;
    },
    [],
  );

  /** Runs a Firebase sign-in, then gets the shop token; a failed exchange leaves nobody signed in. */
  const runSignInFlow = useCallback(
    async <T,>(flow: (h: FirebaseHandles) => Promise<{ user: FirebaseUser; forceRefresh: boolean; result: T }>): Promise<T> => {
      const h = handlesRef.current ?? (await ensureFirebase());
      flowsRunning.current += 1;
      try {
        const { user, forceRefresh, result } = await flow(h);
        try {
          await exchangeToken(user, forceRefresh);
        } catch (error) {
          clearAccessToken();
          await h.fb.signOut(h.auth).catch(() => undefined);
          setState({ status: "signedOut", user: null });
          throw error;
        }
        setState({ status: "signedIn", user: toAuthUser(user) });
        return result;
      } finally {
        flowsRunning.current -= 1;
      }
    },
    [ensureFirebase, exchangeToken],
  );

  const value = useMemo<Auth>(
    () => ({
      ...state,
      signInWithEmail: (email, password) =>
        runSignInFlow(async ({ fb, auth }) => {
          const credential = await fb.signInWithEmailAndPassword(auth, email, password);
          return { user: credential.user, forceRefresh: false, result: undefined };
        }),
      signInWithGoogle: () =>
        runSignInFlow(async ({ fb, auth }) => {
          const credential = await fb.signInWithPopup(auth, new fb.GoogleAuthProvider());
          return { user: credential.user, forceRefresh: false, result: undefined };
        }),
      googleIsEmulated: Boolean(config?.authEmulatorUrl),
      signInWithEmulatedGoogle: ({ email, displayName }) =>
        runSignInFlow(async ({ fb, auth }) => {
          // The emulator takes the ID token's JSON as is; the same email gives the same account.
          const claims = { sub: `emulated-${email.toLowerCase()}`, email, email_verified: true, name: displayName || undefined };
          const credential = await fb.signInWithCredential(auth, fb.GoogleAuthProvider.credential(JSON.stringify(claims)));
          return { user: credential.user, forceRefresh: false, result: undefined };
        }),
      register: ({ name, email, password }) =>
        runSignInFlow<RegisterResult>(async ({ fb, auth }) => {
          const credential = await fb.createUserWithEmailAndPassword(auth, email, password);
          const current = auth.currentUser;
          if (!current) return { user: credential.user, forceRefresh: false, result: { profileUpdated: false } };
          await fb.updateProfile(current, { displayName: name });
          return { user: current, forceRefresh: true, result: { profileUpdated: true } };
        }),
      sendPasswordReset: async (email) => {
        const { fb, auth } = handlesRef.current ?? (await ensureFirebase());
        await fb.sendPasswordResetEmail(auth, email);
      },
      signOut: async () => {
        clearAccessToken();
        forgetUserData(client.cache);
        setState({ status: "signedOut", user: null });
        const h = handlesRef.current;
        if (h) await h.fb.signOut(h.auth);
      },
      prepare: () => void ensureFirebase().catch(() => undefined),
      retry: () => {
        retryConfig();
        setState({ status: getAccessToken() ? "loading" : "signedOut", user: null });
        setAttempt((n) => n + 1);
      },
    }),
    [state, config, runSignInFlow, ensureFirebase, client, retryConfig],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
