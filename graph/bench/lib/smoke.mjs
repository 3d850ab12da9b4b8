// BENCH_SMOKE=1: a benchmark only shows it still starts and runs to its end (CI runs it so a
// benchmark never breaks unseen): one phase, runs of a second, no figure worth reading, verdicts
// printed but never a failure. Each bench says what its smoke leaves out.
export const SMOKE = /^(1|true|yes|on)$/i.test(process.env.BENCH_SMOKE ?? "");
