import type { FastifyInstance } from "fastify";

/** Liveness: the process answers. (Readiness, which asks the database, is /readyz.) */
export function registerHealth(app: FastifyInstance): void {
  app.get("/healthz", async (_request, reply) => reply.header("cache-control", "no-store").send({ ok: true }));
}
