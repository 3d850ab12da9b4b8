import "reflect-metadata";
import { ConfigError, Lifecycle, loadConfig, readEnvFile, startShop } from "@partshop/graph";
import { SEEDED_ACCOUNTS, seedEmulatorAccounts } from "./accounts";
import { HarnessError, refuseProduction, startHarness } from "./harness";
import { PortInUseError } from "./ports";
import { preflight } from "./preflight";

/**
 * `npm start`: the shop with local stand-ins for every hosted service the environment does not
 * configure, in one process. Ctrl-C stops the shop and then each stand-in.
 */
const log = (line: string) => console.log(`[partshop] ${line}`);
const lifecycle = new Lifecycle(log).handleProcessEvents();

async function main(): Promise<void> {
  readEnvFile();
  refuseProduction(process.env);
  preflight(process.env);
  const harness = await startHarness(process.env, lifecycle, log);
  const config = loadConfig(harness.shopEnv);
  const shop = await startShop(config, lifecycle);
  if (harness.emulatorHost) await seedEmulatorAccounts(config.firebase.projectId, harness.emulatorHost);
  if (harness.inboxUrl) log(`Emails the shop sends: ${harness.inboxUrl}`);
  log(`Partshop is ready on ${shop.url}  (GraphQL: ${shop.url}/graphql)`);
  if (harness.emulatorHost) {
    log("Local accounts:");
    for (const account of SEEDED_ACCOUNTS) log(`  ${account.email} / ${account.password}`);
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof HarnessError || error instanceof PortInUseError) {
    console.error(`[partshop] Configuration error: ${error.message}`);
  } else {
    console.error("[partshop] Failed to start:", error);
  }
  void lifecycle.exit(1);
});
