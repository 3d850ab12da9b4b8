import type { FastifyInstance } from "fastify";
import { HEALTH_OPERATIONS } from "./openapi";

export type CheckOutcome = { ok: true; detail: string } | { ok: false; detail: string };

/** Named readiness checks: each says whether this process can serve, and why not. */
export type ReadinessChecks = Record<string, () => Promise<CheckOutcome>>;

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
 * /healthz: the process is alive (a load balancer or orchestrator restarts it when not).
 * /readyz: it can serve (database reachable, schema up to date, identity and payment services
 * configured): 200, or 503 with what is missing, so a balancer sends it no traffic. While the
 * process shuts down, every request (these included) answers 503.
 */
export function registerHealth(app: FastifyInstance, checks: ReadinessChecks): void {
  app.get("/healthz", { config: { openapi: HEALTH_OPERATIONS.healthz } }, async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ ok: true }),
  );
  app.get("/readyz", { config: { openapi: HEALTH_OPERATIONS.readyz } }, async (_request, reply) => {
    const names = Object.keys(checks);
    const outcomes = await Promise.all(names.map((name) => run(checks[name])));
    const ready = outcomes.every((outcome) => outcome.ok);
    return reply
      .code(ready ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ ready, checks: Object.fromEntries(names.map((name, index) => [name, outcomes[index]])) });
  });
}
