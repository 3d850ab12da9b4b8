import { applicationDefault, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  /** The provider's word that the account's owner receives mail at `email` (Google accounts, or a followed verification link). */
  emailVerified: boolean;
  name: string | null;
}

/** The identity provider could not be asked (unreachable, timed out, failed on its side): not the token's fault. */
export class IdentityProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super(`The identity provider could not be asked: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = "IdentityProviderUnavailable";
  }
}

/** firebase-admin's codes for a request that never got a verdict (anything else is the token's fault). */
const PROVIDER_FAULTS = new Set(["app/network-error", "app/network-timeout", "auth/internal-error"]);

/** Proof of identity: a Firebase ID token, verified (revocation included). */
export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
}

export interface FirebaseSettings {
  projectId: string;
  /** host:port of the Auth Emulator (configuration allows it only for demo-* projects outside production). */
  emulatorHost: string | null;
}

/** Verifies Firebase ID tokens with firebase-admin, against a real project or the Auth Emulator. */
export function firebaseVerifier(settings: FirebaseSettings): IdTokenVerifier {
  // firebase-admin reads the emulator's address from the environment only.
  if (settings.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = settings.emulatorHost;
  const app = settings.emulatorHost
    ? initializeApp({ projectId: settings.projectId }, `partshop-${process.pid}`)
    : initializeApp({ projectId: settings.projectId, credential: applicationDefault() }, `partshop-${process.pid}`);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      // checkRevoked also looks the account up, so a token for a deleted or unknown account fails
      // even against the emulator, which does not sign its tokens.
      const decoded = await auth.verifyIdToken(idToken, true).catch((error: { code?: unknown }) => {
        throw PROVIDER_FAULTS.has(String(error?.code)) ? new IdentityProviderUnavailable(error) : error;
      });
      return {
        uid: decoded.uid,
        email: typeof decoded.email === "string" ? decoded.email : null,
        emailVerified: decoded.email_verified === true,
        name: typeof decoded.name === "string" ? decoded.name : null,
      };
    },
  };
}
