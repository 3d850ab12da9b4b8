// Lighthouse (pinned 12.2.3: it runs on Node 20) over the storefront's landing pages, on its
// default mobile profile with simulated throttling, as the field's tools measure a page: the four
// category scores, LCP, TBT and CLS, and the JavaScript the page loads (gzip -9 of each script it
// fetched, so the figure does not depend on whether the server compresses). Each page is audited
// several times and the median run kept, chosen as Lighthouse's own tools choose it: one run's TBT
// moves by hundreds of milliseconds on a shared machine.
import zlib from "node:zlib";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { SMOKE } from "./smoke.mjs";

export const LIGHTHOUSE_TARGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0.02,
  scriptGzipBytes: 120 * 1024,
};

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The landing pages of a shop: home, a search, and the first part's public page. */
export async function landingPages(shopUrl) {
  const answer = await fetch(`${shopUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "{ parts(first: 1) { edges { node { slug } } } }" }),
  });
  const slug = (await answer.json())?.data?.parts?.edges?.[0]?.node?.slug;
  if (!slug) throw new Error("the shop answered no part to open");
  return [
    { label: "home", path: "/" },
    { label: "search", path: "/parts?q=battery" },
    { label: "part page", path: `/p/${slug}` },
  ];
}

/** How many times one run is tried when Lighthouse reports it could not record the page. */
const AUDIT_ATTEMPTS = 3;

/** Runs per page (BENCH_WEB_RUNS; one in a smoke): the median one is kept. */
export const RUNS_PER_PAGE = Math.max(1, Math.trunc(Number(process.env.BENCH_WEB_RUNS)) || (SMOKE ? 1 : 3));

/**
 * Audits each page RUNS_PER_PAGE times in a Chromium of its own; returns one row of figures per
 * page, from its median run. `withoutScripts` blocks every script: what the server's HTML and the
 * styles cost on their own, the most the page could score whatever its JavaScript.
 */
export async function auditPages({ chromePath, shopUrl, pages, log, withoutScripts = false }) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const rows = [];
  try {
    for (const page of pages) {
      const url = `${shopUrl}${page.path}`;
      log(
        `lighthouse: ${page.label} (${page.path})${withoutScripts ? ", scripts blocked" : ""}, ${RUNS_PER_PAGE} runs`,
      );
      const runs = [];
      for (let run = 0; run < RUNS_PER_PAGE; run++) {
        // A run whose trace Lighthouse could not record (NO_NAVSTART on a loaded machine) is run again.
        for (let attempt = 1; ; attempt++) {
          const { lhr } = await lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: CATEGORIES,
            blockedUrlPatterns: withoutScripts ? ["*.js"] : [],
          });
          if (!lhr.runtimeError) {
            runs.push(lhr);
            break;
          }
          const problem = `Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`;
          if (attempt === AUDIT_ATTEMPTS) throw new Error(`${problem} (${attempt} attempts)`);
          log(`  ${problem}; again`);
        }
      }
      const valid = filterToValidRuns(runs);
      if (valid.length === 0) throw new Error(`Lighthouse measured no FCP and TTI on ${url} in ${runs.length} runs`);
      const median = computeMedianRun(valid);
      const spread = (id) => runs.map((lhr) => Math.round(lhr.audits[id]?.numericValue ?? NaN));
      rows.push({
        ...page,
        ...(await figuresOf(median)),
        runs: { tbtMs: spread("total-blocking-time"), lcpMs: spread("largest-contentful-paint") },
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

async function figuresOf(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
  // A blocked script is in the list too, with no status: only those the page received count.
  const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
    (item) => item.resourceType === "Script" && item.statusCode >= 200 && item.statusCode < 400,
  );
  let scriptGzipBytes = 0;
  for (const script of scripts) {
    const response = await fetch(script.url);
    scriptGzipBytes += zlib.gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return {
    scores,
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: Math.round(numeric("cumulative-layout-shift") * 1000) / 1000,
    scripts: scripts.length,
    scriptGzipBytes,
    // Lighthouse's own measure of this machine's CPU: its 4x slowdown is calibrated for about
    // 1,000 and over (a desktop); a lower index means a slower machine and harsher TBT and LCP.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    failedAudits: failedAudits(lhr),
  };
}

/** The audits that cost a category points (score below 1), for the categories under their target. */
function failedAudits(lhr) {
  const failed = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || Math.round(category.score * 100) >= LIGHTHOUSE_TARGETS[id]) continue;
    failed[id] = category.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
  }
  return failed;
}

/** Whether a page's figures meet every target. */
export function verdictsOf(row) {
  const t = LIGHTHOUSE_TARGETS;
  return {
    [`performance >= ${t.performance}`]: row.scores.performance >= t.performance,
    [`accessibility = ${t.accessibility}`]: row.scores.accessibility >= t.accessibility,
    [`best practices >= ${t["best-practices"]}`]: row.scores["best-practices"] >= t["best-practices"],
    [`SEO = ${t.seo}`]: row.scores.seo >= t.seo,
    [`LCP <= ${t.lcpMs} ms`]: row.lcpMs <= t.lcpMs,
    [`TBT <= ${t.tbtMs} ms`]: row.tbtMs <= t.tbtMs,
    [`CLS <= ${t.cls}`]: row.cls <= t.cls,
    [`JavaScript <= ${t.scriptGzipBytes / 1024} KB gzip`]: row.scriptGzipBytes <= t.scriptGzipBytes,
  };
}

/** The figures bench:web prints for each page, with how each is shown and its target. */
const ROWS = [
  ["performance", (r) => r.scores.performance, `>= ${LIGHTHOUSE_TARGETS.performance}`],
  ["accessibility", (r) => r.scores.accessibility, `= ${LIGHTHOUSE_TARGETS.accessibility}`],
  ["best practices", (r) => r.scores["best-practices"], `>= ${LIGHTHOUSE_TARGETS["best-practices"]}`],
  ["SEO", (r) => r.scores.seo, `= ${LIGHTHOUSE_TARGETS.seo}`],
  ["LCP", (r) => `${r.lcpMs} ms`, `<= ${LIGHTHOUSE_TARGETS.lcpMs} ms`],
  ["TBT", (r) => `${r.tbtMs} ms`, `<= ${LIGHTHOUSE_TARGETS.tbtMs} ms`],
  ["CLS", (r) => r.cls, `<= ${LIGHTHOUSE_TARGETS.cls}`],
  [
    "JavaScript",
    (r) => `${(r.scriptGzipBytes / 1024).toFixed(1)} KB (${r.scripts})`,
    `<= ${LIGHTHOUSE_TARGETS.scriptGzipBytes / 1024} KB gzip`,
  ],
];

/** The columns of bench:web's table: how each build was served and audited. */
const COLUMNS = [
  ["server", "server"],
  ["client", "client"],
  ["markup", "no JS"],
];

/**
 * The table bench:web prints: each page's figures for the server-rendered build, the
 * client-rendered build and the server-rendered pages with their scripts blocked, beside the
 * targets (the verdicts are the server-rendered build's).
 */
export function printAudits(title, builds) {
  const all = COLUMNS.flatMap(([key]) => builds[key] ?? []);
  const indexes = all.map((row) => row.benchmarkIndex).filter(Boolean);
  console.log(
    `\n${title} (Lighthouse 12.2.3, mobile, simulated throttling, median of ${RUNS_PER_PAGE} runs; this machine's benchmark index ${Math.min(...indexes)} to ${Math.max(...indexes)})`,
  );
  console.log(
    `${"page".padEnd(11)} ${"figure".padEnd(15)} ${COLUMNS.map(([, name]) => name.padStart(15)).join(" ")}   target`,
  );
  for (const row of builds.server) {
    const others = COLUMNS.map(([key]) => builds[key]?.find((candidate) => candidate.label === row.label));
    // verdictsOf lists the targets in the order of ROWS.
    const met = Object.values(verdictsOf(row));
    ROWS.forEach(([name, value, target], i) => {
      const page = i === 0 ? row.label : "";
      const cells = others.map((other) => String(other ? value(other) : "-").padStart(15)).join(" ");
      console.log(`${page.padEnd(11)} ${name.padEnd(15)} ${cells}   ${target}${met[i] ? "" : "  NOT MET"}`);
    });
    for (const [[, name], audited] of COLUMNS.map((column, i) => [column, others[i]])) {
      if (audited?.runs) console.log(`${"".padEnd(11)} ${name}: TBT of each run ${audited.runs.tbtMs.join(", ")} ms`);
      for (const [category, audits] of Object.entries(audited?.failedAudits ?? {}))
        console.log(`${"".padEnd(11)} ${name}: ${category} lost points on: ${audits.join(", ")}`);
    }
  }
}
