import { createContext, useContext } from "react";

export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  /** Whether the identity provider has verified the email (Google accounts are; password accounts once the emailed link is opened). */
  emailVerified?: boolean;
}

/**
 * loading: the identity provider has not told us yet; unavailable: it could not be started
 * (e.g. the configuration query failed). signedIn means the shop's access token is stored too.
 */
export type AuthStatus = "loading" | "signedIn" | "signedOut" | "unavailable";

export interface RegisterResult {
  /** false when there was no current user to set the display name on ("No user is logged in"). */
  profileUpdated: boolean;
}

/**
 * Everything the screens need from authentication. The Firebase implementation lives in
 * FirebaseAuthProvider; tests provide their own value through AuthContext.
 */
export interface Auth {
  status: AuthStatus;
  user: AuthUser | null;
  unavailableReason?: string;
  signInWithEmail(email: string, password: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  /**
   * True when the shop runs on the Firebase Auth Emulator. Google's popup needs a script from
   * apis.google.com, which an offline machine cannot load; the emulator accepts an unsigned Google
   * credential instead, so the sign-in page asks for the account itself (like the emulator's page).
   */
  googleIsEmulated: boolean;
  signInWithEmulatedGoogle(account: { email: string; displayName: string }): Promise<void>;
  register(input: { name: string; email: string; password: string }): Promise<RegisterResult>;
  sendPasswordReset(email: string): Promise<void>;
  /** Emails the signed-in user a link that verifies their address (Firebase's sendEmailVerification). */
  sendEmailVerification(): Promise<void>;
  /** After the link was opened elsewhere: reads the account again and renews the shop's token, so the shop knows too. */
  refreshVerification(): Promise<boolean>;
  signOut(): Promise<void>;
  /** Loads the identity provider ahead of a sign-in (so a Google popup opens straight from the click). */
  prepare(): void;
  retry(): void;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth must be used inside an AuthContext provider");
  return auth;
}
