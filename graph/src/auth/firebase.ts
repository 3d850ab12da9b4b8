import { App, applicationDefault, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import type { Config } from "../config";

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  name: string | null;
}

/** Proof of identity: a Firebase ID token, verified (revocation included) with firebase-admin. */
export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
}

export function createFirebaseApp(config: Config): App {
  if (config.firebase.emulatorHost) {
    // firebase-admin reads the emulator address from the environment; config only allows it with a demo-* project.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
    return initializeApp({ projectId: config.firebase.projectId }, `partshop-${process.pid}`);
  }
  return initializeApp({ projectId: config.firebase.projectId, credential: applicationDefault() }, `partshop-${process.pid}`);
}

export function createIdTokenVerifier(app: App): IdTokenVerifier {
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      // checkRevoked also looks the account up, so a token for a deleted or unknown account fails
      // even against the emulator, which does not sign its tokens.
      const decoded = await auth.verifyIdToken(idToken, true);
      return {
        uid: decoded.uid,
        email: typeof decoded.email === "string" ? decoded.email : null,
        name: typeof decoded.name === "string" ? decoded.name : null,
      };
    },
  };
}
