// Lighthouse (pinned 12.2.3: it runs on Node 20) over the storefront's pages, on its default
// mobile profile with simulated throttling, as the field's tools measure a page: the four category
// scores, LCP, TBT and CLS, and the JavaScript the page loads (gzip -9 of each script it fetched, so
// the figure does not depend on whether the server compresses). Each page is audited several times,
// the page with its scripts and without them interleaved, and each figure is the median of its
// runs: one run's TBT moves by hundreds of milliseconds on a shared machine.
import fs from "node:fs";
import path from "node:path";
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

/**
 * The storefront's targets against its own HTML: the server-rendered page with its scripts within
 * these of the same page with no script (same run, medians), at most this much script before an
 * interaction, and each first interaction's answer painted within interactionMs at 4x CPU.
 */
export const AGAINST_NO_SCRIPT = {
  performancePoints: 3,
  tbtMs: 100,
  lcpMs: 100,
  scriptGzipBytes: 50 * 1024,
  interactionMs: 200,
};

/** A difference with its sign (a true minus), "±" when it shows as nothing: "+12", "−0.04", "±0.00". */
export function signed(n, format) {
  const text = format(Math.abs(n));
  return `${/^[0.]+$/.test(text) ? "±" : n < 0 ? "−" : "+"}${text}`;
}

/** Whether the page with scripts (`server`) stays within AGAINST_NO_SCRIPT of the page without (`markup`). */

export function againstNoScript(server, markup) {
  const t = AGAINST_NO_SCRIPT;
  const gap = {
    performancePoints: markup.scores.performance - server.scores.performance,
    tbtMs: server.tbtMs - markup.tbtMs,
    lcpMs: server.lcpMs - markup.lcpMs,
  };
  return {
    gap,
    verdicts: {
      [`performance within ${t.performancePoints} points of no script`]: gap.performancePoints <= t.performancePoints,
      [`TBT within ${t.tbtMs} ms of no script`]: gap.tbtMs <= t.tbtMs,
      [`LCP within ${t.lcpMs / 1000} s of no script`]: gap.lcpMs <= t.lcpMs,
    },
  };
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** How many times one run is tried when Lighthouse reports it could not record the page. */
const AUDIT_ATTEMPTS = 3;

/** Runs per page and column (BENCH_WEB_RUNS; one in a smoke): each figure is the median of them. */
export const RUNS_PER_PAGE = Math.max(1, Math.trunc(Number(process.env.BENCH_WEB_RUNS)) || (SMOKE ? 1 : 5));

/** What the "no script" column blocks: every script file the page asks for. */
const SCRIPT_PATTERNS = ["*.js", "*.mjs"];

/**
 * Lighthouse's own calculator for its CPU slowdown (docs/throttling.md in the Lighthouse
 * repository links it: lighthouse-cpu-throttling-calculator): the multiplier that brings a
 * machine of this benchmark index to the mid-tier phone its fixed 4x aims at, and the range it
 * gives around it. Piecewise linear: 150 is 1x, 800 is 2x, 1,300 is 3x, then 1x more per 233.
 */
export function cpuMultiplierFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  let multiplier;
  let spread;
  if (benchmarkIndex >= 1300) {
    const excess = (benchmarkIndex - 1300) / 233;
    multiplier = 3 + excess;
    spread = Math.max(excess, 1.5, multiplier * 0.3);
  } else if (benchmarkIndex >= 800) {
    multiplier = 2 + (benchmarkIndex - 800) / 500;
    spread = 1.5;
  } else {
    multiplier = 1 + (benchmarkIndex - 150) / 650;
    spread = 0.5;
  }
  const round = (n) => Math.round(n * 10) / 10;
  return { multiplier: round(multiplier), range: [round(multiplier - spread / 2), round(multiplier + spread / 2)] };
}

/** A multiplier as the tables show it; none under an index of 150, which the calculator deems too slow to emulate a phone. */
export const timesOf = (calculated, sign = "x") =>
  calculated ? `${calculated.multiplier}${sign}` : "none (index < 150)";

/** BENCH_WEB_REPORTS=DIR keeps every run's whole report there, for profiling (which requests Lantern counted, and when). */
function keepReport(lhr, withoutScripts) {
  const dir = process.env.BENCH_WEB_REPORTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const name = `${new URL(lhr.finalDisplayedUrl).pathname.split("/")[1] || "home"}-${withoutScripts ? "no-script" : "scripts"}-${Date.now()}.json`;
  fs.writeFileSync(path.join(dir, name), JSON.stringify(lhr));
}

/** One Lighthouse run of `url` on the Chromium at `port`, tried again when Lighthouse could not record it. */
async function auditOnce(lighthouse, port, url, withoutScripts, log) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      blockedUrlPatterns: withoutScripts ? SCRIPT_PATTERNS : [],
    });
    if (!lhr.runtimeError) {
      keepReport(lhr, withoutScripts);
      return lhr;
    }
    // A run whose trace Lighthouse could not record (NO_NAVSTART on a loaded machine) is run again.
    const problem = `Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`;
    if (attempt === AUDIT_ATTEMPTS) throw new Error(`${problem} (${attempt} attempts)`);
    log(`  ${problem}; again`);
  }
}

/**
 * Audits each page RUNS_PER_PAGE times per column, the columns interleaved run by run (with
 * scripts, without, with, without...: a run moves by hundreds of milliseconds here, and the
 * machine's speed drifts, so both columns see the same machine). A column is
 * `{ key, withoutScripts }`; `withoutScripts` blocks every script file: what the server's HTML
 * and the styles cost on their own. Returns, per column, one row of figures per page.
 */
export async function auditInterleaved({ chromePath, shopUrl, pages, columns, log }) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const rows = Object.fromEntries(columns.map((column) => [column.key, []]));
  try {
    for (const page of pages) {
      const url = `${shopUrl}${page.path}`;
      log(
        `lighthouse: ${page.label} (${page.path}), ${columns.map((c) => c.key).join(" / ")}, ${RUNS_PER_PAGE} runs each, interleaved`,
      );
      const runs = Object.fromEntries(columns.map((column) => [column.key, []]));
      for (let run = 0; run < RUNS_PER_PAGE; run++)
        for (const column of columns)
          runs[column.key].push(await auditOnce(lighthouse, chrome.port, url, column.withoutScripts, log));
      for (const column of columns) rows[column.key].push({ ...page, ...(await figuresOfRuns(runs[column.key], url)) });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * A page's figures over its runs: each score and metric the median of the runs' own; the scripts
 * and the audits that lost points from Lighthouse's median run (chosen as its own tools choose it).
 */
async function figuresOfRuns(runs, url) {
  const valid = filterToValidRuns(runs);
  if (valid.length === 0) throw new Error(`Lighthouse measured no FCP and TTI on ${url} in ${runs.length} runs`);
  const figures = await figuresOf(computeMedianRun(valid));
  const each = runs.map((lhr) => ({
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
    cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN) * 1000) / 1000,
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
  }));
  const of = (pick) => each.map(pick);
  return {
    ...figures,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(median(of((run) => run.scores[id])))])),
    lcpMs: Math.round(median(of((run) => run.lcpMs))),
    tbtMs: Math.round(median(of((run) => run.tbtMs))),
    cls: median(of((run) => run.cls)),
    benchmarkIndex: Math.round(median(of((run) => run.benchmarkIndex))),
    runs: {
      performance: of((run) => run.scores.performance),
      tbtMs: of((run) => run.tbtMs),
      lcpMs: of((run) => run.lcpMs),
      benchmarkIndex: of((run) => run.benchmarkIndex),
    },
  };
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
    // Lighthouse's own measure of this machine's CPU: its fixed 4x slowdown aims a desktop of
    // about 1,500 at a mid-tier phone; a lower index means harsher TBT and LCP (cpuMultiplierFor).
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

/** The benchmark indexes of every run of every column, and Lighthouse's multiplier for their median. */
export function machineOf(builds) {
  const indexes = COLUMNS.flatMap(([key]) => builds[key] ?? [])
    .flatMap((row) => row.runs?.benchmarkIndex ?? [row.benchmarkIndex])
    .filter((index) => Number.isFinite(index) && index > 0);
  if (indexes.length === 0) return null;
  const sorted = [...indexes].sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  return {
    benchmarkIndex: { min: sorted[0], median: middle, max: sorted.at(-1), runs: sorted.length },
    calculatorMultiplier: {
      forMedian: cpuMultiplierFor(middle),
      forMin: cpuMultiplierFor(sorted[0]),
      forMax: cpuMultiplierFor(sorted.at(-1)),
    },
    appliedMultiplier: 4,
  };
}

/**
 * The table bench:web prints: each page's figures (medians) for the server-rendered build, the
 * client-rendered build and the server-rendered pages with their scripts blocked, beside the
 * budgets (the server-rendered build's), then the gap of the page with scripts to the page without.
 */
export function printAudits(title, builds) {
  const machine = machineOf(builds);
  const index = machine
    ? `benchmark index ${machine.benchmarkIndex.min}–${machine.benchmarkIndex.max} (median ${machine.benchmarkIndex.median}), for which Lighthouse's calculator gives ${timesOf(machine.calculatorMultiplier.forMedian)} (${timesOf(machine.calculatorMultiplier.forMin)} to ${timesOf(machine.calculatorMultiplier.forMax)}) where 4x is applied`
    : "no benchmark index";
  console.log(
    `\n${title} (Lighthouse 12.2.3, mobile, simulated throttling, medians of ${RUNS_PER_PAGE} runs, with and without scripts interleaved; ${index})`,
  );
  console.log(
    `${"page".padEnd(13)} ${"figure".padEnd(15)} ${COLUMNS.map(([, name]) => name.padStart(15)).join(" ")}   target`,
  );
  for (const row of builds.server) {
    const others = COLUMNS.map(([key]) => builds[key]?.find((candidate) => candidate.label === row.label));
    // verdictsOf lists the targets in the order of ROWS.
    const met = Object.values(verdictsOf(row));
    ROWS.forEach(([name, value, target], i) => {
      const page = i === 0 ? row.label : "";
      const cells = others.map((other) => String(other ? value(other) : "-").padStart(15)).join(" ");
      console.log(`${page.padEnd(13)} ${name.padEnd(15)} ${cells}   ${target}${met[i] ? "" : "  NOT MET"}`);
    });
    const markup = builds.markup?.find((candidate) => candidate.label === row.label);
    if (markup) {
      const { gap, verdicts } = againstNoScript(row, markup);
      const ok = Object.values(verdicts);
      const t = AGAINST_NO_SCRIPT;
      console.log(
        `${"".padEnd(13)} ${"vs no script".padEnd(15)} performance ${signed(-gap.performancePoints, String)} (≤ ${t.performancePoints})${ok[0] ? "" : " NOT MET"}, TBT ${signed(gap.tbtMs, String)} ms (≤ ${t.tbtMs})${ok[1] ? "" : " NOT MET"}, LCP ${signed(gap.lcpMs, String)} ms (≤ ${t.lcpMs})${ok[2] ? "" : " NOT MET"}`,
      );
    }
    for (const [[, name], audited] of COLUMNS.map((column, i) => [column, others[i]])) {
      if (audited?.runs)
        console.log(
          `${"".padEnd(13)} ${name}: each run's performance ${audited.runs.performance.join(", ")}; TBT ${audited.runs.tbtMs.join(", ")} ms; LCP ${audited.runs.lcpMs.join(", ")} ms`,
        );
      for (const [category, audits] of Object.entries(audited?.failedAudits ?? {}))
        console.log(`${"".padEnd(13)} ${name}: ${category} lost points on: ${audits.join(", ")}`);
    }
  }
}
