// Sums node's `--trace-gc-nvp` lines of one process between two moments of its life: how often the
// young generation was collected, what that paused, what survived and was promoted, and how fast
// the process allocated; divided by a request rate, what a request costs the collector.
// node graph/bench/lib/gc-trace-summary.mjs FILE FROM_MS TO_MS [REQUESTS_PER_SECOND]
// (FILE from BENCH_TRACE_DIR; the moments in ms since the process started, as the lines give them:
// `grep -o "[0-9]* ms: pause" FILE | awk '{print int($1/1000)}' | uniq -c` shows the loaded seconds.)
// V8's `allocated` is the heap's growth between collections: with the shop's heap flags (frequent
// full GCs) it read a third more than the sampling heap profiler (allocation-sampler.mjs) counted
// in the same seconds, so take what a request allocates from the profiler, and pauses and
// promotion from here.
import fs from "node:fs";

const LINE = /\s(\d+) ms: pause=([\d.]+) .*?\bgc=(\w+)/;
const field = (line, name) => Number(new RegExp(`\\b${name}=([\\d.]+)`).exec(line)?.[1] ?? 0);

export function summarizeGcTrace(text, fromMs, toMs) {
  const young = { count: 0, pauseMs: 0, survivedBytes: 0, promotedBytes: 0, allocatedBytes: 0 };
  const other = { count: 0, pauseMs: 0 };
  for (const line of text.split("\n")) {
    const match = LINE.exec(line);
    if (!match || Number(match[1]) < fromMs || Number(match[1]) > toMs) continue;
    if (match[3] !== "s") {
      other.count++;
      other.pauseMs += Number(match[2]);
      continue;
    }
    young.count++;
    young.pauseMs += Number(match[2]);
    young.survivedBytes += field(line, "new_space_survived");
    young.promotedBytes += field(line, "promoted");
    young.allocatedBytes += field(line, "allocated");
  }
  return { seconds: (toMs - fromMs) / 1000, young, other };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, from, to, rate] = process.argv.slice(2);
  const { seconds, young, other } = summarizeGcTrace(fs.readFileSync(file, "utf8"), Number(from), Number(to));
  const perSecond = (value) => value / seconds;
  console.log(
    `${seconds} s: ${young.count} scavenges (${perSecond(young.count).toFixed(1)}/s), ${young.pauseMs.toFixed(0)} ms paused`,
  );
  console.log(
    `  survived ${(young.survivedBytes / young.count / 1e6).toFixed(2)} MB a scavenge, promoted ${(perSecond(young.promotedBytes) / 1e6).toFixed(1)} MB/s, allocated ${(perSecond(young.allocatedBytes) / 1e6).toFixed(1)} MB/s`,
  );
  console.log(`  other collections (mark-compact): ${other.count}, ${other.pauseMs.toFixed(0)} ms paused`);
  if (rate) {
    const requests = Number(rate) * seconds;
    console.log(
      `  a request: ${(young.allocatedBytes / requests / 1024).toFixed(0)} kB allocated, ${(young.promotedBytes / requests / 1024).toFixed(1)} kB promoted, ` +
        `${((young.pauseMs * 1000) / requests).toFixed(1)} µs of scavenges, ${((other.pauseMs * 1000) / requests).toFixed(1)} µs of mark-compact pauses`,
    );
  }
}
