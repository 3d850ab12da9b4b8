import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { shop } from "./support/client";
import { developmentEnv } from "./support/config-env";
import { freePort, SHOP_MAIN, shopEnv, spawnShop } from "./support/processes";

const productionEnv = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://shop:pw@db:5432/shop",
  FIREBASE_PROJECT_ID: "partshop-prod",
  FIREBASE_API_KEY: "AIza-test",
  JWT_SECRET: "x".repeat(40),
  STRIPE_SECRET_KEY: "sk_live_abc",
  STRIPE_PUBLISHABLE_KEY: "pk_live_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
  SMTP_URL: "smtp://mailer:pw@smtp.example.com:587",
  MAIL_FROM: "Partshop <orders@shop.example.com>",
};

describe("configuration", () => {
  it("the shop takes every service from its configuration and embeds none", () => {
    const config = loadConfig(developmentEnv);
    expect(config.databaseUrl).toBe(developmentEnv.DATABASE_URL);
    expect(config.firebase).toMatchObject({ projectId: "demo-partshop", emulatorHost: null });
    expect(config.stripe).toMatchObject({ secretKey: "sk_test_abc", apiUrl: null });
    expect(config.graphqlIntrospection).toBe(true);
    expect(config.seed).toBe(true);
    expect(config.adminEmails).toEqual([]);
  });

  it("names every missing setting in one line", () => {
    const error = (() => {
      try {
        loadConfig({});
      } catch (thrown) {
        return thrown as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).not.toContain("\n");
    for (const name of [
      "DATABASE_URL",
      "FIREBASE_PROJECT_ID",
      "JWT_SECRET",
      "STRIPE_SECRET_KEY",
      "STRIPE_PUBLISHABLE_KEY",
      "STRIPE_WEBHOOK_SECRET",
    ]) {
      expect(error!.message).toContain(name);
    }
  });

  it("a production config with everything set turns introspection off and seeds nothing", () => {
    const config = loadConfig(productionEnv);
    expect(config.production).toBe(true);
    expect(config.graphqlIntrospection).toBe(false);
    expect(config.firebase.emulatorHost).toBeNull();
    expect(config.exposeSqlCount).toBe(false);
    expect(config.seed).toBe(false);
  });

  it.each([
    ["DATABASE_URL", { DATABASE_URL: undefined }],
    ["FIREBASE_PROJECT_ID", { FIREBASE_PROJECT_ID: undefined }],
    ["FIREBASE_PROJECT_ID", { FIREBASE_PROJECT_ID: "demo-partshop" }],
    ["FIREBASE_API_KEY", { FIREBASE_API_KEY: undefined }],
    ["JWT_SECRET", { JWT_SECRET: undefined }],
    ["STRIPE_SECRET_KEY", { STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined }],
    ["STRIPE_WEBHOOK_SECRET", { STRIPE_WEBHOOK_SECRET: undefined }],
    ["FIREBASE_AUTH_EMULATOR_HOST", { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }],
    ["STRIPE_API_URL", { STRIPE_API_URL: "http://127.0.0.1:12111" }],
  ])("production refuses the local stand-ins and missing services: %s", (variable, override) => {
    expect(() => loadConfig({ ...productionEnv, ...override })).toThrow(new RegExp(variable));
  });

  it.each([
    ["PORT", { PORT: "eighty" }],
    ["PORT", { PORT: "70000" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
    ["JWT_SECRET", { JWT_SECRET: "short" }],
    ["ADMIN_EMAILS", { ADMIN_EMAILS: "not-an-email" }],
    ["CORS_ORIGINS", { CORS_ORIGINS: "example.com" }],
    [
      "FIREBASE_AUTH_EMULATOR_HOST",
      { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099", FIREBASE_PROJECT_ID: "real-project" },
    ],
    ["STRIPE_API_URL", { STRIPE_API_URL: "not a url" }],
  ])("invalid configuration names the variable: %s", (variable, env) => {
    expect(() => loadConfig({ ...developmentEnv, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...developmentEnv, ...env })).toThrow(new RegExp(variable));
  });
});

describe("starting the shop", () => {
  it("fails fast with a message naming an invalid variable", async () => {
    const env = await shopEnv("badport", { PORT: "not-a-port" });
    const started = await spawnShop(env, { expectFailure: true });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/Configuration error: PORT must be an integer/);
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  it("the shop alone, without configuration, stops at once naming every missing setting", async () => {
    const env = await shopEnv("unconfigured");
    const started = await spawnShop(
      { PORT: env.PORT, DATA_DIR: env.DATA_DIR },
      { expectFailure: true, main: SHOP_MAIN },
    );
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(
      /Configuration error: DATABASE_URL is required.*FIREBASE_PROJECT_ID is required.*JWT_SECRET is required/,
    );
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  it("the local harness refuses to run as production", async () => {
    const env = await shopEnv("harness-production", { NODE_ENV: "production" });
    const started = await spawnShop(env, { expectFailure: true });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/Configuration error: NODE_ENV=production: the local harness is for development/);
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  it("reports a port clash of the embedded PostgreSQL clearly", async () => {
    const blocker = net.createServer().listen(await freePort(), "127.0.0.1");
    await new Promise((resolve) => blocker.once("listening", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const env = await shopEnv("clash", { EMBEDDED_PG_PORT: String(port) });
    const started = await spawnShop(env, { expectFailure: true });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(
      new RegExp(`Port ${port} for the embedded PostgreSQL is already in use.*EMBEDDED_PG_PORT`),
    );
    blocker.close();
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  it("keeps its data across restarts and recovers from a crash that left PostgreSQL running", async () => {
    // This shop uses the suite's Auth Emulator rather than starting its own.
    const env = await shopEnv("restart", { FIREBASE_AUTH_EMULATOR_HOST: new URL(shop().emulatorUrl).host });
    const first = await spawnShop(env);
    try {
      const added = await fetch(`${first.url}/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "keep-me@example.com" }),
      });
      expect(added.status).toBe(201);
      const partsBefore = ((await (await fetch(`${first.url}/parts`)).json()) as unknown[]).length;

      // A crash: the server dies at once and its PostgreSQL is left behind with its postmaster.pid.
      await first.stop("SIGKILL");
      expect(fs.existsSync(path.join(env.DATA_DIR, "postgres", "postmaster.pid"))).toBe(true);

      const second = await spawnShop(env);
      try {
        expect(second.output()).toMatch(/Stopping a PostgreSQL left running by an earlier run|stale postmaster\.pid/);
        const again = await fetch(`${second.url}/newsletter`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "keep-me@example.com" }),
        });
        expect(await again.json()).toEqual({ subscribed: true, alreadySubscribed: true });
        // The seed runs on an empty database only.
        expect(((await (await fetch(`${second.url}/parts`)).json()) as unknown[]).length).toBe(partsBefore);
      } finally {
        expect(await second.stop("SIGINT")).toBe(0);
      }
      // Ctrl-C stopped PostgreSQL too: nothing holds the data folder.
      expect(fs.existsSync(path.join(env.DATA_DIR, "postgres", "postmaster.pid"))).toBe(false);
    } finally {
      await first.stop("SIGKILL");
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    }
  });
});

describe(".env.example", () => {
  const repo = path.join(__dirname, "..", "..");
  const documented = new Set(
    [...fs.readFileSync(path.join(repo, ".env.example"), "utf8").matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map(
      (match) => match[1],
    ),
  );
  /** Read by libraries the shop uses rather than by its own code. */
  const readByLibraries = new Set([
    "GOOGLE_APPLICATION_CREDENTIALS",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "OTEL_EXPORTER_OTLP_PROTOCOL",
    "OTEL_SERVICE_NAME",
    "OTEL_TRACES_SAMPLER",
  ]);
  const source = (file: string) => fs.readFileSync(path.join(repo, file), "utf8");
  const readByShop = [
    ...source("graph/src/config.ts").matchAll(
      /(?:read\.(?:text|required|integer|flag|list)|publicUrl)\(\s*"([A-Z0-9_]+)"/g,
    ),
  ].map((match) => match[1]);
  const readByHarness = ["dev/src/harness.ts", "dev/src/dev-watch.ts", "dev/src/start-local.ts"].flatMap((file) =>
    [...source(file).matchAll(/(?:env(?:\.|,\s*")|process\.env\.)([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]),
  );

  it("describes every variable the shop and the local harness read, and nothing they do not", () => {
    const read = new Set([...readByShop, ...readByHarness, "ENV_FILE"]);
    expect(readByShop.length).toBeGreaterThan(25);
    expect([...read].filter((name) => !documented.has(name)).sort(), "read but not in .env.example").toEqual([]);
    expect(
      [...documented].filter((name) => !read.has(name) && !readByLibraries.has(name)).sort(),
      "in .env.example but read by nothing",
    ).toEqual([]);
  });
});
