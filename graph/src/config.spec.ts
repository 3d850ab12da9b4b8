import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig, loadImageStoreConfig } from "./config";

/** The least a shop outside production starts with. */
const development = {
  DATABASE_URL: "postgres://shop:pw@127.0.0.1:5432/shop",
  FIREBASE_PROJECT_ID: "demo-partshop",
  JWT_SECRET: "y".repeat(32),
  STRIPE_SECRET_KEY: "sk_test_abc",
  STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
};

/** The least a production shop starts with. */
const production = {
  ...development,
  NODE_ENV: "production",
  FIREBASE_PROJECT_ID: "partshop-prod",
  FIREBASE_API_KEY: "AIza-key",
  STRIPE_SECRET_KEY: "sk_live_abc",
  SMTP_URL: "smtp://mailer:pw@smtp.example.com:587",
  MAIL_FROM: "Partshop <orders@shop.example.com>",
};

/** The problems a configuration is refused for ([] when it is accepted). */
function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env, "/srv/shop");
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

describe("loadConfig defaults", () => {
  it("outside production: loopback, port 4000, seeded, migrating, introspection on, pretty info logs", () => {
    const config = loadConfig(development, "/srv/shop");
    expect(config).toMatchObject({
      production: false,
      host: "127.0.0.1",
      port: 4000,
      dataDir: "/srv/shop/data",
      seed: true,
      migrateOnStart: true,
      exposeSqlCount: false,
      graphqlIntrospection: true,
      log: { level: "info", format: "pretty" },
      adminEmails: [],
      corsOrigins: [],
      trustProxy: ["loopback"],
      imageUploadUrl: null,
      images: { store: "postgres" },
      rateLimits: DEFAULT_RATE_LIMITS,
      databaseReplicaUrl: null,
    });
    expect(config.firebase).toEqual({
      projectId: "demo-partshop",
      apiKey: "demo-api-key",
      authDomain: null,
      emulatorHost: null,
      emulatorPublicUrl: null,
    });
    expect(config.stripe).toMatchObject({ apiUrl: null, sandboxPublicUrl: null });
    expect(config.webDistDir).toBe(path.resolve(__dirname, "..", "..", "web", "dist"));
    expect(config.webServerRendering).toBe(true);
  });

  it("in production: every interface, JSON logs, nothing seeded, introspection and the SQL count header off", () => {
    const config = loadConfig({ ...production, EXPOSE_SQL_COUNT: "true" }, "/srv/shop");
    expect(config).toMatchObject({
      production: true,
      host: "0.0.0.0",
      seed: false,
      graphqlIntrospection: false,
      exposeSqlCount: false,
      log: { level: "info", format: "json" },
    });
  });

  it("reads lists trimmed and without empty items, admin emails in lower case, paths from the working folder", () => {
    const config = loadConfig(
      {
        ...development,
        ADMIN_EMAILS: " Boss@Example.com ,, ops@example.com ",
        CORS_ORIGINS: "https://shop.example.com, http://localhost:5173",
        TRUST_PROXY: "10.0.0.0/8, loopback",
        DATA_DIR: "state",
        WEB_DIST_DIR: "/opt/web",
      },
      "/srv/shop",
    );
    expect(config.adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
    expect(config.corsOrigins).toEqual(["https://shop.example.com", "http://localhost:5173"]);
    expect(config.trustProxy).toEqual(["10.0.0.0/8", "loopback"]);
    expect(config.dataDir).toBe("/srv/shop/state");
    expect(config.webDistDir).toBe("/opt/web");
  });

  it.each([
    ["1", true],
    ["TRUE", true],
    ["yes", true],
    ["on", true],
    ["0", false],
    ["false", false],
    ["No", false],
    ["off", false],
  ])("reads the flag %s as %s", (raw, value) => {
    expect(loadConfig({ ...development, SEED: raw, MIGRATE_ON_START: raw }).seed).toBe(value);
    expect(loadConfig({ ...development, SEED: raw, MIGRATE_ON_START: raw }).migrateOnStart).toBe(value);
    expect(loadConfig({ ...development, WEB_SSR: raw }).webServerRendering).toBe(value);
  });

  it("treats a blank variable as unset", () => {
    expect(loadConfig({ ...development, PORT: "  ", LOG_LEVEL: "", FIREBASE_AUTH_EMULATOR_HOST: " " })).toMatchObject({
      port: 4000,
      log: { level: "info" },
      firebase: { emulatorHost: null },
    });
  });

  it("takes the emulator and the sandbox, with the addresses a browser reaches them at, outside production", () => {
    const config = loadConfig({
      ...development,
      FIREBASE_AUTH_EMULATOR_HOST: "emulator:9099",
      AUTH_EMULATOR_PUBLIC_URL: "http://localhost:9099",
      STRIPE_API_URL: "http://sandbox:12111",
      PAYMENT_SANDBOX_PUBLIC_URL: "http://localhost:12111",
    });
    expect(config.firebase).toMatchObject({
      emulatorHost: "emulator:9099",
      emulatorPublicUrl: "http://localhost:9099",
    });
    expect(config.stripe).toMatchObject({ apiUrl: "http://sandbox:12111", sandboxPublicUrl: "http://localhost:12111" });
  });

  it("an S3 image store defaults its prefix and region, and path-style addressing when an endpoint is given", () => {
    expect(loadConfig({ ...development, IMAGE_STORE: "s3", S3_BUCKET: "images" }).images).toEqual({
      store: "s3",
      bucket: "images",
      prefix: "images/",
      region: "us-east-1",
      endpoint: null,
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...development, IMAGE_STORE: "s3", S3_BUCKET: "images", S3_ENDPOINT: "http://minio:9000" }).images,
    ).toMatchObject({
      endpoint: "http://minio:9000",
      forcePathStyle: true,
    });
    expect(loadConfig({ ...development, IMAGE_STORE: "files" }).images).toEqual({ store: "files" });
  });
});

describe("replica reads", () => {
  it("DATABASE_REPLICA_URL names where the catalogue's reads may go", () => {
    const url = "postgres://shop:pw@haproxy:5001/shop";
    expect(loadConfig({ ...development, DATABASE_REPLICA_URL: url }).databaseReplicaUrl).toBe(url);
  });

  it("a refused DATABASE_REPLICA_URL is not repeated: it holds a password", () => {
    const problems = problemsOf({ ...development, DATABASE_REPLICA_URL: "mysql://shop:secret@replicas/shop" });
    expect(problems).toEqual(["DATABASE_REPLICA_URL must be a postgres:// or postgresql:// URL"]);
    expect(problems.join()).not.toContain("secret");
  });
});

describe("loadConfig refusals", () => {
  it("names every missing setting at once, in one line", () => {
    const problems = problemsOf({});
    expect(problems.map((problem) => problem.split(" ")[0])).toEqual([
      "DATABASE_URL",
      "FIREBASE_PROJECT_ID",
      "JWT_SECRET",
      "STRIPE_SECRET_KEY",
      "STRIPE_PUBLISHABLE_KEY",
      "STRIPE_WEBHOOK_SECRET",
    ]);
    expect(new ConfigError(problems).message).not.toContain("\n");
  });

  it.each([
    [{ DATABASE_URL: "mysql://shop@db/shop" }, "DATABASE_URL must be a postgres:// or postgresql:// URL"],
    [{ FIREBASE_AUTH_EMULATOR_HOST: "emulator" }, 'FIREBASE_AUTH_EMULATOR_HOST must be host:port (got "emulator")'],
    [
      { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099", FIREBASE_PROJECT_ID: "real-project" },
      "FIREBASE_AUTH_EMULATOR_HOST is set with a real FIREBASE_PROJECT_ID: the emulator accepts unsigned tokens, so it is only allowed with a demo-* project",
    ],
    [{ JWT_SECRET: "x".repeat(31) }, "JWT_SECRET must be at least 32 characters long"],
    [{ ADMIN_EMAILS: "boss@example.com,not-an-email" }, 'ADMIN_EMAILS contains an invalid email: "not-an-email"'],
    [
      { CORS_ORIGINS: "https://shop.example.com/" },
      'CORS_ORIGINS must list origins like https://shop.example.com (got "https://shop.example.com/")',
    ],
    [
      { TRUST_PROXY: "everyone" },
      'TRUST_PROXY must list addresses, CIDR ranges, loopback, linklocal or uniquelocal (got "everyone")',
    ],
    [
      { STRIPE_SECRET_KEY: "pk_test_abc" },
      "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)",
    ],
    [{ STRIPE_API_URL: "sandbox:12111" }, 'STRIPE_API_URL must be an http(s) URL (got "sandbox:12111")'],
    [{ IMAGE_STORE: "nfs" }, 'IMAGE_STORE must be postgres, s3 or files (got "nfs")'],
    [{ IMAGE_STORE: "s3" }, "S3_BUCKET is required (the bucket uploaded images go to, with IMAGE_STORE=s3)"],
    [
      { IMAGE_STORE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" },
      'S3_ENDPOINT must be an http(s) URL (got "minio:9000")',
    ],
    [
      { IMAGE_STORE: "s3", S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "maybe" },
      'S3_FORCE_PATH_STYLE must be true or false (got "maybe")',
    ],
    [
      { LOG_LEVEL: "verbose" },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ],
    [{ LOG_FORMAT: "xml" }, 'LOG_FORMAT must be json or pretty (got "xml")'],
    [
      { AUTH_EMULATOR_PUBLIC_URL: "http://localhost:9099" },
      "AUTH_EMULATOR_PUBLIC_URL is only meaningful with FIREBASE_AUTH_EMULATOR_HOST",
    ],
    [
      { STRIPE_API_URL: "http://sandbox:1", PAYMENT_SANDBOX_PUBLIC_URL: "localhost" },
      'PAYMENT_SANDBOX_PUBLIC_URL must be an http(s) URL (got "localhost")',
    ],
    [{ IMAGE_UPLOAD_URL: "ftp://uploads" }, "IMAGE_UPLOAD_URL must be an http(s) URL"],
    [{ PORT: "eighty" }, 'PORT must be an integer from 0 to 65535 (got "eighty")'],
    [{ PORT: "65536" }, 'PORT must be an integer from 0 to 65535 (got "65536")'],
    [{ RATE_LIMIT_WINDOW_SECONDS: "0" }, 'RATE_LIMIT_WINDOW_SECONDS must be an integer from 1 to 86400 (got "0")'],
    [{ RATE_LIMIT_SIGN_IN: "1.5" }, 'RATE_LIMIT_SIGN_IN must be an integer from 1 to 10000000 (got "1.5")'],
    [{ SEED: "sometimes" }, 'SEED must be true or false (got "sometimes")'],
    [{ WEB_SSR: "client" }, 'WEB_SSR must be true or false (got "client")'],
  ])("refuses %o outside production: %s", (override, problem) => {
    expect(problemsOf({ ...development, ...override })).toEqual([problem]);
  });

  it.each([
    [
      { FIREBASE_PROJECT_ID: "demo-partshop" },
      "FIREBASE_PROJECT_ID must be a real Firebase project when NODE_ENV=production (demo-* projects exist only in the emulator)",
    ],
    [{ FIREBASE_API_KEY: undefined }, "FIREBASE_API_KEY is required (the web app's Firebase key)"],
    [
      { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" },
      "FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production: the emulator accepts unsigned tokens",
    ],
    [
      { STRIPE_API_URL: "http://127.0.0.1:12111" },
      "STRIPE_API_URL must not be set when NODE_ENV=production: payments go to Stripe itself",
    ],
  ])("refuses %o in production: %s", (override, problem) => {
    expect(problemsOf({ ...production, ...override })).toEqual([problem]);
  });

  it("accepts every production setting the refusals above leave out", () => {
    expect(problemsOf(production)).toEqual([]);
  });
});

describe("loadImageStoreConfig", () => {
  it("needs the database and reads the image store alone, for the image tools", () => {
    expect(loadImageStoreConfig({ DATABASE_URL: "postgres://x@db/shop", DATA_DIR: "d" }, "/srv")).toEqual({
      databaseUrl: "postgres://x@db/shop",
      images: { store: "postgres" },
      dataDir: "/srv/d",
    });
    expect(() => loadImageStoreConfig({ IMAGE_STORE: "s3" })).toThrow(
      new ConfigError([
        "DATABASE_URL is required (a postgres:// URL)",
        "S3_BUCKET is required (the bucket uploaded images go to, with IMAGE_STORE=s3)",
      ]),
    );
  });
});

describe("mail settings", () => {
  it("outside production: no SMTP (emails stay in the outbox), the shop's own sender, a warning 15 minutes ahead", () => {
    expect(loadConfig(development, "/srv/shop").mail).toEqual({
      smtpUrl: null,
      from: "Partshop <orders@partshop.dev>",
      sendEverySeconds: 5,
      maxAttempts: 8,
      retrySeconds: 30,
      holdEndingMinutes: 15,
    });
  });

  it("in production SMTP_URL and MAIL_FROM are required and named", () => {
    const problems = problemsOf({ ...production, SMTP_URL: undefined, MAIL_FROM: undefined });
    expect(problems).toEqual([
      "SMTP_URL is required (the SMTP server that sends the shop's emails, smtp://user:pass@host:587)",
      'MAIL_FROM is required (the sender of the shop\'s emails, such as "Partshop <orders@shop.example>")',
    ]);
    expect(loadConfig(production, "/srv/shop").mail).toMatchObject({
      smtpUrl: "smtp://mailer:pw@smtp.example.com:587",
      from: "Partshop <orders@shop.example.com>",
    });
  });

  it("refuses an SMTP URL of another scheme without repeating it (it holds a password), and a sender that is no address", () => {
    expect(problemsOf({ ...development, SMTP_URL: "http://user:secret@host", MAIL_FROM: "Partshop" })).toEqual([
      "SMTP_URL must be an smtp:// or smtps:// URL",
      'MAIL_FROM must be an address, or a name and <address> (got "Partshop")',
    ]);
  });
});

describe("the seller", () => {
  it("outside production and unnamed: a made-up warehouse in Portland, Oregon, whose prices visitors see taxed as there", () => {
    expect(loadConfig(development, "/srv/shop").seller).toEqual({
      name: "Partshop Ltd",
      address: {
        name: "Partshop Ltd",
        company: null,
        line1: "1 Warehouse Way",
        line2: null,
        city: "Portland",
        region: "OR",
        postalCode: "97201",
        country: "US",
        phone: "+15035550100",
      },
      taxId: null,
      taxDisplayPlace: { country: "US", region: "OR" },
    });
  });

  it("is read whole from its variables, and its address checked by the address rules, each problem naming its variable", () => {
    const berlin = {
      ...production,
      SELLER_NAME: "Partshop GmbH",
      SELLER_ADDRESS_LINE1: "Lagerstraße 1",
      SELLER_CITY: "Berlin",
      SELLER_POSTAL_CODE: "10115",
      SELLER_COUNTRY: "de",
      SELLER_PHONE: "+49 30 1234567",
      SELLER_TAX_ID: "DE123456789",
    };
    expect(loadConfig(berlin, "/srv/shop").seller).toMatchObject({
      name: "Partshop GmbH",
      address: { city: "Berlin", country: "DE", phone: "+49301234567" },
      taxId: "DE123456789",
      taxDisplayPlace: { country: "DE", region: null },
    });
    expect(problemsOf({ ...berlin, SELLER_POSTAL_CODE: "1011", SELLER_PHONE: undefined })).toEqual([
      "SELLER_PHONE: Phone is required",
      'SELLER_POSTAL_CODE: "1011" is not a postal code of Germany',
    ]);
  });

  it("in production without a seller's address: none, and prices shown as taxed in the display country given", () => {
    expect(loadConfig({ ...production, TAX_DISPLAY_COUNTRY: "nl" }, "/srv/shop").seller).toEqual({
      name: "Partshop",
      address: null,
      taxId: null,
      taxDisplayPlace: { country: "NL", region: null },
    });
    expect(problemsOf({ ...production, TAX_DISPLAY_COUNTRY: "Holland" })).toEqual([
      'TAX_DISPLAY_COUNTRY must be a two-letter ISO 3166 code (got "HOLLAND")',
    ]);
  });
});
