import type { User as FirebaseUser } from "firebase/auth";
import type { RegisterResult } from "@/lib/auth/AuthContext";
import type { FirebaseHandles } from "./startFirebase";

/** One way of signing in to Firebase: the user it signed in, and what the caller gets back. */
export type SignInFlow<T> = (
  handles: FirebaseHandles,
) => Promise<{ user: FirebaseUser; forceRefresh: boolean; result: T }>;

export function emailSignIn(email: string, password: string): SignInFlow<void> {
  return async ({ fb, auth }) => {
    const credential = await fb.signInWithEmailAndPassword(auth, email, password);
    return { user: credential.user, forceRefresh: false, result: undefined };
  };
}

export const googlePopupSignIn: SignInFlow<void> = async ({ fb, auth }) => {
  const credential = await fb.signInWithPopup(auth, new fb.GoogleAuthProvider());
  return { user: credential.user, forceRefresh: false, result: undefined };
};

/** The Auth Emulator takes the Google ID token's JSON as is; the same email gives the same account. */
export function emulatedGoogleSignIn({ email, displayName }: { email: string; displayName: string }): SignInFlow<void> {
  return async ({ fb, auth }) => {
    const claims = {
      sub: `emulated-${email.toLowerCase()}`,
      email,
      email_verified: true,
      name: displayName || undefined,
    };
    const credential = await fb.signInWithCredential(auth, fb.GoogleAuthProvider.credential(JSON.stringify(claims)));
    return { user: credential.user, forceRefresh: false, result: undefined };
  };
}

/**
 * Creates the account, then sets its display name. The token is refreshed afterwards: the shop
 * reads the name from the token's name claim.
 */
export function registration({
  name,
  email,
  password,
}: {
  name: string;
  email: string;
  password: string;
}): SignInFlow<RegisterResult> {
  return async ({ fb, auth }) => {
    const credential = await fb.createUserWithEmailAndPassword(auth, email, password);
    const current = auth.currentUser;
    if (!current) return { user: credential.user, forceRefresh: false, result: { profileUpdated: false } };
    await fb.updateProfile(current, { displayName: name });
    return { user: current, forceRefresh: true, result: { profileUpdated: true } };
  };
}
