import { ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const GRAPH_DIR = path.resolve(__dirname, "..", "..");
/** What `npm start` runs: the local harness (dev/) around the shop. */
export const LOCAL_START = path.join(GRAPH_DIR, "..", "dev", "dist", "start-local.js");
/** The shop alone (production's entry point): every service comes from its environment. */
export const SHOP_MAIN = path.join(GRAPH_DIR, "dist", "main.js");
import { freePort, isPortFree } from "../../../dev/src/ports";
export { freePort, isPortFree as portIsFree };

export interface ShopProcess {
  url: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function makeDataDir(label: string): string {
  // Under /tmp (not a 0700 home folder): the embedded PostgreSQL runs as the "postgres" user.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `partshop-test-${label}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/**
 * Starts the built shop the way `npm start` does (the local harness around it), with test ports and
 * folders; `options.main` runs another entry point (SHOP_MAIN: the shop alone).
 */
export async function spawnShop(
  env: Record<string, string>,
  options: { timeoutMs?: number; expectFailure?: boolean; main?: string } = {},
): Promise<ShopProcess> {
  const port = Number(env.PORT);
  let output = "";
  const child = spawn(process.execPath, [options.main ?? LOCAL_START], {
    cwd: GRAPH_DIR,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/root", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const shop: ShopProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir: env.DATA_DIR,
    env,
    child,
    output: () => output,
    exited,
    async stop(signal = "SIGINT") {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
        await exited;
        clearTimeout(timer);
      }
      return child.exitCode;
    },
  };
  if (options.expectFailure) return shop;
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  while (!/Partshop is ready/.test(output)) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The shop exited during start:\n${output}`);
    if (Date.now() > deadline) {
      await shop.stop("SIGKILL");
      throw new Error(`The shop did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return shop;
}

export async function shopEnv(label: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    DATA_DIR: makeDataDir(label),
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    AUTH_EMULATOR_PORT: String(await freePort(3)),
    STRIPE_SANDBOX_PORT: String(await freePort()),
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
    EXPOSE_SQL_COUNT: "true",
    ADMIN_EMAILS: "admin@partshop.dev",
    // The suite signs in hundreds of customers from 127.0.0.1 within a minute: far above the
    // per-address limits a real shop needs. The rate-limit test starts a shop with tiny ones.
    RATE_LIMIT_SIGN_IN: "1000000",
    RATE_LIMIT_UPLOADS: "1000000",
    RATE_LIMIT_NEWSLETTER: "1000000",
    RATE_LIMIT_ORDERS: "1000000",
    RATE_LIMIT_PAYMENT_INTENTS: "1000000",
    // Test customers hold many unpaid orders; holds.test.ts checks the bound with a shop of its own.
    MAX_UNPAID_ORDERS: "1000",
    MAX_UNPAID_DOLLARS: "10000000",
    // Tests that reconcile payments do it when they choose (a test of the periodic job sets its own).
    PAYMENT_RECONCILE_INTERVAL_SECONDS: "0",
    ...extra,
  };
}

/** The connection string of a shop's embedded PostgreSQL (for test setup and invariant checks). */
export function embeddedDatabaseUrl(dataDir: string, port: number): string {
  const password = fs.readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  return `postgres://partshop:${password}@127.0.0.1:${port}/partshop`;
}

/**
 * The environment of the shop alone (SHOP_MAIN, as production starts it) on a database and a
 * Stripe-compatible sandbox of the test's own, signing in through the suite's Auth Emulator.
 */
export function standaloneShopEnv(settings: {
  databaseUrl: string;
  dataDir: string;
  emulatorHost: string;
  stripe: { url: string; secretKey: string; publishableKey: string; webhookSecret: string };
}): Record<string, string> {
  return {
    NODE_ENV: "test",
    DATA_DIR: settings.dataDir,
    DATABASE_URL: settings.databaseUrl,
    FIREBASE_PROJECT_ID: "demo-partshop",
    FIREBASE_AUTH_EMULATOR_HOST: settings.emulatorHost,
    JWT_SECRET: crypto.randomBytes(32).toString("hex"),
    STRIPE_SECRET_KEY: settings.stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: settings.stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: settings.stripe.webhookSecret,
    STRIPE_API_URL: settings.stripe.url,
    LOG_FORMAT: "json",
    RATE_LIMIT_SIGN_IN: "1000000",
    RATE_LIMIT_UPLOADS: "1000000",
    RATE_LIMIT_ORDERS: "1000000",
    RATE_LIMIT_PAYMENT_INTENTS: "1000000",
  };
}
