import "reflect-metadata";
import type { DataSource } from "typeorm";
import { Callers } from "./api/auth/callers";
import { buildShopSchema } from "./api/graphql/schema";
import type { PublicConfig } from "./api/graphql/types/public-config";
import { restRoutes } from "./api/rest";
import { ConfigError, type Config } from "./config";
import { createDataSource } from "./db/data-source";
import { catalogueReadsOn } from "./db/replica-reads";
import { migrate } from "./db/migrate";
import { seedIfEmpty } from "./db/seed";
import { AccessTokens } from "./domain/accounts/access-tokens";
import { firebaseVerifier } from "./domain/accounts/identity";
import { ChangeFeed } from "./domain/change-feed";
import { imageStoreFor } from "./domain/images/stores";
import { createServices } from "./domain/services";
import { DELIVERY_LEASE_SECONDS } from "./domain/email/delivery";
import { smtpMailer } from "./domain/email/smtp-mailer";
import { createApp, type ShopApp } from "./edge/app";
import { Readiness, type ReadinessChecks } from "./edge/health";
import { createLogger, type Logger } from "./edge/logging";
import { ShopMetrics } from "./edge/metrics";
import { startOperatorsListener } from "./edge/operators";
import { createRateLimits } from "./edge/rate-limits";
import { startShopJobs } from "./jobs/shop-jobs";
import { stripeClient } from "./stripe";
import type { Lifecycle } from "./lifecycle";

export interface RunningShop {
  url: string;
  log: Logger;
  /** The operators' listener (/metrics, /readyz with details), when METRICS_PORT is set. */
  operatorsUrl: string | null;
}

/** What the web app is told about the services it talks to. */
function publicConfigOf(config: Config): PublicConfig {
  return {
    firebaseProjectId: config.firebase.projectId,
    firebaseApiKey: config.firebase.apiKey,
    firebaseAuthDomain: config.firebase.authDomain,
    authEmulatorUrl: config.firebase.emulatorHost
      ? (config.firebase.emulatorPublicUrl ?? `http://${config.firebase.emulatorHost}`)
      : null,
    stripePublishableKey: config.stripe.publishableKey,
    paymentSandboxUrl: config.stripe.apiUrl ? (config.stripe.sandboxPublicUrl ?? config.stripe.apiUrl) : null,
    imageUploadUrl: config.imageUploadUrl ?? "/upload",
  };
}

/**
 * What /readyz asks: the database answers and its schema is current; identity and payments are
 * configured. With replicas, a shop whose primary is away (a failover) stays ready while a replica
 * answers: it serves the catalogue from them and answers writes 503 with Retry-After itself, which
 * a balancer taking every shop out at once could not.
 */
function readinessChecks(config: Config, db: DataSource, catalogueReads: DataSource): ReadinessChecks {
  const replicasServe = async () => catalogueReads !== db && (await catalogueReads.query("SELECT 1"), true);
  return {
    database: async () => {
      try {
        return (await db.query("SELECT 1"), { ok: true, detail: "reachable" });
      } catch (error) {
        if (await replicasServe().catch(() => false))
          return {
            ok: true,
            detail: `no primary (${(error as Error).message}): reads from replicas, writes answer 503`,
          };
        throw error;
      }
    },
    migrations: async () => {
      // The replicas hold the same migrations table: they can tell while the primary cannot.
      const pending = await db.showMigrations().catch(async (error: Error) => {
        if (catalogueReads === db) throw error;
        return catalogueReads.showMigrations();
      });
      return pending ? { ok: false, detail: "pending: run npm run migrate" } : { ok: true, detail: "applied" };
    },
    identity: async () => ({
      ok: true,
      detail: config.firebase.emulatorHost
        ? `Auth Emulator, project ${config.firebase.projectId}`
        : `Firebase project ${config.firebase.projectId}`,
    }),
    payments: async () => ({ ok: true, detail: config.stripe.apiUrl ? "Stripe-compatible sandbox" : "Stripe" }),
  };
}

/** Listens through fastify, so that stopping it closes the server and waits for requests in flight. */
async function listen(app: ShopApp["app"], config: Config): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE")
      throw new ConfigError([`Port ${config.port} (PORT) is already in use: stop the program using it or set PORT`]);
    throw error;
  }
}

/**
 * Opens the database, brings its schema up to date, and serves the shop: domain services under
 * the API (GraphQL and REST) under the HTTP edge. Everything it starts is added to `lifecycle`.
 */
export async function startShop(config: Config, lifecycle: Lifecycle): Promise<RunningShop> {
  const log = createLogger(config.log);
  const db = createDataSource(config.databaseUrl, log.child({ component: "database" }), {
    poolSize: config.operations.databasePoolSize,
  });
  await db.initialize();
  lifecycle.add("database pool", () => db.destroy());
  if (config.migrateOnStart) {
    const applied = await migrate(db, undefined, (line) => log.warn(line));
    if (applied.length) log.info(`Applied ${applied.length} migrations: ${applied.join(", ")}`);
  }
  if (config.seed) await seedIfEmpty(db, (line) => log.info(line));

  // With replicas, the feed also tells what a replica must have replayed to answer as the primary would.
  const events = new ChangeFeed({ walPositions: config.databaseReplicaUrl !== null }).listenTo(
    config.databaseUrl,
    log.child({ component: "events" }),
  );
  lifecycle.add("change feed", () => events.stop());
  const tokens = new AccessTokens(config.jwtSecret, config.jwtPreviousSecrets);
  // Measured only when someone can read it (the operators' listener).
  const metrics = config.operations.metricsPort === null ? null : new ShopMetrics(db);
  const catalogueReads = await catalogueReadsOn(
    db,
    config.databaseReplicaUrl,
    { positionNeeded: () => events.positionFor("catalogue"), counted: (pool) => metrics?.catalogueRead(pool) },
    log.child({ component: "replica reads" }),
    { poolSize: config.operations.databasePoolSize },
  );
  if (catalogueReads !== db) lifecycle.add("replica pool", () => catalogueReads.destroy());
  const mailer = config.mail.smtpUrl ? smtpMailer(config.mail.smtpUrl, config.mail.from) : null;
  if (mailer) lifecycle.add("SMTP connections", async () => mailer.close());
  else log.info("SMTP_URL is not set: the shop's emails are kept in the outbox (email_outbox) and not sent");
  const services = createServices(db, {
    events,
    catalogueReads,
    verifier: firebaseVerifier(config.firebase),
    tokens,
    adminEmails: config.adminEmails,
    stripe: stripeClient(config.stripe),
    stripeWebhookSecret: config.stripe.webhookSecret,
    imageStore: imageStoreFor(config, db),
    holds: config.holds,
    log: log.child({ component: "services" }),
    counters: metrics ?? undefined,
    mailer,
    taxDisplayPlace: config.seller.taxDisplayPlace,
    seller: config.seller,
    delivery: {
      maxAttempts: config.mail.maxAttempts,
      retrySeconds: config.mail.retrySeconds,
      leaseSeconds: DELIVERY_LEASE_SECONDS,
    },
  });
  // A shop started before `npm run migrate` serves nothing until then (see readiness); its rules wait too.
  const schemaCurrent = async () => !(await db.showMigrations());
  if (await schemaCurrent()) {
    const unlisted = await services.users.revokeUnlistedAdmins();
    if (unlisted.length)
      log.warn({ emails: unlisted }, `No longer admins (taken out of ADMIN_EMAILS): ${unlisted.join(", ")}`);
  }
  const callers = new Callers(tokens, services.users, events);
  const readiness = new Readiness(readinessChecks(config, db, catalogueReads), log.child({ component: "readiness" }));
  const shop = await createApp({
    config,
    services,
    callers,
    events,
    schema: buildShopSchema(),
    restRoutes: restRoutes(services),
    rateLimits: createRateLimits(config.rateLimits, db, log.child({ component: "rate-limits" }), metrics ?? undefined),
    publicConfig: publicConfigOf(config),
    readiness,
    log,
    metrics,
  });
  lifecycle.add("HTTP server", shop.stop);
  await listen(shop.app, config);
  lifecycle.add(
    "periodic jobs",
    startShopJobs({ ...config.jobs, mail: config.mail }, services, db, log.child({ component: "jobs" }), schemaCurrent),
  );
  let operatorsUrl: string | null = null;
  if (metrics && config.operations.metricsPort !== null) {
    const operators = await startOperatorsListener({
      host: config.operations.metricsHost,
      port: config.operations.metricsPort,
      metrics,
      readiness,
    });
    lifecycle.add("operators' listener", operators.stop);
    operatorsUrl = operators.url;
  }
  return { url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`, log, operatorsUrl };
}
