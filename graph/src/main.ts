import "reflect-metadata";
// Before anything allocates much: see heap.ts.
import "./heap";
import { ConfigError, loadConfig, readEnvFile } from "./config";
import { Lifecycle } from "./lifecycle";
import type * as Shop from "./shop";
import type * as Tracing from "./tracing";

/** The production entry point: configuration from the environment, then the shop. */
const log = (line: string) => console.log(`[partshop] ${line}`);
const lifecycle = new Lifecycle(log).handleProcessEvents();

async function main(): Promise<void> {
  readEnvFile();
  // Tracing instruments modules as they are required: it starts before the shop's are (tracing.ts).
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when configured
    const { startTracing } = require("./tracing") as typeof Tracing;
    lifecycle.add("tracing", startTracing().stop);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- after tracing, which patches what the shop requires
  const { startShop } = require("./shop") as typeof Shop;
  const shop = await startShop(loadConfig(), lifecycle);
  log(
    `Partshop is ready on ${shop.url}  (GraphQL: ${shop.url}/graphql)${shop.operatorsUrl ? `; metrics on ${shop.operatorsUrl}/metrics` : ""}`,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(`[partshop] Configuration error: ${error.message}`);
  else console.error("[partshop] Failed to start:", error);
  void lifecycle.exit(1);
});
