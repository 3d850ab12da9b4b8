import path from "node:path";
import dotenv from "dotenv";
import { checkAddress, countryName, type AddressField, type PostalAddress } from "./domain/addresses/address-rules";
import type { Place } from "./domain/addresses/places";

/**
 * Everything the shop reads from its environment, validated once at start. The shop talks to real
 * services only through these settings: a PostgreSQL database, a Firebase project, Stripe. (For
 * offline development `npm start` runs the local harness in dev/, which starts stand-ins for them
 * and fills these settings in.)
 */
export interface Config {
  production: boolean;
  host: string;
  port: number;
  /** Folder for uploaded images. */
  dataDir: string;
  /** Built web app served at "/" (absent in API-only deployments). */
  webDistDir: string;
  /** Render the landing pages on the server (WEB_SSR); off serves the page the browser renders. */
  webServerRendering: boolean;
  /** Images shipped with the seed catalogue. */
  assetsDir: string;
  databaseUrl: string;
  /**
   * Where the catalogue's reads may go (DATABASE_REPLICA_URL): the replicas, such as HAProxy's
   * read-only port. Null: every read goes to DATABASE_URL, as a shop on one server does.
   */
  databaseReplicaUrl: string | null;
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string | null;
    /** host:port of the Auth Emulator (demo-* projects outside production only), else null. */
    emulatorHost: string | null;
    /** Where a browser reaches the emulator, when not at http://{emulatorHost} (a container's name). */
    emulatorPublicUrl: string | null;
  };
  jwtSecret: string;
  /** Earlier JWT_SECRETs whose tokens are still accepted (a rotation signs out nobody); never used to sign. */
  jwtPreviousSecrets: string[];
  adminEmails: string[];
  corsOrigins: string[];
  /** Proxies whose X-Forwarded-For is believed (the client address of rate limits): "loopback" by default. */
  trustProxy: string[];
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    /** A Stripe-compatible endpoint instead of api.stripe.com (the local sandbox; never in production). */
    apiUrl: string | null;
    /** Where a browser reaches the sandbox, when not at apiUrl. */
    sandboxPublicUrl: string | null;
  };
  imageUploadUrl: string | null;
  /** Where uploaded images are kept: the database (default), an S3-compatible bucket, or DATA_DIR/uploads. */
  images:
    | { store: "postgres" }
    | { store: "files" }
    | { store: "s3"; bucket: string; prefix: string; region: string; endpoint: string | null; forcePathStyle: boolean };
  seed: boolean;
  /** Bring the database schema up to date at start (under a lock, so processes starting together run them once). */
  migrateOnStart: boolean;
  /** Adds an x-sql-queries header with the SQL statement count of each request (tests, benchmarks). */
  exposeSqlCount: boolean;
  graphqlIntrospection: boolean;
  /** The REST API's reference page at /docs (Swagger UI): on outside production, in production only with API_DOCS=true. */
  apiDocsPage: boolean;
  log: { level: string; format: "json" | "pretty" };
  /** Requests per client address and window on the routes worth abusing (429 with Retry-After beyond). */
  rateLimits: {
    windowSeconds: number;
    /** Token issuance: PUT /user/{email} and the signIn mutation. */
    signIn: number;
    /** POST /upload. */
    uploads: number;
    /** POST /newsletter and the subscribeNewsletter mutation. */
    newsletter: number;
    /** Orders placed (each line of a checkout counts), per customer. */
    orders: number;
    /** Card payments opened, per customer (each costs calls to Stripe). */
    paymentIntents: number;
  };
  /** How long unpaid orders hold their units, and how much one customer may hold unpaid at once. */
  holds: {
    minutes: number;
    maxUnpaidOrders: number;
    maxUnpaidCents: number;
  };
  /** The shop's periodic work (every process runs it; see jobs/). 0 turns a job off. */
  jobs: {
    holdExpirySeconds: number;
    reconcileSeconds: number;
    /** How far back reconciliation reads Stripe's PaymentIntents. */
    reconcileLookbackHours: number;
  };
  /** Transactional email: the outbox is always written; it is sent when smtpUrl is set. */
  mail: MailConfig;
  /** What operators run the shop with: metrics, detailed readiness, tracing, the pool's size. */
  operations: OperationsConfig;
  /** Who sells, and where a visitor's prices are shown as taxed. */
  seller: SellerConfig;
}

/** Who sells: the name, address and tax number invoices carry, and where a visitor's prices are shown as taxed. */
export interface SellerConfig {
  name: string;
  /** The seller's address, checked by the same rules as a customer's; null when not configured. */
  address: PostalAddress | null;
  /** The VAT or sales-tax number printed on invoices (SELLER_TAX_ID). */
  taxId: string | null;
  /** The place whose tax a visitor without an address is shown (TAX_DISPLAY_COUNTRY and TAX_DISPLAY_REGION; default the seller's). */
  taxDisplayPlace: Place;
}

export interface MailConfig {
  /** nodemailer's SMTP URL (smtp://user:pass@host:587, smtps://... for TLS from the start); null: nothing is sent. Required in production. */
  smtpUrl: string | null;
  /** The From of every email: "Partshop <orders@shop.example>". Required in production. */
  from: string;
  /** How often each process sends what is due (0: never). */
  sendEverySeconds: number;
  /** Attempts before an email is given up (logged as an error, counted). */
  maxAttempts: number;
  /** The wait after a first failed attempt; it doubles with each further one (up to an hour). */
  retrySeconds: number;
  /** How long before a reservation ends its customer is warned (0: never). */
  holdEndingMinutes: number;
}

export interface OperationsConfig {
  /** The operators' listener (/metrics, /readyz with details), never behind the public balancer; null: none, and nothing is measured. */
  metricsPort: number | null;
  metricsHost: string;
  /** PostgreSQL connections each process's pool may hold (each process also holds one for the change feed). */
  databasePoolSize: number;
  /** Where traces go (OTLP over HTTP); null: tracing off. Read by the OpenTelemetry SDK itself (graph/src/tracing.ts). */
  otlpEndpoint: string | null;
}

/**
 * Reads `.env` (or the file ENV_FILE names) into the environment. The environment wins: a variable
 * already set is never replaced by the file. Returns the file's path when there was one.
 */
export function readEnvFile(env: Env = process.env, cwd = process.cwd()): string | null {
  const file = path.resolve(cwd, env.ENV_FILE?.trim() || ".env");
  const result = dotenv.config({ path: file, quiet: true, processEnv: env as dotenv.DotenvPopulateInput });
  return result.error ? null : file;
}

/** Invalid or missing settings, each named; the message is one line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("; "));
  }
}

type Env = Record<string, string | undefined>;

/** Per client address and 15-minute window: far above what a shopper (or an office behind one address) does. */
export const DEFAULT_RATE_LIMITS = {
  windowSeconds: 900,
  signIn: 300,
  uploads: 200,
  newsletter: 60,
  orders: 60,
  paymentIntents: 60,
} as const;

/**
 * An hour: long enough to find a card, ask for a purchase approval or pass a bank's check, short
 * enough that units a shopper walked away from are back on sale within the hour.
 */
export const DEFAULT_HOLDS = { minutes: 60, maxUnpaidOrders: 10, maxUnpaidDollars: 5000 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const HOST_PORT = /^[\w.-]+:\d+$/;
const HTTP_URL = /^https?:\/\/[^\s/]+(\/\S*)?$/;
const SMTP_URL = /^smtps?:\/\/[^\s/]+(\/\S*)?$/;
/** An address alone or with a name: "orders@shop.example", "Partshop <orders@shop.example>". */
const MAIL_FROM = /^([^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;
/** Outside production, emails come from the shop's own made-up address. */
export const DEVELOPMENT_MAIL_FROM = "Partshop <orders@partshop.dev>";

/** Reads variables and collects every problem, so one start names all of them. */
class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  text(name: string): string | undefined {
    const raw = this.env[name]?.trim();
    return raw === "" ? undefined : raw;
  }

  required(name: string, why: string): string {
    const value = this.text(name);
    if (value === undefined) this.problems.push(`${name} is required (${why})`);
    return value ?? "";
  }

  check(ok: boolean, problem: string): void {
    if (!ok) this.problems.push(problem);
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  }

  flag(name: string, fallback: boolean): boolean {
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    this.problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  list(name: string): string[] {
    return (this.text(name) ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  }
}

/** The mail settings (see MailConfig): SMTP_URL and MAIL_FROM are required in production. */
function readMail(read: EnvReader, production: boolean): MailConfig {
  const smtpUrl = production
    ? read.required("SMTP_URL", "the SMTP server that sends the shop's emails, smtp://user:pass@host:587")
    : (read.text("SMTP_URL") ?? null);
  // The URL holds a password: a refusal never repeats it.
  read.check(!smtpUrl || SMTP_URL.test(smtpUrl), "SMTP_URL must be an smtp:// or smtps:// URL");
  const from = production
    ? read.required("MAIL_FROM", 'the sender of the shop\'s emails, such as "Partshop <orders@shop.example>"')
    : (read.text("MAIL_FROM") ?? DEVELOPMENT_MAIL_FROM);
  read.check(!from || MAIL_FROM.test(from), `MAIL_FROM must be an address, or a name and <address> (got "${from}")`);
  return {
    smtpUrl: smtpUrl || null,
    from,
    sendEverySeconds: read.integer("EMAIL_SEND_INTERVAL_SECONDS", 5, 0, 3600),
    maxAttempts: read.integer("EMAIL_MAX_ATTEMPTS", 8, 1, 100),
    retrySeconds: read.integer("EMAIL_RETRY_SECONDS", 30, 1, 3600),
    holdEndingMinutes: read.integer("HOLD_ENDING_EMAIL_MINUTES", 15, 0, 7 * 24 * 60),
  };
}

/** Outside production, a shop that names no seller sells from a made-up warehouse in Portland, Oregon. */
export const DEVELOPMENT_SELLER = {
  name: "Partshop Ltd",
  line1: "1 Warehouse Way",
  line2: null,
  city: "Portland",
  region: "OR",
  postalCode: "97201",
  country: "US",
  phone: "+15035550100",
  taxId: null,
};

/** The variable behind each field of the seller's address. */
const SELLER_ADDRESS_VARIABLES: Record<AddressField, string> = {
  name: "SELLER_NAME",
  company: "SELLER_NAME",
  line1: "SELLER_ADDRESS_LINE1",
  line2: "SELLER_ADDRESS_LINE2",
  city: "SELLER_CITY",
  region: "SELLER_REGION",
  postalCode: "SELLER_POSTAL_CODE",
  country: "SELLER_COUNTRY",
  phone: "SELLER_PHONE",
};

/**
 * The seller (see SellerConfig). Its address is optional, but one given is checked whole by the
 * address rules, each problem naming its variable. Outside production, a shop that sets none of
 * the seller's variables gets the made-up one.
 */
function readSeller(read: EnvReader, production: boolean): SellerConfig {
  const configured = {
    name: read.text("SELLER_NAME"),
    line1: read.text("SELLER_ADDRESS_LINE1"),
    line2: read.text("SELLER_ADDRESS_LINE2"),
    city: read.text("SELLER_CITY"),
    region: read.text("SELLER_REGION"),
    postalCode: read.text("SELLER_POSTAL_CODE"),
    country: read.text("SELLER_COUNTRY"),
    phone: read.text("SELLER_PHONE"),
    taxId: read.text("SELLER_TAX_ID"),
  };
  const unnamed = Object.values(configured).every((value) => value === undefined);
  const seller = !production && unnamed ? DEVELOPMENT_SELLER : configured;
  const given = {
    name: seller.name ?? "",
    line1: seller.line1 ?? "",
    line2: seller.line2 ?? null,
    city: seller.city ?? "",
    region: seller.region ?? null,
    postalCode: seller.postalCode ?? "",
    country: seller.country ?? "",
    phone: seller.phone ?? "",
  };
  let address: PostalAddress | null = null;
  if (given.line1 || given.city || given.postalCode || given.country) {
    const checked = checkAddress(given);
    if ("problems" in checked)
      for (const problem of checked.problems)
        read.check(false, `${SELLER_ADDRESS_VARIABLES[problem.field]}: ${problem.message}`);
    else address = checked.address;
  }
  const displayCountry = (read.text("TAX_DISPLAY_COUNTRY") ?? address?.country ?? "US").toUpperCase();
  read.check(
    countryName(displayCountry) !== null,
    `TAX_DISPLAY_COUNTRY must be a two-letter ISO 3166 code (got "${displayCountry}")`,
  );
  const displayRegion =
    read.text("TAX_DISPLAY_REGION") ?? (displayCountry === address?.country ? address.region : null);
  return {
    name: given.name || "Partshop",
    address,
    taxId: seller.taxId ?? null,
    taxDisplayPlace: { country: displayCountry, region: displayRegion ?? null },
  };
}

/** The operators' settings (see OperationsConfig). */
function readOperations(read: EnvReader, host: string): OperationsConfig {
  const metricsPort = read.text("METRICS_PORT") === undefined ? null : read.integer("METRICS_PORT", 0, 1, 65535);
  const otlpEndpoint =
    read.text("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") ?? read.text("OTEL_EXPORTER_OTLP_ENDPOINT") ?? null;
  read.check(
    !otlpEndpoint || HTTP_URL.test(otlpEndpoint),
    `OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL (got "${otlpEndpoint}")`,
  );
  return {
    metricsPort,
    metricsHost: read.text("METRICS_HOST") ?? host,
    databasePoolSize: read.integer("DATABASE_POOL_SIZE", 20, 1, 1000),
    otlpEndpoint,
  };
}

function readImageStore(read: EnvReader): Config["images"] {
  const store = read.text("IMAGE_STORE") ?? "postgres";
  read.check(["postgres", "s3", "files"].includes(store), `IMAGE_STORE must be postgres, s3 or files (got "${store}")`);
  if (store !== "s3") return { store: store === "files" ? "files" : "postgres" };
  const endpoint = read.text("S3_ENDPOINT") ?? null;
  read.check(!endpoint || HTTP_URL.test(endpoint), `S3_ENDPOINT must be an http(s) URL (got "${endpoint}")`);
  return {
    store: "s3",
    bucket: read.required("S3_BUCKET", "the bucket uploaded images go to, with IMAGE_STORE=s3"),
    prefix: read.text("S3_PREFIX") ?? "images/",
    region: read.text("S3_REGION") ?? "us-east-1",
    endpoint,
    forcePathStyle: read.flag("S3_FORCE_PATH_STYLE", endpoint !== null),
  };
}

/** What the image tools need: the database and the image store (see ops/import-images.ts). */
export function loadImageStoreConfig(
  env: Env = process.env,
  cwd = process.cwd(),
): Pick<Config, "databaseUrl" | "images" | "dataDir"> {
  const read = new EnvReader(env);
  const databaseUrl = read.required("DATABASE_URL", "a postgres:// URL");
  const images = readImageStore(read);
  if (read.problems.length) throw new ConfigError(read.problems);
  return { databaseUrl, images, dataDir: path.resolve(cwd, read.text("DATA_DIR") ?? "data") };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const read = new EnvReader(env);
  const production = (read.text("NODE_ENV") ?? "development") === "production";

  const databaseUrl = read.required("DATABASE_URL", "a postgres:// URL; `npm start` provides a local database");
  read.check(
    !databaseUrl || /^postgres(ql)?:\/\/.+/.test(databaseUrl),
    "DATABASE_URL must be a postgres:// or postgresql:// URL",
  );
  const databaseReplicaUrl = read.text("DATABASE_REPLICA_URL") ?? null;
  // The URL holds a password: a refusal never repeats it.
  read.check(
    !databaseReplicaUrl || /^postgres(ql)?:\/\/.+/.test(databaseReplicaUrl),
    "DATABASE_REPLICA_URL must be a postgres:// or postgresql:// URL",
  );

  const projectId = read.required("FIREBASE_PROJECT_ID", "the Firebase project that signs users in");
  const emulatorHost = read.text("FIREBASE_AUTH_EMULATOR_HOST") ?? null;
  if (emulatorHost !== null) {
    read.check(HOST_PORT.test(emulatorHost), `FIREBASE_AUTH_EMULATOR_HOST must be host:port (got "${emulatorHost}")`);
    read.check(
      !production,
      "FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production: the emulator accepts unsigned tokens",
    );
    read.check(
      production || !projectId || projectId.startsWith("demo-"),
      "FIREBASE_AUTH_EMULATOR_HOST is set with a real FIREBASE_PROJECT_ID: the emulator accepts unsigned tokens, so it is only allowed with a demo-* project",
    );
  }
  if (production) {
    read.check(
      !projectId.startsWith("demo-"),
      "FIREBASE_PROJECT_ID must be a real Firebase project when NODE_ENV=production (demo-* projects exist only in the emulator)",
    );
  }
  const apiKey = production
    ? read.required("FIREBASE_API_KEY", "the web app's Firebase key")
    : (read.text("FIREBASE_API_KEY") ?? "demo-api-key");

  const jwtSecret = read.required("JWT_SECRET", "signs the shop's access tokens; at least 32 random characters");
  read.check(!jwtSecret || jwtSecret.length >= 32, "JWT_SECRET must be at least 32 characters long");

  const jwtPreviousSecrets = read.list("JWT_PREVIOUS_SECRETS");
  for (const [index, secret] of jwtPreviousSecrets.entries()) {
    read.check(secret.length >= 32, `JWT_PREVIOUS_SECRETS: secret ${index + 1} must be at least 32 characters long`);
  }

  const adminEmails = read.list("ADMIN_EMAILS").map((email) => email.toLowerCase());
  for (const email of adminEmails) read.check(EMAIL.test(email), `ADMIN_EMAILS contains an invalid email: "${email}"`);

  const corsOrigins = read.list("CORS_ORIGINS");
  for (const origin of corsOrigins) {
    read.check(
      /^https?:\/\/[^/]+$/.test(origin),
      `CORS_ORIGINS must list origins like https://shop.example.com (got "${origin}")`,
    );
  }

  const trustProxy = read.list("TRUST_PROXY");
  for (const proxy of trustProxy) {
    read.check(
      /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(proxy),
      `TRUST_PROXY must list addresses, CIDR ranges, loopback, linklocal or uniquelocal (got "${proxy}")`,
    );
  }

  const stripeSecretKey = read.required("STRIPE_SECRET_KEY", "Stripe's secret key, sk_live_... or sk_test_...");
  read.check(
    !stripeSecretKey || /^(sk|rk)_(test|live)_/.test(stripeSecretKey),
    "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)",
  );
  const stripePublishableKey = read.required(
    "STRIPE_PUBLISHABLE_KEY",
    "Stripe's publishable key, for the web app's card form",
  );
  const stripeWebhookSecret = read.required(
    "STRIPE_WEBHOOK_SECRET",
    "the signing secret of the Stripe webhook, whsec_...",
  );
  const stripeApiUrl = read.text("STRIPE_API_URL") ?? null;
  if (stripeApiUrl !== null) {
    read.check(HTTP_URL.test(stripeApiUrl), `STRIPE_API_URL must be an http(s) URL (got "${stripeApiUrl}")`);
    read.check(!production, "STRIPE_API_URL must not be set when NODE_ENV=production: payments go to Stripe itself");
  }

  const images = readImageStore(read);

  const logLevel = read.text("LOG_LEVEL") ?? "info";
  read.check(LOG_LEVELS.includes(logLevel), `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${logLevel}")`);
  const logFormat = read.text("LOG_FORMAT") ?? (production ? "json" : "pretty");
  read.check(logFormat === "json" || logFormat === "pretty", `LOG_FORMAT must be json or pretty (got "${logFormat}")`);

  // Behind container networking the browser reaches the stand-ins elsewhere than the shop does.
  const publicUrl = (name: string, of: string | null, ofName: string) => {
    const url = read.text(name) ?? null;
    if (url === null) return null;
    read.check(HTTP_URL.test(url), `${name} must be an http(s) URL (got "${url}")`);
    read.check(of !== null, `${name} is only meaningful with ${ofName}`);
    return url;
  };
  const emulatorPublicUrl = publicUrl("AUTH_EMULATOR_PUBLIC_URL", emulatorHost, "FIREBASE_AUTH_EMULATOR_HOST");
  const sandboxPublicUrl = publicUrl("PAYMENT_SANDBOX_PUBLIC_URL", stripeApiUrl, "STRIPE_API_URL");

  const imageUploadUrl = read.text("IMAGE_UPLOAD_URL") ?? null;
  read.check(!imageUploadUrl || /^https?:\/\//.test(imageUploadUrl), "IMAGE_UPLOAD_URL must be an http(s) URL");

  const host = read.text("HOST") ?? (production ? "0.0.0.0" : "127.0.0.1");
  const config: Config = {
    production,
    host,
    port: read.integer("PORT", 4000, 0, 65535),
    dataDir: path.resolve(cwd, read.text("DATA_DIR") ?? "data"),
    webDistDir: path.resolve(cwd, read.text("WEB_DIST_DIR") ?? path.join(__dirname, "..", "..", "web", "dist")),
    webServerRendering: read.flag("WEB_SSR", true),
    assetsDir: path.join(__dirname, "..", "assets"),
    databaseUrl,
    databaseReplicaUrl,
    firebase: {
      projectId,
      apiKey,
      authDomain: read.text("FIREBASE_AUTH_DOMAIN") ?? null,
      emulatorHost,
      emulatorPublicUrl,
    },
    jwtSecret,
    jwtPreviousSecrets,
    adminEmails,
    corsOrigins,
    trustProxy: trustProxy.length ? trustProxy : ["loopback"],
    stripe: {
      secretKey: stripeSecretKey,
      publishableKey: stripePublishableKey,
      webhookSecret: stripeWebhookSecret,
      apiUrl: stripeApiUrl,
      sandboxPublicUrl,
    },
    imageUploadUrl,
    images,
    seed: read.flag("SEED", !production),
    migrateOnStart: read.flag("MIGRATE_ON_START", true),
    exposeSqlCount: read.flag("EXPOSE_SQL_COUNT", false) && !production,
    graphqlIntrospection: !production,
    apiDocsPage: read.flag("API_DOCS", !production),
    log: { level: logLevel, format: logFormat as "json" | "pretty" },
    rateLimits: {
      windowSeconds: read.integer("RATE_LIMIT_WINDOW_SECONDS", DEFAULT_RATE_LIMITS.windowSeconds, 1, 86_400),
      signIn: read.integer("RATE_LIMIT_SIGN_IN", DEFAULT_RATE_LIMITS.signIn, 1, 10_000_000),
      uploads: read.integer("RATE_LIMIT_UPLOADS", DEFAULT_RATE_LIMITS.uploads, 1, 10_000_000),
      newsletter: read.integer("RATE_LIMIT_NEWSLETTER", DEFAULT_RATE_LIMITS.newsletter, 1, 10_000_000),
      orders: read.integer("RATE_LIMIT_ORDERS", DEFAULT_RATE_LIMITS.orders, 1, 10_000_000),
      paymentIntents: read.integer("RATE_LIMIT_PAYMENT_INTENTS", DEFAULT_RATE_LIMITS.paymentIntents, 1, 10_000_000),
    },
    holds: {
      minutes: read.integer("ORDER_HOLD_MINUTES", DEFAULT_HOLDS.minutes, 1, 7 * 24 * 60),
      maxUnpaidOrders: read.integer("MAX_UNPAID_ORDERS", DEFAULT_HOLDS.maxUnpaidOrders, 1, 1000),
      maxUnpaidCents: read.integer("MAX_UNPAID_DOLLARS", DEFAULT_HOLDS.maxUnpaidDollars, 1, 10_000_000) * 100,
    },
    jobs: {
      holdExpirySeconds: read.integer("HOLD_EXPIRY_INTERVAL_SECONDS", 30, 0, 3600),
      reconcileSeconds: read.integer("PAYMENT_RECONCILE_INTERVAL_SECONDS", 600, 0, 86_400),
      reconcileLookbackHours: read.integer("PAYMENT_RECONCILE_LOOKBACK_HOURS", 72, 1, 24 * 90),
    },
    mail: readMail(read, production),
    operations: readOperations(read, host),
    seller: readSeller(read, production),
  };
  if (read.problems.length) throw new ConfigError(read.problems);
  return config;
}
