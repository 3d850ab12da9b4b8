// The tables of docs/performance.md's web figures, from a bench:web result:
//   node graph/bench/lib/web-markdown.mjs [bench-results/web.json]
import fs from "node:fs";
import path from "node:path";
import { AGAINST_NO_SCRIPT, againstNoScript, machineOf, signed, timesOf } from "./lighthouse.mjs";
import { REPO_DIR } from "./processes.mjs";

const CATALOGUES = { seed: "", scale: ", 100,000 parts" };
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms) => (ms / 1000).toFixed(1);
const thousands = (n) => n.toLocaleString("en-US");
const three = (row, pick) => ["server", "client", "markup"].map((key) => (row[key] ? pick(row[key]) : "–")).join(" / ");

/** The Lighthouse table: per page the three columns, and the gap of the page with scripts to the page without. */
export function lighthouseTable(audits) {
  const lines = [
    "| Page (Lighthouse, mobile) | Performance | LCP (s) | TBT (ms) | CLS | JS gzip | With scripts vs none: points, TBT, LCP |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const [catalogue, builds] of Object.entries(audits)) {
    for (const server of builds.server) {
      const row = Object.fromEntries(
        ["server", "client", "markup"].map((key) => [key, builds[key]?.find((other) => other.label === server.label)]),
      );
      let gap = "–";
      if (row.markup) {
        const { gap: g, verdicts } = againstNoScript(server, row.markup);
        const met = Object.values(verdicts).every(Boolean);
        // Points lost are the no-script page's score less this one's: a gain shows as "+".
        gap = `${signed(-g.performancePoints, String)}, ${signed(g.tbtMs, thousands)} ms, ${signed(g.lcpMs, (ms) => (ms / 1000).toFixed(2))} s${met ? " (met)" : ""}`;
      }
      lines.push(
        `| ${server.label}${CATALOGUES[catalogue] ?? ""} | ${three(row, (r) => r.scores.performance)} | ${three(row, (r) => seconds(r.lcpMs))} | ${three(row, (r) => thousands(r.tbtMs))} | ${three(row, (r) => r.cls)} | ${kb(server.scriptGzipBytes)} | ${gap} |`,
      );
    }
  }
  return lines.join("\n");
}

/** The storefront pages' script before any input, one column per catalogue. */
export function scriptTable(shopper) {
  const catalogues = Object.keys(shopper);
  const lines = [
    `| Page | ${catalogues.map((c) => `script before input${CATALOGUES[c] ?? ""}`).join(" | ")} |`,
    `|---|${catalogues.map(() => "---").join("|")}|`,
  ];
  for (const key of Object.keys(shopper[catalogues[0]].scripts)) {
    const cells = catalogues.map((c) => {
      const page = shopper[c].scripts[key];
      if (!page) return "–";
      const signedIn = page.signedIn
        ? `; signed in ${kb(page.signedIn.gzipBytes)} (${page.signedIn.files.length})`
        : "";
      return `${kb(page.gzipBytes)} (${page.files.length} files)${signedIn}`;
    });
    lines.push(`| ${shopper[catalogues[0]].scripts[key].label} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/** The four first interactions: answer painted and INP (medians), what answered, the script the input loaded. */
export function interactionTable(shopper) {
  const lines = [
    "| First interaction (4× CPU) | Answer painted (ms) | INP (ms) | Answered by | Script on input |",
    "|---|---|---|---|---|",
  ];
  for (const [catalogue, figures] of Object.entries(shopper))
    for (const interaction of Object.values(figures.interactions)) {
      const runs = interaction.runs.map((run) => (run.answer ? run.answer.ms : "–")).join(", ");
      lines.push(
        `| ${interaction.label}${CATALOGUES[catalogue] ?? ""} | ${interaction.answerMs ?? "none"} (${runs}) | ${interaction.inpMs ?? "–"} (${interaction.runs.map((run) => run.eventTiming?.worstMs ?? "–").join(", ")}) | ${interaction.answeredBy.join(", ")} | ${kb(interaction.scriptOnInputGzipBytes ?? 0)} |`,
      );
    }
  return lines.join("\n");
}

/** The machine line: the benchmark index range and Lighthouse's calculator's multiplier for it. */
export function machineLine(audits) {
  return Object.entries(audits)
    .map(([catalogue, builds]) => {
      const machine = machineOf(builds);
      if (!machine) return `${catalogue}: no benchmark index`;
      const { min, median, max } = machine.benchmarkIndex;
      const m = machine.calculatorMultiplier;
      return `${catalogue}: benchmark index ${thousands(min)}–${thousands(max)} (median ${thousands(median)}), for which Lighthouse's calculator gives ${timesOf(m.forMedian, "×")} (${timesOf(m.forMin, "×")} to ${timesOf(m.forMax, "×")}) where 4× is applied`;
    })
    .join("; ");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const file = process.argv[2] ?? path.join(REPO_DIR, "bench-results", "web.json");
  const result = JSON.parse(fs.readFileSync(file, "utf8"));
  console.log(`Generated ${result.generatedAt}; ${machineLine(result.lighthouse.audits)}.\n`);
  console.log(lighthouseTable(result.lighthouse.audits));
  console.log("");
  console.log(scriptTable(result.shopper));
  console.log("");
  console.log(interactionTable(result.shopper));
  console.log(`\nTargets: ${JSON.stringify(AGAINST_NO_SCRIPT)}`);
}
