import { FastifyOtelInstrumentation } from "@fastify/otel";
import { GraphQLInstrumentation } from "@opentelemetry/instrumentation-graphql";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { NodeSDK } from "@opentelemetry/sdk-node";

/**
 * OpenTelemetry tracing: HTTP (answers from the answer cache included), fastify's routes and hooks,
 * GraphQL's parse, validate and execute, and every PostgreSQL statement, exported over OTLP. Loaded
 * by main.ts only when an OTLP endpoint is configured, before the modules it instruments are
 * required; otherwise none of it is loaded and it costs nothing. Configured by OpenTelemetry's own
 * variables (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_TRACES_SAMPLER, ...).
 * Metrics stay with Prometheus (METRICS_PORT) and logs with pino, so the SDK exports only traces.
 */
export function startTracing(): { stop(): Promise<void> } {
  process.env.OTEL_SERVICE_NAME ??= "partshop";
  process.env.OTEL_METRICS_EXPORTER ??= "none";
  process.env.OTEL_LOGS_EXPORTER ??= "none";
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      // One span per field path of a list, not per item; no spans for plain property reads.
      new GraphQLInstrumentation({ mergeItems: true, ignoreTrivialResolveSpans: true }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  return { stop: () => sdk.shutdown() };
}
