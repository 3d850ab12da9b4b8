import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PROJECT_ID } from "./paths";
import { baseEnv, freePort, makeTempDir, removeTempDir, spawnManaged, waitUntil } from "./processes";

const require = createRequire(import.meta.url);

export interface RunningEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  stop(): Promise<void>;
}

/**
 * A Firebase Auth Emulator for the run (the same firebase-tools and settings the shop uses when it
 * starts its own): the journeys' shops use it through FIREBASE_AUTH_EMULATOR_HOST.
 */
export async function startAuthEmulator(): Promise<RunningEmulator> {
  const port = await freePort(3);
  const folder = makeTempDir("emulator");
  const configFile = path.join(folder, "firebase.json");
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port },
        hub: { host: "127.0.0.1", port: port + 1 },
        logging: { host: "127.0.0.1", port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const cli = require.resolve("firebase-tools/lib/bin/firebase.js");
  const emulator = spawnManaged(
    process.execPath,
    [cli, "emulators:start", "--only", "auth", "--project", PROJECT_ID, "--config", configFile],
    {
      cwd: folder,
      env: baseEnv({ NO_UPDATE_NOTIFIER: "1", FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true", CI: "true" }),
    },
  );
  const stop = async () => {
    await emulator.stop(5_000);
    removeTempDir(folder);
  };
  try {
    await waitUntil(
      async () => {
        if (!emulator.running())
          throw new Error(`The Auth Emulator exited during start:\n${emulator.output().slice(-3000)}`);
        try {
          const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
          return response.status < 500;
        } catch {
          return false;
        }
      },
      120_000,
      () => `The Auth Emulator did not start within 120 s:\n${emulator.output().slice(-3000)}`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { host: `127.0.0.1:${port}`, stop };
}

const emulatorApi = (host: string, suffix: string) => `http://${host}/emulator/v1/projects/${PROJECT_ID}/${suffix}`;

/** Removes every account (the next shop seeds the admin and the customer again). */
export async function clearEmulatorAccounts(host: string): Promise<void> {
  const response = await fetch(emulatorApi(host, "accounts"), { method: "DELETE" });
  if (!response.ok) throw new Error(`Clearing the Auth Emulator's accounts failed: HTTP ${response.status}`);
}

export interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The out-of-band codes (password reset emails) the emulator has "sent". */
export async function emulatorOobCodes(host: string): Promise<OobCode[]> {
  const response = await fetch(emulatorApi(host, "oobCodes"));
  if (!response.ok) throw new Error(`Reading the Auth Emulator's codes failed: HTTP ${response.status}`);
  return ((await response.json()) as { oobCodes: OobCode[] }).oobCodes;
}

/** What the reset link's page does: sets a new password with the emailed code. */
export async function resetPasswordWithCode(host: string, oobCode: string, newPassword: string): Promise<void> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ oobCode, newPassword }),
    },
  );
  if (!response.ok) throw new Error(`Resetting the password failed: HTTP ${response.status} ${await response.text()}`);
}
