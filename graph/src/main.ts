import "reflect-metadata";
// Before anything allocates much: see heap.ts.
import "./heap";
import { ConfigError, loadConfig, readEnvFile } from "./config";
import { Lifecycle } from "./lifecycle";
import { startShop } from "./shop";

/** The production entry point: configuration from the environment, then the shop. */
const log = (line: string) => console.log(`[partshop] ${line}`);
const lifecycle = new Lifecycle(log).handleProcessEvents();

async function main(): Promise<void> {
  readEnvFile();
  const shop = await startShop(loadConfig(), lifecycle);
  log(`Partshop is ready on ${shop.url}  (GraphQL: ${shop.url}/graphql)`);
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(`[partshop] Configuration error: ${error.message}`);
  else console.error("[partshop] Failed to start:", error);
  void lifecycle.exit(1);
});
