import fs from "node:fs";
import path from "node:path";
import { shop } from "./client";
import { sandboxOf } from "./fixtures";
import { type ShopProcess, shopEnv, spawnShop } from "./processes";

/** The payment sandbox's secret key (the harness's, dev/src/harness.ts): server-side calls use it. */
export const SANDBOX_SECRET_KEY = "sk_test_partshop_sandbox";

/**
 * Another shop process on the suite's database, Auth Emulator and payment sandbox, as a second
 * server behind a balancer would be: the same JWT secret, the same Stripe account, the same mail
 * server. `extra` sets its own settings (ADMIN_EMAILS, job intervals...).
 */
export async function startSiblingShop(label: string, extra: Record<string, string> = {}): Promise<ShopProcess> {
  const suite = shop();
  const { sandboxUrl, publishableKey } = await sandboxOf(suite.url);
  const env = await shopEnv(label, {
    DATABASE_URL: suite.databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: suite.emulatorUrl.replace(/^http:\/\//, ""),
    FIREBASE_PROJECT_ID: suite.projectId,
    JWT_SECRET: fs.readFileSync(path.join(suite.dataDir, "jwt-secret"), "utf8").trim(),
    STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: publishableKey,
    STRIPE_WEBHOOK_SECRET: fs.readFileSync(path.join(suite.dataDir, "stripe-sandbox-webhook-secret"), "utf8").trim(),
    STRIPE_API_URL: sandboxUrl,
    // Its emails go to the suite's inbox, as every process of a shop sends through one provider.
    SMTP_URL: suite.smtpUrl,
    ...extra,
  });
  return spawnShop(env, { timeoutMs: 90_000 });
}

/** The suite's payment sandbox, for calls a server (or Stripe's dashboard) makes: its URL and secret key. */
export async function suiteSandbox(): Promise<{ url: string; secretKey: string; publishableKey: string }> {
  const { sandboxUrl, publishableKey } = await sandboxOf(shop().url);
  return { url: sandboxUrl, secretKey: SANDBOX_SECRET_KEY, publishableKey };
}
