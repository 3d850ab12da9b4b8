import type { Auth as FirebaseAuth, User as FirebaseUser } from "firebase/auth";
import type { PublicConfigValues } from "@/lib/config/PublicConfig";
import type { AuthUser } from "@/lib/auth/AuthContext";

type FirebaseAuthModule = typeof import("firebase/auth");

/** The started Firebase Auth instance and the module's functions (loaded on demand). */
export interface FirebaseHandles {
  auth: FirebaseAuth;
  fb: FirebaseAuthModule;
}

// Firebase is loaded on demand and initialised once per configuration: connectAuthEmulator may
// only be called once per Auth instance.
let started: { key: string; promise: Promise<FirebaseHandles> } | null = null;

export function startFirebase(config: PublicConfigValues): Promise<FirebaseHandles> {
  const key = JSON.stringify([
    config.firebaseProjectId,
    config.firebaseApiKey,
    config.firebaseAuthDomain,
    config.authEmulatorUrl,
  ]);
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
  // A failed start may be retried.
  promise.catch(() => {
    if (started?.promise === promise) started = null;
  });
  return promise;
}

export function toAuthUser(user: FirebaseUser): AuthUser {
  return { uid: user.uid, email: user.email ?? "", displayName: user.displayName, emailVerified: user.emailVerified };
}
