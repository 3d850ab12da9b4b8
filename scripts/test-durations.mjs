// Where a test run's time goes, from vitest's JSON reporter: one Markdown row per test file, the
// longest first, with its tests and seconds (from the file's start to its end in its worker), and
// the total. Run the tier with `--reporter=default --reporter=json --outputFile.json=<file>`, then
// `node scripts/test-durations.mjs <file> [<file before>]`; given a second report (an earlier run),
// each row also shows that run's seconds.
import { readFileSync } from "node:fs";

const [reportFile, beforeFile] = process.argv.slice(2);
if (!reportFile) {
  console.error("Usage: node scripts/test-durations.mjs <vitest JSON report> [<an earlier report>]");
  process.exit(2);
}

/** A test file by its workspace's path (graph/test/orders.test.ts), wherever the run's checkout was. */
const workspacePath = (file) => /(?:^|[\\/])((?:graph|dev|web)[\\/].*)$/.exec(file)?.[1].replaceAll("\\", "/") ?? file;

/** file -> { tests, seconds } */
function durations(file) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  return new Map(
    report.testResults.map((result) => [
      workspacePath(result.name),
      { tests: result.assertionResults.length, seconds: (result.endTime - result.startTime) / 1000 },
    ]),
  );
}

const after = durations(reportFile);
const before = beforeFile ? durations(beforeFile) : null;
const seconds = (value) => (value === undefined ? "" : value.toFixed(1));
const header = before
  ? "| File | Tests | Before (s) | After (s) |\n|---|--:|--:|--:|"
  : "| File | Tests | Seconds |\n|---|--:|--:|";
const names = [...new Set([...after.keys(), ...(before?.keys() ?? [])])].sort(
  (a, b) => (after.get(b)?.seconds ?? 0) - (after.get(a)?.seconds ?? 0),
);
const rows = names.map((name) => {
  const now = after.get(name);
  const cells = [`\`${name}\``, now?.tests ?? before?.get(name)?.tests ?? 0];
  if (before) cells.push(seconds(before.get(name)?.seconds));
  cells.push(seconds(now?.seconds));
  return `| ${cells.join(" | ")} |`;
});
const total = (map) => [...map.values()].reduce((sum, { seconds }) => sum + seconds, 0);
const tests = (map) => [...map.values()].reduce((sum, { tests }) => sum + tests, 0);
const totals = [`**${after.size} files**`, tests(after)];
if (before) totals.push(seconds(total(before)));
totals.push(seconds(total(after)));
console.log([header, ...rows, `| ${totals.join(" | ")} |`].join("\n"));
