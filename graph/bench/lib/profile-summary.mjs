// Sums a V8 CPU profile (node --cpu-prof) by where the time was spent: each package under
// node_modules, the project's own code, node's internals, the garbage collector. Self time only,
// so the shares add up to 100% of the samples (idle excluded).
import fs from "node:fs";

/** The owner of a script URL: a package name, "project", "node internals", or the pseudo-frames. */
export function ownerOf(url, functionName) {
  if (!url) {
    if (functionName === "(garbage collector)") return "GC";
    if (functionName === "(idle)") return "(idle)";
    if (functionName === "(program)") return "(program: native, outside JS)";
    return functionName || "(native)";
  }
  if (url.startsWith("node:")) return "node internals";
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (match) return match[1];
  if (url.includes("/graph/dist/") || url.includes("/graph/src/")) return "project: graph";
  if (url.includes("/dev/dist/")) return "project: dev (harness)";
  return url;
}

/**
 * Self time (ms) per owner in one .cpuprofile, leaving out its first `skipSeconds` (the shop's
 * start-up and the benchmark's fixtures: module loading is not request work).
 */
export function summarizeProfile(file, skipSeconds = 0) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  let elapsedUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    elapsedUs += profile.timeDeltas[i] ?? 0;
    if (elapsedUs < skipSeconds * 1e6) continue;
    const node = byId.get(profile.samples[i]);
    const owner = ownerOf(node.callFrame.url, node.callFrame.functionName);
    totals.set(owner, (totals.get(owner) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return totals;
}

/** The owners' shares of the busy time (idle excluded), largest first. */
export function shares(totals) {
  const busy = [...totals.entries()].filter(([owner]) => owner !== "(idle)");
  const sum = busy.reduce((total, [, ms]) => total + ms, 0);
  return busy.map(([owner, ms]) => ({ owner, ms: Math.round(ms), share: ms / sum })).sort((a, b) => b.ms - a.ms);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const totals = new Map();
  // PROFILE_SKIP_SECONDS: leave out the start of each profile (start-up, fixtures).
  const skip = Number(process.env.PROFILE_SKIP_SECONDS ?? 0);
  for (const file of process.argv.slice(2))
    for (const [owner, ms] of summarizeProfile(file, skip)) totals.set(owner, (totals.get(owner) ?? 0) + ms);
  for (const { owner, ms, share } of shares(totals).slice(0, 25))
    console.log(`${(share * 100).toFixed(1).padStart(6)}%  ${String(ms).padStart(7)} ms  ${owner}`);
}
