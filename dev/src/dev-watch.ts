import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { Lifecycle, readEnvFile } from "@partshop/graph";
import { SEEDED_ACCOUNTS, seedEmulatorAccounts } from "./accounts";
import { HarnessError, refuseProduction, startHarness } from "./harness";
import { PortInUseError } from "./ports";
import { preflight } from "./preflight";

/**
 * `npm run dev`: the stand-ins start once and stay up; the shop runs from graph/dist under
 * `node --watch` while `tsc --watch` rebuilds it, so a server change restarts it in seconds; the
 * web app runs on Vite's dev server with hot reload, proxying the API to the shop.
 */
const ROOT = path.resolve(__dirname, "..", "..");
const log = (line: string) => console.log(`[dev] ${line}`);
const lifecycle = new Lifecycle(log).handleProcessEvents();

function run(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): ChildProcess {
  const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio: "inherit" });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  lifecycle.add(name, async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
    await exited;
  });
  return child;
}

async function main(): Promise<void> {
  readEnvFile();
  refuseProduction(process.env);
  preflight(process.env);
  const harness = await startHarness(process.env, lifecycle, log);
  if (harness.emulatorHost) await seedEmulatorAccounts(harness.shopEnv.FIREBASE_PROJECT_ID!, harness.emulatorHost);
  const apiPort = harness.shopEnv.PORT ?? "4000";
  run("tsc --watch", process.execPath, [
    require.resolve("typescript/bin/tsc"),
    "--watch",
    "--preserveWatchOutput",
    "-p",
    "graph/tsconfig.json",
  ]);
  run("shop", process.execPath, ["--watch", "graph/dist/main.js"], { env: { ...harness.shopEnv, PORT: apiPort } });
  run(
    "vite",
    process.execPath,
    [
      path.join(ROOT, "node_modules", "vite", "bin", "vite.js"),
      "--port",
      process.env.WEB_DEV_PORT ?? "5173",
      "--strictPort",
    ],
    {
      cwd: path.join(ROOT, "web"),
      env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
    },
  );
  log(`The shop's API restarts on every change: http://127.0.0.1:${apiPort}`);
  log(`The web app with hot reload: http://localhost:${process.env.WEB_DEV_PORT ?? "5173"}`);
  if (harness.emulatorHost) for (const account of SEEDED_ACCOUNTS) log(`  ${account.email} / ${account.password}`);
}

main().catch((error) => {
  if (error instanceof HarnessError || error instanceof PortInUseError || error?.constructor?.name === "ConfigError") {
    console.error(`[dev] Configuration error: ${error.message}`);
  } else {
    console.error("[dev] Failed to start:", error);
  }
  void lifecycle.exit(1);
});
