// Preload for the shops the benchmark starts (an absolute path:
// BENCH_NODE_ARGS="--import $PWD/graph/bench/lib/allocation-sampler.mjs" BENCH_MISSES=<one scenario>):
// V8's sampling heap profiler, counting the objects the garbage collector has already taken
// (`node --heap-prof` keeps only those still alive, which says nothing about what a request
// allocates). Samples from ALLOCATION_START seconds after start for ALLOCATION_SECONDS, then writes
// <ALLOCATION_PROFILE_DIR (absolute; default /tmp/allocations)>/allocations-<pid>.heapprofile
// for allocation-summary.mjs. The shares, not the megabytes, are what to read: a sample stands
// for about 4 kB allocated.
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const start = Number(process.env.ALLOCATION_START ?? 25);
const seconds = Number(process.env.ALLOCATION_SECONDS ?? 8);
const dir = process.env.ALLOCATION_PROFILE_DIR ?? "/tmp/allocations";
const session = new inspector.Session();
session.connect();
const sampling = {
  samplingInterval: 4096,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
};
setTimeout(() => {
  session.post("HeapProfiler.startSampling", sampling, (error) => {
    if (error) return console.error("allocation sampling did not start", error);
    setTimeout(() => {
      session.post("HeapProfiler.stopSampling", (stopError, result) => {
        if (stopError) return console.error("allocation sampling did not stop", stopError);
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, `allocations-${process.pid}.heapprofile`), JSON.stringify(result.profile));
      });
    }, seconds * 1000).unref();
  });
}, start * 1000).unref();
