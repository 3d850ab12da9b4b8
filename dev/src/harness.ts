import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Lifecycle } from "@partshop/graph";
import { startAuthEmulator } from "./auth-emulator";
import { assertReachableByPostgresUser, startEmbeddedPostgres } from "./embedded-postgres";
import { HarnessError } from "./errors";
import { startMaildev } from "./maildev";
import { startStripeSandbox } from "./payment-sandbox/stripe-sandbox";
import { assertPortFree } from "./ports";

type Env = Record<string, string | undefined>;

/** The demo project of the Auth Emulator: demo-* ids exist only in the emulator. */
export const EMULATOR_PROJECT = "demo-partshop";
const SANDBOX_SECRET_KEY = "sk_test_partshop_sandbox";
const SANDBOX_PUBLISHABLE_KEY = "pk_test_partshop_sandbox";

export { HarnessError } from "./errors";

const set = (env: Env, name: string) => (env[name]?.trim() ?? "") !== "";

function port(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535)
    throw new HarnessError(`${name} must be an integer from 1 to 65535 (got "${raw}")`);
  return Number(raw);
}

/** The harness never stands in for a production shop's services. */
export function refuseProduction(env: Env): void {
  if (env.NODE_ENV?.trim() === "production") {
    throw new HarnessError(
      "NODE_ENV=production: the local harness is for development; production runs `node graph/dist/main.js` against real services",
    );
  }
}

/** A secret generated once and kept in the data folder, so restarts keep sessions and webhooks working. */
function keptSecret(dataDir: string, file: string, make: () => string): string {
  const where = path.join(dataDir, file);
  if (!fs.existsSync(where)) fs.writeFileSync(where, make(), { mode: 0o600, flag: "wx" });
  return fs.readFileSync(where, "utf8").trim();
}

export interface Harness {
  /** The environment the shop runs with: the given one, plus the stand-ins' endpoints and keys. */
  shopEnv: Env;
  /** host:port of the Auth Emulator, when the shop signs in against one. */
  emulatorHost: string | null;
  /** The mail catcher's inbox, when the shop sends its emails to one. */
  inboxUrl: string | null;
}

/**
 * Starts the stand-ins for every hosted service the environment does not name: PostgreSQL
 * (unless DATABASE_URL), the Firebase Auth Emulator (unless FIREBASE_PROJECT_ID or
 * FIREBASE_AUTH_EMULATOR_HOST), the payment sandbox (unless STRIPE_SECRET_KEY) and the mail
 * catcher maildev (unless SMTP_URL), in parallel.
 */
export async function startHarness(env: Env, lifecycle: Lifecycle, log: (line: string) => void): Promise<Harness> {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || "data");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const shopEnv: Env = { ...env, DATA_DIR: dataDir };
  shopEnv.JWT_SECRET ||= keptSecret(dataDir, "jwt-secret", () => crypto.randomBytes(48).toString("hex"));
  shopEnv.ADMIN_EMAILS ||= "admin@partshop.dev";

  const database = async () => {
    if (set(env, "DATABASE_URL")) return;
    const pgPort = port(env, "EMBEDDED_PG_PORT", 54329);
    const embedded = await startEmbeddedPostgres({ dataDir, port: pgPort, log });
    lifecycle.add("PostgreSQL", embedded.stop);
    shopEnv.DATABASE_URL = embedded.url;
    log(`Embedded PostgreSQL on 127.0.0.1:${pgPort} (data in ${path.join(dataDir, "postgres")})`);
  };

  let emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || null;
  const identity = async () => {
    if (emulatorHost) {
      shopEnv.FIREBASE_PROJECT_ID ||= EMULATOR_PROJECT;
      return;
    }
    if (set(env, "FIREBASE_PROJECT_ID")) return;
    const emulator = await startAuthEmulator({
      projectId: EMULATOR_PROJECT,
      port: port(env, "AUTH_EMULATOR_PORT", 9099),
      dataDir,
      log,
    });
    lifecycle.add("Auth Emulator", emulator.stop);
    emulatorHost = emulator.host;
    Object.assign(shopEnv, { FIREBASE_PROJECT_ID: EMULATOR_PROJECT, FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
  };

  const payments = async () => {
    if (set(env, "STRIPE_SECRET_KEY")) return;
    const webhookSecret = keptSecret(
      dataDir,
      "stripe-sandbox-webhook-secret",
      () => `whsec_${crypto.randomBytes(24).toString("hex")}`,
    );
    const sandboxPort = port(env, "STRIPE_SANDBOX_PORT", 12111);
    await assertPortFree(sandboxPort, "the payment sandbox", "STRIPE_SANDBOX_PORT");
    const sandbox = await startStripeSandbox({
      port: sandboxPort,
      secretKey: SANDBOX_SECRET_KEY,
      publishableKey: SANDBOX_PUBLISHABLE_KEY,
      webhookSecret,
      webhookUrl: `http://127.0.0.1:${port(env, "PORT", 4000)}/stripe/webhook`,
      stateFile: path.join(dataDir, "stripe-sandbox.json"),
    });
    lifecycle.add("payment sandbox", sandbox.close);
    Object.assign(shopEnv, {
      STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: SANDBOX_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: sandbox.url,
    });
    log(`Payment sandbox (Stripe-compatible) on ${sandbox.url}`);
  };

  let inboxUrl: string | null = null;
  const mail = async () => {
    if (set(env, "SMTP_URL")) return;
    const catcher = await startMaildev({
      smtpPort: port(env, "MAILDEV_SMTP_PORT", 1025),
      webPort: port(env, "MAILDEV_WEB_PORT", 1080),
      dataDir,
    });
    lifecycle.add("maildev", catcher.stop);
    shopEnv.SMTP_URL = catcher.smtpUrl;
    inboxUrl = catcher.webUrl;
    log(`Mail catcher (maildev): SMTP on ${catcher.smtpUrl}, inbox on ${catcher.webUrl}`);
  };

  // Before anything starts: a data folder PostgreSQL cannot reach is said at once, not after the emulator's 10 s.
  if (!set(env, "DATABASE_URL")) await assertReachableByPostgresUser(dataDir);
  // All start together; a failure of one still waits for the others, so each is stopped.
  const outcomes = await Promise.allSettled([database(), identity(), payments(), mail()]);
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failed) throw failed.reason;
  return { shopEnv, emulatorHost, inboxUrl };
}
