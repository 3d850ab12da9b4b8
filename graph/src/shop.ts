import "reflect-metadata";
import fs from "node:fs";
import Stripe from "stripe";
import { ConfigError, type Config } from "./config";
import { AccessTokens } from "./auth/access-token";
import { createFirebaseApp, createIdTokenVerifier } from "./auth/firebase";
import { createDataSource } from "./db/data-source";
import { seedIfEmpty } from "./db/seed";
import { createShopServer } from "./http/server";
import { createServices } from "./services";
import type { Lifecycle } from "./lifecycle";

export interface RunningShop {
  url: string;
}

/** The Stripe SDK, pointed at Stripe or (outside production) at a Stripe-compatible stand-in. */
function stripeClient(config: Config["stripe"]): Stripe {
  if (!config.apiUrl) return new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 15_000 });
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return new Stripe(config.secretKey, { host: url.hostname, port: Number(url.port) || (protocol === "https" ? 443 : 80), protocol, maxNetworkRetries: 1, timeout: 10_000 });
}

function listen(server: import("node:http").Server, config: Config): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new ConfigError([`Port ${config.port} (PORT) is already in use: stop the program using it or set PORT`]) : error),
    );
    server.listen(config.port, config.host, () => resolve());
  });
}

/** Opens the database, brings its schema up to date, and serves the shop. Everything it starts is added to `lifecycle`. */
export async function startShop(config: Config, lifecycle: Lifecycle, log: (line: string) => void): Promise<RunningShop> {
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o755 });
  const db = createDataSource(config.databaseUrl);
  await db.initialize();
  lifecycle.add("database pool", () => db.destroy());
  await db.runMigrations({ transaction: "each" });
  if (config.seed) await seedIfEmpty(db, log);

  const firebaseApp = createFirebaseApp(config);
  const services = createServices(db, {
    verifier: createIdTokenVerifier(firebaseApp),
    tokens: new AccessTokens(Buffer.from(config.jwtSecret, "utf8")),
    adminEmails: config.adminEmails,
    stripe: stripeClient(config.stripe),
    stripeWebhookSecret: config.stripe.webhookSecret,
  });
  const server = await createShopServer(config, services, {
    firebaseProjectId: config.firebase.projectId,
    firebaseApiKey: config.firebase.apiKey,
    firebaseAuthDomain: config.firebase.authDomain,
    authEmulatorUrl: config.firebase.emulatorHost ? `http://${config.firebase.emulatorHost}` : null,
    stripePublishableKey: config.stripe.publishableKey,
    paymentSandboxUrl: config.stripe.apiUrl,
    imageUploadUrl: config.imageUploadUrl ?? "/upload",
  });
  lifecycle.add("HTTP server", server.stop);
  await listen(server.httpServer, config);
  return { url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}` };
}
