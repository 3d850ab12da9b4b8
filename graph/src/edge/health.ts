import type { FastifyInstance } from "fastify";
import { HEALTH_OPERATIONS } from "./openapi";
import type { Logger } from "./logging";

export type CheckOutcome = { ok: true; detail: string } | { ok: false; detail: string };

/** Named readiness checks: each says whether this process can serve, and why not. */
export type ReadinessChecks = Record<string, () => Promise<CheckOutcome>>;

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckOutcome>;
}

const WITHIN_MS = 2000;

async function run(check: () => Promise<CheckOutcome>): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${WITHIN_MS} ms` }), WITHIN_MS);
  });
  try {
    return await Promise.race([check().catch((error: Error) => ({ ok: false as const, detail: error.message })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs the readiness checks. Their details (error messages, which identity project, which payment
 * service) are for operators: the operators' listener answers them (edge/operators.ts), and a
 * change of readiness is logged with them; the public /readyz names only the checks that failed.
 */
export class Readiness {
  private wasReady: boolean | null = null;

  constructor(
    private readonly checks: ReadinessChecks,
    private readonly log: Logger,
  ) {}

  async report(): Promise<ReadinessReport> {
    const names = Object.keys(this.checks);
    const outcomes = await Promise.all(names.map((name) => run(this.checks[name])));
    const checks = Object.fromEntries(names.map((name, index) => [name, outcomes[index]]));
    const ready = outcomes.every((outcome) => outcome.ok);
    if (ready !== this.wasReady) {
      if (!ready) this.log.warn({ checks }, `Not ready: ${failedChecks(checks).join(", ")}`);
      else if (this.wasReady === false) this.log.info("Ready again");
      this.wasReady = ready;
    }
    return { ready, checks };
  }
}

const failedChecks = (checks: ReadinessReport["checks"]) =>
  Object.entries(checks)
    .filter(([, outcome]) => !outcome.ok)
    .map(([name]) => name);

/**
 * /healthz: the process is alive (a load balancer or orchestrator restarts it when not).
 * /readyz: it can serve (database reachable, schema up to date, identity and payment services
 * configured): 200, or 503 naming the checks that failed, so a balancer sends it no traffic. While
 * the process shuts down, every request (these included) answers 503.
 */
export function registerHealth(app: FastifyInstance, readiness: Readiness): void {
  app.get("/healthz", { config: { openapi: HEALTH_OPERATIONS.healthz } }, async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ ok: true }),
  );
  app.get("/readyz", { config: { openapi: HEALTH_OPERATIONS.readyz } }, async (_request, reply) => {
    const { ready, checks } = await readiness.report();
    return reply
      .code(ready ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ ready, failed: failedChecks(checks) });
  });
}
