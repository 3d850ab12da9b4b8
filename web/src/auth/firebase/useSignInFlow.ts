import { useCallback, type Dispatch, type SetStateAction } from "react";
import type { User as FirebaseUser } from "firebase/auth";
import { clearAccessToken } from "../accessToken";
import type { SignInFlow } from "./signInFlows";
import { toAuthUser, type FirebaseHandles } from "./startFirebase";
import type { AuthState } from "./useFirebaseSession";

interface Options {
  ensureFirebase: () => Promise<FirebaseHandles>;
  startedFirebase: () => FirebaseHandles | null;
  withObserverPaused: <T>(work: () => Promise<T>) => Promise<T>;
  setState: Dispatch<SetStateAction<AuthState>>;
  exchangeForShopToken: (user: FirebaseUser, forceRefresh: boolean) => Promise<void>;
}

/** Runs a Firebase sign-in, then gets the shop token; a failed exchange leaves nobody signed in. */
export function useSignInFlow({ ensureFirebase, startedFirebase, withObserverPaused, setState, exchangeForShopToken }: Options) {
  return useCallback(
    async <T>(flow: SignInFlow<T>): Promise<T> => {
      const handles = startedFirebase() ?? (await ensureFirebase());
      return withObserverPaused(async () => {
        const { user, forceRefresh, result } = await flow(handles);
        try {
          await exchangeForShopToken(user, forceRefresh);
        } catch (error) {
          clearAccessToken();
          await handles.fb.signOut(handles.auth).catch(() => undefined);
          setState({ status: "signedOut", user: null });
          throw error;
        }
        setState({ status: "signedIn", user: toAuthUser(user) });
        return result;
      });
    },
    [ensureFirebase, startedFirebase, withObserverPaused, setState, exchangeForShopToken],
  );
}
