/* global window */
// `npm run bench:web`: what the storefront costs a browser, and a shopper.
// - builds the web app (npm run build -w web); stops with a clear message if that fails;
// - gzip bytes (level 9) of the JavaScript the home route loads: the entry script of
//   web/dist/index.html and its modulepreload links, plus what Chromium actually fetched;
// - Largest Contentful Paint of "/" in headless Chromium (/usr/bin/chromium, playwright-core),
//   median of 5 cold loads, served by the real shop (started as `npm run bench` does).
// - What a shopper feels with the CPU slowed 4x (lib/interactions.mjs): the script each
//   storefront page loads before any input, and four first interactions (typing in the search
//   box, a filter, add to cart, the gallery), each the median of 5 runs: when its answer is
//   painted, and its interaction to next paint (Event Timing);
// - Lighthouse (mobile, simulated throttling) over home, a search, a part page and a product page,
//   at the seed and again with 100,000 parts (BENCH_WEB_SCALE=0 skips that), each figure the
//   median of BENCH_WEB_RUNS runs (5), side by side: the pages rendered on the server (the shop's
//   default), the empty page the browser renders (WEB_SSR=off), and the server's pages with every
//   script blocked (what the HTML and styles allow), the last two interleaved run by run; the
//   machine's Lighthouse benchmark index, and the CPU multiplier Lighthouse's calculator gives it;
// - verdicts: the budgets of the server-rendered build, and the storefront's targets against its
//   own HTML (lib/lighthouse.mjs AGAINST_NO_SCRIPT).
// BENCH_WEB_PAGES=home,part (of home, search, part, product) audits fewer pages: for development.
// Writes bench-results/web.json and the "web" part of bench-results/latest.json.
// BENCH_SMOKE=1 (CI's smoke): the web app as already built when there is one, one load of "/", the
// script of home, each interaction once, and Lighthouse over home alone, once, on
// the server-rendered build at the seed; written to bench-results/web-smoke.json only.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { INTERACTIONS, measureShopper } from "./lib/interactions.mjs";
import {
  AGAINST_NO_SCRIPT,
  againstNoScript,
  auditInterleaved,
  LIGHTHOUSE_TARGETS,
  machineOf,
  printAudits,
  RUNS_PER_PAGE,
  verdictsOf,
} from "./lib/lighthouse.mjs";
import { Cleanup, embeddedDatabaseUrl, freePort, makeDataDir, REPO_DIR, spawnShop } from "./lib/processes.mjs";
import { seedAtScale } from "./lib/scale-seed.mjs";
import { SMOKE } from "./lib/smoke.mjs";
import { AUDITED, giveGallery, storefrontPages } from "./lib/storefront.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LOADS = SMOKE ? 1 : 5;
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const TARGETS = { homeJsGzipBytes: 150 * 1024, lcpMs: 1000 };
/** The seeded customer, whose storefront pages are measured signed in too. */
const CUSTOMER = { email: "customer@partshop.dev", password: "partshop-customer" };
const DIST = path.join(REPO_DIR, "web", "dist");

const cleanup = new Cleanup();
const fail = (message) => {
  console.error(`\n[bench:web] ${message}\n`);
  process.exitCode = 1;
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await cleanup.run();
    process.exit(130);
  });
}

const gzipBytes = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

/** The entry script and the modulepreload links of the built index.html. */
function homeScripts(html) {
  const srcs = new Set();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (src && /type\s*=\s*["']module["']/i.test(tag)) srcs.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/rel\s*=\s*["']modulepreload["']/i.test(tag)) continue;
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) srcs.add(href);
  }
  return [...srcs].filter((src) => !/^https?:/i.test(src));
}

const log = (message) => console.log(`[bench:web] ${message}`);

/** What one run measures: the two builds, and the server-rendered pages with their scripts blocked. */
const BUILDS = {
  server: "rendered on the server",
  client: "rendered in the browser (WEB_SSR=off)",
  markup: "rendered on the server, every script blocked: what the HTML and styles cost alone",
};

/** One verdict per target and page of the server-rendered build (the one the shop serves), for every audited catalogue. */
function lighthouseVerdicts(audits) {
  const verdicts = {};
  for (const [catalogue, builds] of Object.entries(audits))
    for (const row of builds.server)
      for (const [target, ok] of Object.entries(verdictsOf(row)))
        verdicts[`${catalogue}, ${row.label}: ${target}`] = ok;
  return verdicts;
}

/**
 * The storefront's targets against its own HTML, per catalogue: each audited page with its
 * scripts within AGAINST_NO_SCRIPT of the same page with none, each storefront page's script
 * before any input, and each interaction's answer painted in time.
 */
function storefrontVerdicts(audits, shopper) {
  const verdicts = {};
  const t = AGAINST_NO_SCRIPT;
  for (const [catalogue, builds] of Object.entries(audits))
    for (const row of builds.server) {
      const markup = builds.markup?.find((candidate) => candidate.label === row.label);
      if (!markup) continue;
      for (const [target, ok] of Object.entries(againstNoScript(row, markup).verdicts))
        verdicts[`${catalogue}, ${row.label}: ${target}`] = ok;
    }
  for (const [catalogue, figures] of Object.entries(shopper)) {
    for (const page of Object.values(figures.scripts)) {
      verdicts[`${catalogue}, ${page.label}: script before any input <= ${t.scriptGzipBytes / 1024} KB gzip`] =
        page.gzipBytes <= t.scriptGzipBytes;
      verdicts[
        `${catalogue}, ${page.label}, signed in: script before any input <= ${t.scriptGzipBytes / 1024} KB gzip`
      ] = page.signedIn.gzipBytes <= t.scriptGzipBytes;
    }
    for (const interaction of Object.values(figures.interactions)) {
      verdicts[
        `${catalogue}, ${interaction.label}: answer painted <= ${t.interactionMs} ms at ${figures.cpuSlowdown}x CPU`
      ] = interaction.answerMs !== null && interaction.answerMs <= t.interactionMs;
      verdicts[`${catalogue}, ${interaction.label}: INP <= ${t.interactionMs} ms at ${figures.cpuSlowdown}x CPU`] =
        interaction.inpMs !== null && interaction.inpMs <= t.interactionMs;
    }
  }
  return verdicts;
}

/** The shopper's figures of one catalogue as bench:web prints them. */
function printShopper(title, figures) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const t = AGAINST_NO_SCRIPT;
  console.log(
    `\n${title}: what a shopper feels (Chromium, CPU ${figures.cpuSlowdown}x slower through the DevTools protocol, ${figures.viewport.width}x${figures.viewport.height}, a first visit each)`,
  );
  console.log(
    `${"page".padEnd(16)} ${"script before any input (gzip -9)".padStart(34)}   target <= ${t.scriptGzipBytes / 1024} KB`,
  );
  for (const page of Object.values(figures.scripts))
    console.log(
      `${page.label.padEnd(16)} ${`${kb(page.gzipBytes)} in ${page.files.length} files`.padStart(34)}${page.gzipBytes <= t.scriptGzipBytes ? "" : "   NOT MET"}`,
    );
  console.log(
    `${"interaction".padEnd(34)} ${"answer painted".padStart(15)} ${"INP".padStart(9)} ${"script on input".padStart(16)}   target <= ${t.interactionMs} ms (medians of ${figures.runs} runs)`,
  );
  for (const interaction of Object.values(figures.interactions)) {
    const answer = interaction.answerMs === null ? "none" : `${interaction.answerMs} ms`;
    const inp = interaction.inpMs === null ? "-" : `${interaction.inpMs} ms`;
    const met = interaction.answerMs !== null && interaction.answerMs <= t.interactionMs;
    const inpMet = interaction.inpMs !== null && interaction.inpMs <= t.interactionMs;
    console.log(
      `${interaction.label.padEnd(34)} ${answer.padStart(15)} ${inp.padStart(9)} ${kb(interaction.scriptOnInputGzipBytes ?? 0).padStart(16)}   ${met ? "" : "answer NOT MET  "}${inpMet ? "" : "INP NOT MET  "}(${interaction.answeredBy.join(", ")}${interaction.unanswered ? `; ${interaction.unanswered} runs unanswered` : ""})`,
    );
    console.log(
      `${"".padEnd(34)} each run: answer ${interaction.runs.map((run) => (run.answer ? run.answer.ms : "-")).join(", ")} ms; INP ${interaction.runs.map((run) => run.eventTiming?.worstMs ?? "-").join(", ")} ms`,
    );
  }
}

/** Largest Contentful Paint of "/" in Chromium: LOADS cold loads after one that warms the server; the JS it fetched. */
async function homeLcp(chromium, shop) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  cleanup.add("Chromium", () => browser.close());
  const loads = [];
  const fetchedJs = new Map();
  for (let i = 0; i < LOADS + 1; i++) {
    // A new context per load: a first visit, nothing cached.
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__lcp = null;
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        const last = entries[entries.length - 1];
        window.__lcp = {
          startTime: last.startTime,
          element: last.element
            ? last.element.tagName + (last.element.className ? "." + String(last.element.className).split(" ")[0] : "")
            : null,
          size: last.size,
        };
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    if (i === 1) {
      page.on("response", async (response) => {
        const url = new URL(response.url());
        if (url.origin === shop.url && /\.m?js$/.test(url.pathname)) {
          try {
            fetchedJs.set(url.pathname, gzipBytes(await response.body()));
          } catch {}
        }
      });
    }
    await page.goto(`${shop.url}/`, { waitUntil: "load", timeout: 30_000 });
    // LCP can move while data arrives: wait until the network is quiet, then a little more.
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(500);
    // The buffered entries, read again now: the observer installed before the page may have heard none.
    const lcp = await page.evaluate(
      () =>
        window.__lcp ??
        new Promise((resolve) => {
          setTimeout(() => resolve(null), 2000);
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1);
            resolve({ startTime: last.startTime, element: last.element?.tagName ?? null, size: last.size });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    await context.close();
    if (i === 0) continue; // the first load warms the server, not counted
    if (!lcp) throw new Error("no largest-contentful-paint entry was reported");
    loads.push({ lcpMs: Math.round(lcp.startTime), element: lcp.element, size: lcp.size });
    console.log(`[bench:web]   load ${i}: LCP ${Math.round(lcp.startTime)} ms (${lcp.element})`);
  }
  await browser.close();
  return { loads, fetchedJs };
}

/** Builds the web app (the smoke keeps a build already there: CI has just made it). */
function buildWeb() {
  if (SMOKE && fs.existsSync(path.join(DIST, "index.html"))) {
    log("smoke: the web app as built in web/dist");
    return { status: 0 };
  }
  console.log("[bench:web] building the web app: npm run build -w web");
  return spawnSync("npm", ["run", "build", "-w", "web"], { cwd: REPO_DIR, stdio: "inherit" });
}

async function main() {
  const build = buildWeb();
  if (build.status !== 0 || !fs.existsSync(path.join(DIST, "index.html"))) {
    return fail(
      `The web app does not build (npm run build -w web exited with ${build.status ?? build.signal}): no web figures. Fix the web build and run npm run bench:web again.`,
    );
  }
  if (!fs.existsSync(CHROMIUM)) {
    return fail(
      `Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH): no LCP figure.`,
    );
  }
  let chromium;
  try {
    ({ chromium } = await import("playwright-core"));
  } catch {
    return fail("playwright-core is not installed (npm install -w graph -D playwright-core).");
  }

  const html = fs.readFileSync(path.join(DIST, "index.html"), "utf8");
  const scripts = homeScripts(html).map((src) => {
    const file = path.join(DIST, src.replace(/^\//, ""));
    const bytes = fs.readFileSync(file);
    return { src, bytes: bytes.length, gzipBytes: gzipBytes(bytes) };
  });
  const staticGzip = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);

  const env = {
    DATA_DIR: makeDataDir("web", cleanup),
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    AUTH_EMULATOR_PORT: String(await freePort(3)),
    STRIPE_SANDBOX_PORT: String(await freePort()),
    // The mail catcher's ports too: another shop on this machine may hold the defaults.
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
    LOG_MIGRATIONS: "0",
  };
  /** The shop serving one build: "server" renders the landing pages, "client" serves the empty page (WEB_SSR=off). */
  const startShop = (build) => {
    log(`starting the shop, ${BUILDS[build]} (embedded PostgreSQL, Auth Emulator, payment sandbox)`);
    return spawnShop(`web-${build}`, { ...env, WEB_SSR: build === "server" ? "on" : "off" }, cleanup);
  };
  const wanted = (process.env.BENCH_WEB_PAGES ?? "").split(",").filter(Boolean);
  const unknown = wanted.filter((key) => !AUDITED.includes(key));
  if (unknown.length) return fail(`BENCH_WEB_PAGES names ${unknown.join(", ")}: the pages are ${AUDITED.join(", ")}.`);
  const auditedKeys = SMOKE ? ["home"] : wanted.length ? wanted : AUDITED;
  // The storefront's pages, and a part page with a gallery (the seed gives each part one image).
  const storefrontOf = async (shop) => {
    const { pages, part } = await storefrontPages(shop.url);
    return { pages, part: await giveGallery(shop.url, `127.0.0.1:${env.AUTH_EMULATOR_PORT}`, part) };
  };
  const audit = async (shop, columns) => {
    const { pages } = await storefrontPages(shop.url);
    return auditInterleaved({
      chromePath: CHROMIUM,
      shopUrl: shop.url,
      pages: auditedKeys.map((key) => pages[key]),
      columns,
      log,
    });
  };
  const SERVER_AND_MARKUP = SMOKE
    ? [{ key: "server", withoutScripts: false }]
    : [
        { key: "server", withoutScripts: false },
        { key: "markup", withoutScripts: true },
      ];
  const CLIENT = [{ key: "client", withoutScripts: false }];
  const shopper = async (shop) => {
    const { pages, part } = await storefrontOf(shop);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
    cleanup.add("Chromium (shopper)", () => browser.close());
    try {
      const pageKeys = SMOKE ? ["home"] : Object.keys(pages);
      log(`what a shopper feels: ${pageKeys.length} pages' script, ${INTERACTIONS.length} interactions`);
      return await measureShopper({ browser, shopUrl: shop.url, pages, part, pageKeys, shopper: CUSTOMER, log });
    } finally {
      await browser.close();
    }
  };
  const audits = { seed: {}, ...(process.env.BENCH_WEB_SCALE === "0" || SMOKE ? {} : { scale: {} }) };
  const felt = {};

  // One data folder for both builds, one shop at a time: both are measured on the same catalogue.
  let shop = await startShop("server");
  const { loads, fetchedJs } = await homeLcp(chromium, shop);
  felt.seed = await shopper(shop);
  Object.assign(audits.seed, await audit(shop, SERVER_AND_MARKUP));
  if (!SMOKE) {
    await shop.stop();
    shop = await startShop("client");
    Object.assign(audits.seed, await audit(shop, CLIENT));
  }
  if (audits.scale) {
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(env.DATA_DIR, env.EMBEDDED_PG_PORT) });
    await db.connect();
    log("seeding 100,000 parts (and 1,000 users, 10,000 orders) for the audits at scale");
    try {
      await seedAtScale(db, { parts: 100_000, users: 1_000, orders: 10_000 });
    } finally {
      await db.end();
    }
    Object.assign(audits.scale, await audit(shop, CLIENT));
    await shop.stop();
    shop = await startShop("server");
    felt.scale = await shopper(shop);
    Object.assign(audits.scale, await audit(shop, SERVER_AND_MARKUP));
  }
  await shop.stop();

  const sorted = loads.map((l) => l.lcpMs).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const fetched = [...fetchedJs].map(([src, gzip]) => ({ src, gzipBytes: gzip }));
  const fetchedGzip = fetched.reduce((sum, s) => sum + s.gzipBytes, 0);

  const result = {
    generatedAt: new Date().toISOString(),
    homeJs: {
      fromIndexHtml: { files: scripts, gzipBytes: staticGzip },
      fetchedByChromium: { files: fetched, gzipBytes: fetchedGzip },
    },
    lcp: {
      loads,
      medianMs: median,
      chromium: CHROMIUM,
      viewport: "1366x768",
      note: "cold context per load, shop on 127.0.0.1",
    },
    shopper: felt,
    lighthouse: {
      version: "12.2.3",
      profile: "mobile, simulated throttling",
      runsPerPage: RUNS_PER_PAGE,
      interleaved:
        "each page: with scripts, without, with, without... (the client-rendered build on its own shop after)",
      builds: BUILDS,
      targets: LIGHTHOUSE_TARGETS,
      machine: Object.fromEntries(Object.entries(audits).map(([catalogue, builds]) => [catalogue, machineOf(builds)])),
      audits,
    },
    targets: { ...TARGETS, againstNoScript: AGAINST_NO_SCRIPT },
    verdicts: {
      ...storefrontVerdicts(audits, felt),
      "home route JS <= 150 KB gzip (index.html entry + modulepreload)": staticGzip <= TARGETS.homeJsGzipBytes,
      [`LCP of / <= 1 s (median of ${LOADS})`]: median <= TARGETS.lcpMs,
      ...lighthouseVerdicts(audits),
    },
  };
  const dir = path.join(REPO_DIR, "bench-results");
  const resultFile = path.join(dir, SMOKE ? "web-smoke.json" : "web.json");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(resultFile, JSON.stringify(result, null, 2) + "\n");
  if (!SMOKE) {
    const latestFile = path.join(dir, "latest.json");
    let latest = {};
    try {
      latest = JSON.parse(fs.readFileSync(latestFile, "utf8"));
    } catch {}
    latest.web = result;
    fs.writeFileSync(latestFile, JSON.stringify(latest, null, 2) + "\n");
  }

  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log("\nHome route JavaScript (gzip -9):");
  for (const s of scripts)
    console.log(`  ${s.src.padEnd(48)} ${kb(s.bytes).padStart(10)} raw ${kb(s.gzipBytes).padStart(10)} gzip`);
  console.log(
    `  total from index.html: ${kb(staticGzip)} gzip; fetched by Chromium on /: ${kb(fetchedGzip)} gzip in ${fetched.length} files`,
  );
  console.log(`Largest Contentful Paint of /: median ${median} ms (loads: ${sorted.join(", ")} ms)`);
  printShopper("At the seed", felt.seed);
  printAudits("At the seed", audits.seed);
  if (audits.scale) {
    printShopper("With 100,000 parts", felt.scale);
    printAudits("With 100,000 parts", audits.scale);
  }
  console.log(`(server: ${BUILDS.server}; client: ${BUILDS.client}; no JS: ${BUILDS.markup})`);
  console.log("Targets:");
  for (const [name, ok] of Object.entries(result.verdicts)) console.log(`  ${ok ? "met    " : "NOT MET"}  ${name}`);
  console.log(
    `(figures in ${path.relative(process.cwd(), resultFile)}${SMOKE ? ", a smoke's: not worth reading" : ' and the "web" part of latest.json'})`,
  );
}

try {
  await main();
} catch (error) {
  fail(`failed: ${error?.stack ?? error}`);
} finally {
  await cleanup.run();
}
process.exit(process.exitCode ?? 0);
