import v8 from "node:v8";

/**
 * How far V8 lets the heap grow past what survived the last full GC. V8's default lets a busy
 * shop's old generation swell with garbage; a low cap makes full GCs frequent and dear; 50% keeps
 * memory within its budget at no CPU cost (docs/performance.md, "Memory", has the figures). V8
 * reads this flag at every GC, so setting it first thing works; the semi-space cap is read only
 * when the heap is made, so it is a flag of the command that starts node (`npm start`, the
 * Dockerfile's CMD, the bench's shops). A --heap-growing-percent given to node itself (command
 * line or NODE_OPTIONS) wins.
 */
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].some((arg) =>
  arg.startsWith("--heap-growing-percent"),
);
if (!given) v8.setFlagsFromString("--heap-growing-percent=50");
