import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";

/** The accounts every local shop starts with (printed at start, documented in the README). */
export const SEEDED_ACCOUNTS = [
  { email: "admin@partshop.dev", password: "partshop-admin", displayName: "Partshop Admin" },
  { email: "customer@partshop.dev", password: "partshop-customer", displayName: "Casey Customer" },
] as const;

/** Creates the seeded accounts that do not exist yet in the Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST). */
export async function seedEmulatorAccounts(projectId: string, emulatorHost: string): Promise<void> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const auth = getAuth(initializeApp({ projectId }, `partshop-accounts-${process.pid}`));
  for (const account of SEEDED_ACCOUNTS) {
    try {
      await auth.getUserByEmail(account.email);
    } catch {
      await auth.createUser({ ...account, emailVerified: true });
    }
  }
}
