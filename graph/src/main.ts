import "reflect-metadata";
// Before anything allocates much: see heap.ts.
import "./heap";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { ConfigError, loadConfig } from "./config";
import { AccessTokens, loadAccessTokenSecret } from "./auth/access-token";
import { SEEDED_ACCOUNTS, seedEmulatorAccounts, startAuthEmulator } from "./auth/auth-emulator";
import { createFirebaseApp, createIdTokenVerifier } from "./auth/firebase";
import { createDataSource } from "./db/data-source";
import { startEmbeddedPostgres } from "./db/embedded-postgres";
import { seedIfEmpty } from "./db/seed";
import { createShopServer } from "./http/server";
import { startStripeSandbox } from "./payments/sandbox/stripe-sandbox";
import { createServices } from "./services";

const log = (line: string) => console.log(`[partshop] ${line}`);

/** Things started here, stopped in reverse order on exit so nothing is left running. */
const running: Array<{ name: string; stop: () => Promise<unknown> }> = [];
let stopping: Promise<void> | undefined;

function shutdown(exitCode: number): Promise<void> {
  stopping ??= (async () => {
    for (const { name, stop } of running.reverse()) {
      try {
        await Promise.race([stop(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      } catch (error) {
        console.error(`[partshop] stopping ${name} failed:`, error);
      }
    }
    process.exit(exitCode);
  })();
  return stopping;
}

function sandboxSecret(dataDir: string): string {
  const file = path.join(dataDir, "stripe-sandbox-webhook-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, `whsec_${crypto.randomBytes(24).toString("hex")}`, { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}

async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o755 });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      log(`${signal}: stopping`);
      void shutdown(0);
    });
  }
  // A bug that escapes every handler still stops PostgreSQL, the emulator and the sandbox
  // rather than leaving them running without their server.
  for (const event of ["uncaughtException", "unhandledRejection"] as const) {
    process.on(event, (error) => {
      console.error(`[partshop] ${event}, stopping:`, error);
      void shutdown(1);
    });
  }

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, log });
    running.push({ name: "PostgreSQL", stop: embedded.stop });
    databaseUrl = embedded.url;
    log(`Embedded PostgreSQL on 127.0.0.1:${config.embeddedPostgresPort} (data in ${path.join(config.dataDir, "postgres")})`);
  }

  const emulatorStart = config.firebase.startEmulator
    ? startAuthEmulator({ projectId: config.firebase.projectId, port: config.firebase.emulatorPort, dataDir: config.dataDir, log })
    : null;

  const db = createDataSource(databaseUrl);
  await db.initialize();
  running.push({ name: "database pool", stop: () => db.destroy() });
  await db.runMigrations({ transaction: "each" });
  if (config.seed) await seedIfEmpty(db, log);

  if (emulatorStart) {
    const emulator = await emulatorStart;
    running.push({ name: "Auth Emulator", stop: emulator.stop });
  }
  const firebaseApp = createFirebaseApp(config);
  if (config.firebase.emulatorHost) await seedEmulatorAccounts(firebaseApp);

  let stripe: Stripe;
  let publishableKey: string;
  let webhookSecret = config.stripe.webhookSecret;
  let paymentSandboxUrl: string | null = null;
  if (config.stripe.secretKey) {
    stripe = new Stripe(config.stripe.secretKey, { maxNetworkRetries: 2, timeout: 15_000 });
    publishableKey = config.stripe.publishableKey!;
  } else {
    // Offline: the same SDK, pointed at the project's Stripe-compatible sandbox.
    const secretKey = "sk_test_partshop_sandbox";
    publishableKey = "pk_test_partshop_sandbox";
    webhookSecret = sandboxSecret(config.dataDir);
    const sandbox = await startStripeSandbox({
      port: config.stripe.sandboxPort,
      secretKey,
      publishableKey,
      webhookSecret,
      webhookUrl: `http://127.0.0.1:${config.port}/stripe/webhook`,
      stateFile: path.join(config.dataDir, "stripe-sandbox.json"),
    });
    running.push({ name: "payment sandbox", stop: sandbox.close });
    paymentSandboxUrl = sandbox.url;
    stripe = new Stripe(secretKey, { host: "127.0.0.1", port: sandbox.port, protocol: "http", maxNetworkRetries: 1, timeout: 10_000 });
    log(`Payment sandbox (Stripe-compatible) on ${sandbox.url}`);
  }

  const services = createServices(db, {
    verifier: createIdTokenVerifier(firebaseApp),
    tokens: new AccessTokens(loadAccessTokenSecret(config.jwtSecret, config.dataDir)),
    adminEmails: config.adminEmails,
    stripe,
    stripeWebhookSecret: webhookSecret,
  });
  const server = await createShopServer(config, services, {
    firebaseProjectId: config.firebase.projectId,
    firebaseApiKey: config.firebase.apiKey,
    firebaseAuthDomain: config.firebase.authDomain,
    authEmulatorUrl: config.firebase.emulatorHost ? `http://${config.firebase.emulatorHost}` : null,
    stripePublishableKey: publishableKey,
    paymentSandboxUrl,
    imageUploadUrl: config.imageUploadUrl ?? "/upload",
  });
  running.push({ name: "HTTP server", stop: server.stop });
  await new Promise<void>((resolve, reject) => {
    server.httpServer.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new ConfigError(`Port ${config.port} (PORT) is already in use: stop the program using it or set PORT`) : error),
    );
    server.httpServer.listen(config.port, config.host, () => resolve());
  });

  const url = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`;
  log(`Partshop is ready on ${url}  (GraphQL: ${url}/graphql)`);
  if (config.firebase.emulatorHost) {
    log("Local accounts:");
    for (const account of SEEDED_ACCOUNTS) log(`  ${account.email} / ${account.password}`);
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(`[partshop] Configuration error: ${error.message}`);
  else console.error("[partshop] Failed to start:", error);
  void shutdown(1);
});
