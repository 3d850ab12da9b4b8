import path from "node:path";

/** Everything the server reads from the environment, validated once at start. */
export interface Config {
  production: boolean;
  host: string;
  port: number;
  /** Folder for the embedded database, generated secrets, uploads and sandbox state. */
  dataDir: string;
  /** Built web app served at "/" (absent in API-only deployments). */
  webDistDir: string;
  /** Images shipped with the seed catalogue. */
  assetsDir: string;
  databaseUrl: string | null;
  embeddedPostgresPort: number;
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string | null;
    /** host:port of the Auth Emulator, or null for a real Firebase project. */
    emulatorHost: string | null;
    /** Start the emulator ourselves (no Firebase project configured and no external emulator). */
    startEmulator: boolean;
    emulatorPort: number;
  };
  jwtSecret: string | null;
  adminEmails: string[];
  corsOrigins: string[];
  stripe: {
    secretKey: string | null;
    publishableKey: string | null;
    webhookSecret: string | null;
    sandboxPort: number;
  };
  imageUploadUrl: string | null;
  seed: boolean;
  /** Adds an x-sql-queries header with the SQL statement count of each request (tests, benchmarks). */
  exposeSqlCount: boolean;
  graphqlIntrospection: boolean;
  /** Requests per client address and window on the routes worth abusing (429 with Retry-After beyond). */
  rateLimits: {
    windowSeconds: number;
    /** Token issuance: PUT /user/{email} and the signIn mutation. */
    signIn: number;
    /** POST /upload. */
    uploads: number;
    /** POST /newsletter and the subscribeNewsletter mutation. */
    newsletter: number;
  };
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === "" ? undefined : trimmed;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function list(env: Env, name: string): string[] {
  return (value(env, name) ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMBEDDED_FIREBASE_PROJECT = "demo-partshop";

/** Per client address and 15-minute window: far above what a shopper (or an office behind one address) does. */
export const DEFAULT_RATE_LIMITS = { windowSeconds: 900, signIn: 300, uploads: 200, newsletter: 60 } as const;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const nodeEnv = value(env, "NODE_ENV") ?? "development";
  const production = nodeEnv === "production";

  const databaseUrl = value(env, "DATABASE_URL") ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must be a postgres:// or postgresql:// URL");
  }

  const firebaseProjectId = value(env, "FIREBASE_PROJECT_ID") ?? null;
  const externalEmulator = value(env, "FIREBASE_AUTH_EMULATOR_HOST") ?? null;
  if (externalEmulator && !/^[\w.-]+:\d+$/.test(externalEmulator)) {
    throw new ConfigError(`FIREBASE_AUTH_EMULATOR_HOST must be host:port (got "${externalEmulator}")`);
  }
  const emulatorPort = integer(env, "AUTH_EMULATOR_PORT", 9099, 1, 65535);
  const startEmulator = !firebaseProjectId && !externalEmulator;
  const projectId = firebaseProjectId ?? EMBEDDED_FIREBASE_PROJECT;
  const emulatorHost = externalEmulator ?? (startEmulator ? `127.0.0.1:${emulatorPort}` : null);
  if (emulatorHost && !projectId.startsWith("demo-")) {
    throw new ConfigError(
      "FIREBASE_AUTH_EMULATOR_HOST is set with a real FIREBASE_PROJECT_ID: the emulator accepts unsigned tokens, so it is only allowed with a demo-* project",
    );
  }

  const jwtSecret = value(env, "JWT_SECRET") ?? null;
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new ConfigError("JWT_SECRET must be at least 32 characters long");
  }

  const adminEmails = list(env, "ADMIN_EMAILS").map((email) => email.toLowerCase());
  for (const email of adminEmails) {
    if (!EMAIL.test(email)) throw new ConfigError(`ADMIN_EMAILS contains an invalid email: "${email}"`);
  }

  const corsOrigins = list(env, "CORS_ORIGINS");
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      throw new ConfigError(`CORS_ORIGINS must list origins like https://shop.example.com (got "${origin}")`);
    }
  }

  const stripeSecretKey = value(env, "STRIPE_SECRET_KEY") ?? null;
  if (stripeSecretKey && !/^(sk|rk)_(test|live)_/.test(stripeSecretKey)) {
    throw new ConfigError("STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)");
  }
  const stripePublishableKey = value(env, "STRIPE_PUBLISHABLE_KEY") ?? null;
  if (stripeSecretKey && !stripePublishableKey) {
    throw new ConfigError("STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set");
  }
  const stripeWebhookSecret = value(env, "STRIPE_WEBHOOK_SECRET") ?? null;

  const imageUploadUrl = value(env, "IMAGE_UPLOAD_URL") ?? null;
  if (imageUploadUrl && !/^https?:\/\//.test(imageUploadUrl)) {
    throw new ConfigError("IMAGE_UPLOAD_URL must be an http(s) URL");
  }

  if (production) {
    // A production shop never falls back to the embedded, offline defaults.
    if (!databaseUrl) throw new ConfigError("DATABASE_URL is required when NODE_ENV=production");
    if (externalEmulator) {
      throw new ConfigError("FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production");
    }
    if (!firebaseProjectId || firebaseProjectId.startsWith("demo-")) {
      throw new ConfigError("FIREBASE_PROJECT_ID (a real Firebase project) is required when NODE_ENV=production");
    }
    if (!value(env, "FIREBASE_API_KEY")) throw new ConfigError("FIREBASE_API_KEY is required when NODE_ENV=production");
    if (!jwtSecret) throw new ConfigError("JWT_SECRET is required when NODE_ENV=production");
    if (!stripeSecretKey) throw new ConfigError("STRIPE_SECRET_KEY is required when NODE_ENV=production");
    if (!stripeWebhookSecret) throw new ConfigError("STRIPE_WEBHOOK_SECRET is required when NODE_ENV=production");
  }

  const repoRoot = path.resolve(__dirname, "..", "..");
  return {
    production,
    host: value(env, "HOST") ?? (production ? "0.0.0.0" : "127.0.0.1"),
    port: integer(env, "PORT", 4000, 0, 65535),
    dataDir: path.resolve(cwd, value(env, "DATA_DIR") ?? "data"),
    webDistDir: path.resolve(cwd, value(env, "WEB_DIST_DIR") ?? path.join(repoRoot, "web", "dist")),
    assetsDir: path.join(repoRoot, "graph", "assets"),
    databaseUrl,
    embeddedPostgresPort: integer(env, "EMBEDDED_PG_PORT", 54329, 1, 65535),
    firebase: {
      projectId,
      apiKey: value(env, "FIREBASE_API_KEY") ?? "demo-api-key",
      authDomain: value(env, "FIREBASE_AUTH_DOMAIN") ?? null,
      emulatorHost,
      startEmulator,
      emulatorPort,
    },
    jwtSecret,
    adminEmails: adminEmails.length > 0 || production ? adminEmails : ["admin@partshop.dev"],
    corsOrigins,
    stripe: {
      secretKey: stripeSecretKey,
      publishableKey: stripePublishableKey,
      webhookSecret: stripeWebhookSecret,
      sandboxPort: integer(env, "STRIPE_SANDBOX_PORT", 12111, 0, 65535),
    },
    imageUploadUrl,
    seed: flag(env, "SEED", true),
    exposeSqlCount: flag(env, "EXPOSE_SQL_COUNT", false) && !production,
    graphqlIntrospection: !production,
    rateLimits: {
      windowSeconds: integer(env, "RATE_LIMIT_WINDOW_SECONDS", DEFAULT_RATE_LIMITS.windowSeconds, 1, 86_400),
      signIn: integer(env, "RATE_LIMIT_SIGN_IN", DEFAULT_RATE_LIMITS.signIn, 1, 10_000_000),
      uploads: integer(env, "RATE_LIMIT_UPLOADS", DEFAULT_RATE_LIMITS.uploads, 1, 10_000_000),
      newsletter: integer(env, "RATE_LIMIT_NEWSLETTER", DEFAULT_RATE_LIMITS.newsletter, 1, 10_000_000),
    },
  };
}
