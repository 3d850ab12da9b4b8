// Sums a sampling heap profile (allocation-sampler.mjs) by function: the share of the bytes
// allocated in each function itself, and in each function with everything it called.
// node graph/bench/lib/allocation-summary.mjs FILE.heapprofile [rows]
import fs from "node:fs";

const frameName = (frame) =>
  `${frame.functionName || "(anonymous)"} ${frame.url.replace(/.*node_modules\//, "").replace(/.*\/graph\/dist\//, "graph/dist/")}:${frame.lineNumber}`;

/** Bytes per function, self and inclusive (a function counted once per stack however deep it recurses). */
export function summarizeAllocations(profile) {
  const self = new Map();
  const inclusive = new Map();
  let total = 0;
  const walk = (node, stack) => {
    const name = frameName(node.callFrame);
    const names = stack.includes(name) ? stack : [...stack, name];
    total += node.selfSize;
    self.set(name, (self.get(name) ?? 0) + node.selfSize);
    for (const each of names) inclusive.set(each, (inclusive.get(each) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, names);
  };
  walk(profile.head, []);
  inclusive.delete(frameName(profile.head.callFrame));
  return { total, self, inclusive };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { total, self, inclusive } = summarizeAllocations(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
  const rows = Number(process.argv[3] ?? 30);
  const print = (title, totals) => {
    console.log(title);
    for (const [name, bytes] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, rows))
      console.log(`${((100 * bytes) / total).toFixed(1).padStart(6)}%  ${name}`);
  };
  console.log(`${(total / 1e6).toFixed(1)} MB sampled`);
  print("== allocated in the function itself", self);
  print("== allocated in the function and what it called", inclusive);
}
