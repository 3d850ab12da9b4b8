/**
 * One stand-in on its own, for a container of the compose file's demo profile:
 *
 *   node dev/dist/serve.js auth-emulator      the Auth Emulator on AUTH_EMULATOR_PORT (9099), seed accounts included
 *   node dev/dist/serve.js payment-sandbox    the payment sandbox on STRIPE_SANDBOX_PORT (12111), its webhooks
 *                                             POSTed to STRIPE_WEBHOOK_URL, signed with STRIPE_WEBHOOK_SECRET
 *
 * Both listen on 0.0.0.0 (HOST to change it): a container publishes them to the host's browser.
 */
import path from "node:path";
import { Lifecycle } from "@partshop/graph";
import { SEEDED_ACCOUNTS, seedEmulatorAccounts } from "./accounts";
import { startAuthEmulator } from "./auth-emulator";
import { EMULATOR_PROJECT } from "./harness";
import { startStripeSandbox } from "./payment-sandbox/stripe-sandbox";

const log = (line: string) => console.log(`[stand-in] ${line}`);
const lifecycle = new Lifecycle(log).handleProcessEvents();
const host = process.env.HOST ?? "0.0.0.0";
const dataDir = path.resolve(process.env.DATA_DIR ?? "data");

async function serveAuthEmulator(): Promise<void> {
  const port = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
  const emulator = await startAuthEmulator({ projectId: EMULATOR_PROJECT, port, host, dataDir, log });
  lifecycle.add("Auth Emulator", emulator.stop);
  await seedEmulatorAccounts(EMULATOR_PROJECT, `127.0.0.1:${port}`);
  for (const account of SEEDED_ACCOUNTS) log(`  ${account.email} / ${account.password}`);
}

async function servePaymentSandbox(): Promise<void> {
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!webhookSecret)
    throw new Error("STRIPE_WEBHOOK_SECRET is required (the shop verifies the sandbox's webhooks with it)");
  const sandbox = await startStripeSandbox({
    port: Number(process.env.STRIPE_SANDBOX_PORT ?? 12111),
    host,
    secretKey: process.env.STRIPE_SECRET_KEY ?? "sk_test_partshop_sandbox",
    publishableKey: process.env.STRIPE_PUBLISHABLE_KEY ?? "pk_test_partshop_sandbox",
    webhookSecret,
    webhookUrl: process.env.STRIPE_WEBHOOK_URL,
    stateFile: path.join(dataDir, "stripe-sandbox.json"),
    log,
  });
  lifecycle.add("payment sandbox", sandbox.close);
  log(`Payment sandbox (Stripe-compatible) on ${host}:${sandbox.port}`);
}

const standIns: Record<string, () => Promise<void>> = {
  "auth-emulator": serveAuthEmulator,
  "payment-sandbox": servePaymentSandbox,
};
const which = process.argv[2] ?? "";
(
  standIns[which] ?? (() => Promise.reject(new Error(`Which stand-in? One of: ${Object.keys(standIns).join(", ")}`)))
)().catch((error) => {
  console.error(`[stand-in] ${error?.message ?? error}`);
  void lifecycle.exit(1);
});
