import v8 from "node:v8";

/**
 * How far V8 lets the heap grow past what survived the last full GC. Under 50 concurrent
 * uncached signed-in reads its default let the old generation swell until the process held about
 * 250 MB, mostly garbage. At 20% growth the process stayed near 190 MB, but past the cache it ran
 * a full GC every 0.2-0.4 s (pauses of 4-90 ms) and spent 15-30% more CPU per request than at 50%
 * (`npm run bench`, back to back, README "Memory"). 50% holds RSS under 200 MB together with the
 * young generation's cap of 8 MB a semi-space (V8's default is 16): scavenges then come twice as
 * often and take half as long, for the same CPU, and the process holds 17 MB less. V8 reads this
 * flag at every GC, so setting it first thing works; the semi-space cap is read only when the
 * heap is made, so it is a flag of the command that starts node (`npm start`, the Dockerfile's
 * CMD, the bench's shops). A --heap-growing-percent given to node itself (command line or
 * NODE_OPTIONS) wins. The 200 MB holds on Node 20 and 22; Node 24 (the image's) keeps about 40 MB
 * of freed heap pages and holds 260-280 MB after the same load; of the flags tried only its
 * memory-saver mode helped, at 10-38% more CPU (README "Node versions").
 */
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].some((arg) => arg.startsWith("--heap-growing-percent"));
if (!given) v8.setFlagsFromString("--heap-growing-percent=50");
