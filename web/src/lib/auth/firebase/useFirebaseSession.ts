import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { User as FirebaseUser } from "firebase/auth";
import type { PublicConfigValues } from "@/lib/config/PublicConfig";
import { hydratesServerHtml } from "@/lib/page/serverPage";
import { getAccessToken, rememberSessionUser, rememberedSessionUser, sessionShownInPage } from "@/lib/auth/accessToken";
import type { AuthStatus, AuthUser } from "@/lib/auth/AuthContext";
import { startFirebase, toAuthUser, type FirebaseHandles } from "./startFirebase";

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  unavailableReason?: string;
}

export const UNAVAILABLE = "Sign-in is not available right now. Please try again.";

interface Subscription {
  ready: Promise<FirebaseHandles>;
  unsubscribe?: () => void;
}

interface Options {
  config: PublicConfigValues | null;
  configError: Error | null;
  exchangeForShopToken: (user: FirebaseUser, forceRefresh: boolean) => Promise<void>;
  forgetShopSession: () => void;
}

/**
 * Every sign-in stores the shop token and its user, so without them there is no session to
 * restore, and with them the session shows at once. A page rendered on the server was rendered
 * for a visitor: hydration starts from the same state (unless plain script already shows the
 * session in it), and the stored session is shown right after. A token stored without its user
 * (a sign-in from before the user was kept) is restored through the identity provider.
 */
function initialState(): AuthState {
  const remembered = rememberedSessionUser();
  if (remembered && (!hydratesServerHtml() || sessionShownInPage())) return { status: "signedIn", user: remembered };
  return getAccessToken() && !remembered && !hydratesServerHtml()
    ? { status: "loading", user: null }
    : { status: "signedOut", user: null };
}

/**
 * Who Firebase says is signed in, kept in step with the shop's token: Firebase is started when a
 * stored session needs restoring (or when a sign-in asks for it), then its auth state is followed.
 */
export function useFirebaseSession({ config, configError, exchangeForShopToken, forgetShopSession }: Options) {
  const [state, setState] = useState<AuthState>(initialState);
  const [attempt, setAttempt] = useState(0);
  const handlesRef = useRef<FirebaseHandles | null>(null);
  const subscription = useRef<Subscription | null>(null);
  // While an explicit sign-in flow runs, the flow (not the auth observer) decides the state:
  // registration must set the display name before the token exchange.
  const flowsRunning = useRef(0);

  /** Starts Firebase (once) and follows its auth state; `given` is the configuration when the rendered one has not come yet. */
  const ensureFirebase = useCallback(
    (given?: PublicConfigValues): Promise<FirebaseHandles> => {
      const usable = config ?? given;
      if (!usable) return Promise.reject(new Error(UNAVAILABLE));
      if (subscription.current) return subscription.current.ready;
      const entry: Subscription = { ready: startFirebase(usable) };
      subscription.current = entry;
      entry.ready.then(
        (handles) => {
          if (subscription.current !== entry) return; // superseded (unmounted meanwhile)
          handlesRef.current = handles;
          entry.unsubscribe = handles.fb.onAuthStateChanged(handles.auth, async (user) => {
            if (flowsRunning.current > 0) return;
            if (!user) {
              forgetShopSession();
              setState({ status: "signedOut", user: null });
              return;
            }
            if (!getAccessToken()) {
              try {
                await exchangeForShopToken(user, false);
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
    },
    [config, exchangeForShopToken, forgetShopSession],
  );

  // Hydrated as a visitor's page, the stored session shows before the browser paints again.
  useLayoutEffect(() => {
    const remembered = rememberedSessionUser();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state follows the stored session, once
    if (remembered) setState((s) => (s.status === "signedOut" ? { status: "signedIn", user: remembered } : s));
  }, []);

  // Whoever is signed in is remembered beside the token (and refreshed when the provider says more).
  useEffect(() => {
    if (state.status === "signedIn" && state.user) rememberSessionUser(state.user);
  }, [state]);

  // A stored session is restored once the configuration says how; without one nobody is signed in.
  // The state follows two outside systems (the configuration request and the stored token), so it
  // is set from this effect; each branch sets it once per change of its inputs.
  useEffect(() => {
    if (!config) {
      if (configError) {
        const unavailable: AuthState = { status: "unavailable", user: null, unavailableReason: UNAVAILABLE };
        // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
        setState((s) => (s.status === "signedIn" ? s : unavailable));
      }
      return;
    }
    if (!getAccessToken()) {
      setState((s) => (s.status === "signedIn" ? s : { status: "signedOut", user: null }));
      return;
    }
    // Shown from what the sign-in stored: the identity provider is asked again only to sign in or out.
    if (rememberedSessionUser()) return;
    setState((s) => (s.status === "signedOut" ? { status: "loading", user: null } : s));
    ensureFirebase().catch((error: unknown) =>
      setState({
        status: "unavailable",
        user: null,
        unavailableReason: error instanceof Error ? error.message : String(error),
      }),
    );
  }, [config, configError, attempt, ensureFirebase]);

  useEffect(
    () => () => {
      subscription.current?.unsubscribe?.();
      subscription.current = null;
    },
    [],
  );

  /** The handles if Firebase has started, else null. */
  const startedFirebase = useCallback(() => handlesRef.current, []);

  /** Runs `work` with the auth observer standing aside. */
  const withObserverPaused = useCallback(async <T>(work: () => Promise<T>): Promise<T> => {
    flowsRunning.current += 1;
    try {
      return await work();
    } finally {
      flowsRunning.current -= 1;
    }
  }, []);

  /** Tries again after the configuration or Firebase failed to load. */
  const restart = useCallback(() => {
    const remembered = rememberedSessionUser();
    setState(
      remembered
        ? { status: "signedIn", user: remembered }
        : { status: getAccessToken() ? "loading" : "signedOut", user: null },
    );
    setAttempt((n) => n + 1);
  }, []);

  return { state, setState, ensureFirebase, startedFirebase, withObserverPaused, restart };
}
