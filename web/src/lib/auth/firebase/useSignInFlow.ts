import { useCallback, type Dispatch, type SetStateAction } from "react";
import type { User as FirebaseUser } from "firebase/auth";
import { errorCode } from "@/lib/apollo/errors";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { clearAccessToken } from "@/lib/auth/accessToken";
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

/** The shop refused the sign-in until the email is verified (FORBIDDEN, reason EMAIL_NOT_VERIFIED). */
export function needsVerification(error: unknown): boolean {
  return (
    errorCode(error) === "FORBIDDEN" &&
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((e) => e.extensions?.reason === "EMAIL_NOT_VERIFIED")
  );
}

/** Runs a Firebase sign-in, then gets the shop token; a failed exchange leaves nobody signed in. */
export function useSignInFlow({
  ensureFirebase,
  startedFirebase,
  withObserverPaused,
  setState,
  exchangeForShopToken,
}: Options) {
  return useCallback(
    async <T>(flow: SignInFlow<T>): Promise<T> => {
      const handles = startedFirebase() ?? (await ensureFirebase());
      return withObserverPaused(async () => {
        const { user, forceRefresh, result } = await flow(handles);
        try {
          await exchangeForShopToken(user, forceRefresh);
        } catch (error) {
          // The address is another account's and not verified yet: the link the shop asks for is
          // sent now, while this identity is still signed in to send it.
          if (needsVerification(error)) await handles.fb.sendEmailVerification(user).catch(() => undefined);
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
