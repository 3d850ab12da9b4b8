import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startAuthEmulator } from "./emulator";
import { CHROMIUM, RESULTS_DIR, SERVER_MAIN, WEB_DIST_DIR } from "./paths";

declare module "vitest" {
  export interface ProvidedContext {
    emulatorHost: string;
  }
}

/** Checks what the journeys need, then starts the run's one Auth Emulator. */
export default async function setup(project: TestProject) {
  const missing: string[] = [];
  if (!fs.existsSync(SERVER_MAIN)) missing.push(`${SERVER_MAIN} (run "npm run build -w graph")`);
  if (!fs.existsSync(path.join(WEB_DIST_DIR, "index.html"))) missing.push(`${WEB_DIST_DIR}/index.html (run "npm run build -w web")`);
  if (!fs.existsSync(CHROMIUM)) missing.push(`${CHROMIUM} (run "bash scripts/ensure-chromium.sh")`);
  if (missing.length > 0) throw new Error(`The browser journeys need:\n  ${missing.join("\n  ")}`);

  // Screenshots of this run only.
  fs.rmSync(RESULTS_DIR, { recursive: true, force: true });
  fs.mkdirSync(RESULTS_DIR, { recursive: true });

  const emulator = await startAuthEmulator();
  project.provide("emulatorHost", emulator.host);
  return async () => {
    await emulator.stop();
  };
}
