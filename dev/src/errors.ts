/** A problem with the harness's own settings or surroundings: one sentence saying what to do. */
export class HarnessError extends Error {}
