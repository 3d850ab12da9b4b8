import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import pino, { type Logger } from "pino";

export type { Logger };

export interface LogSettings {
  level: string;
  /** JSON lines (production, log collectors) or human-readable lines (development). */
  format: "json" | "pretty";
}

/**
 * Human-readable lines, written in this thread (a pino transport would start a worker thread with
 * a heap of its own). pino-pretty is a development dependency: a production install has none and
 * logs JSON.
 */
function prettyStream(): pino.DestinationStream | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional: absent from a production install
    const pretty = require("pino-pretty") as (options: object) => pino.DestinationStream;
    return pretty({ sync: true, ignore: "pid,hostname,service", translateTime: "HH:MM:ss.l" });
  } catch {
    return null;
  }
}

/** The shop's one logger: every line of a request carries its requestId (see edge/app.ts). */
export function createLogger(settings: LogSettings): Logger {
  const options: pino.LoggerOptions = { level: settings.level, base: { service: "partshop" } };
  const pretty = settings.format === "pretty" ? prettyStream() : null;
  return pretty ? pino(options, pretty) : pino(options);
}

/** Told of every request fastify answered (metrics): fastify calls its log controller for each one anyway. */
export type CompletedRequests = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * fastify's request log lines: every line of a request carries its requestId; a completed request
 * is logged at debug level (LOG_LEVEL=debug shows each one), at warn when it answered 5xx.
 * (Unexpected errors themselves are logged once, by edge/errors.ts; answers from the answer cache,
 * which never reach fastify, by edge/app.ts.)
 */
export class RequestLogs extends LogController {
  constructor(private readonly completed: CompletedRequests | null = null) {
    super({ requestIdLogLabel: "requestId" });
  }

  incomingRequest(): void {}

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    this.completed?.(request, reply);
    const line = { status: reply.statusCode, ms: Math.round(reply.elapsedTime), route: request.routeOptions.url };
    if (error || reply.statusCode >= 500)
      reply.log.warn(line, `${request.method} ${request.url} answered ${reply.statusCode}`);
    else reply.log.debug(line, `${request.method} ${request.url}`);
  }
}
