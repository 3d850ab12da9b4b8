import { ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { assertPortFree } from "./ports";

export interface RunningEmulator {
  host: string;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The Firebase Auth Emulator exited during start:\n${output().slice(-2000)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The Firebase Auth Emulator did not start within ${timeoutMs / 1000} s:\n${output().slice(-2000)}`);
}

/**
 * Runs the Firebase Auth Emulator from firebase-tools for a demo-* project, UI disabled (it
 * would be downloaded, and the machine may be offline). Its hub and logging ports follow the
 * auth port so several shops (tests) can run side by side.
 */
export async function startAuthEmulator(options: {
  projectId: string;
  port: number;
  /** Default 127.0.0.1; 0.0.0.0 in a container whose port is published. */
  host?: string;
  dataDir: string;
  log: (line: string) => void;
}): Promise<RunningEmulator> {
  const { port } = options;
  const ports = { auth: port, hub: port + 1, logging: port + 2 };
  for (const [name, candidate] of Object.entries(ports)) {
    await assertPortFree(
      candidate,
      `the Firebase Auth Emulator (${name})`,
      "AUTH_EMULATOR_PORT (it uses that port and the next two)",
    );
  }
  const folder = path.join(options.dataDir, "firebase");
  fs.mkdirSync(folder, { recursive: true });
  const configFile = path.join(folder, "firebase.json");
  fs.writeFileSync(
    configFile,
    JSON.stringify(
      {
        emulators: {
          auth: { host: options.host ?? "127.0.0.1", port: ports.auth },
          hub: { host: options.host ?? "127.0.0.1", port: ports.hub },
          logging: { host: options.host ?? "127.0.0.1", port: ports.logging },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );
  const cli = require.resolve("firebase-tools/lib/bin/firebase.js");
  let output = "";
  const child = spawn(
    process.execPath,
    [cli, "emulators:start", "--only", "auth", "--project", options.projectId, "--config", configFile],
    {
      cwd: folder,
      env: { ...process.env, NO_UPDATE_NOTIFIER: "1", FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true", CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20000);
  };
  // The emulator sends no mail: it prints the links a real project would email (verify an
  // address, reset a password). The harness passes them on, so a developer can open them.
  let partial = "";
  const passOnLinks = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) if (/follow this link/i.test(line)) options.log(`Auth Emulator: ${line.trim()}`);
  };
  child.stdout!.on("data", passOnLinks);
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGINT");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilUp(`http://127.0.0.1:${ports.auth}/`, child, () => output, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  options.log(`Firebase Auth Emulator (project ${options.projectId}) on http://127.0.0.1:${ports.auth}`);
  return { host: `127.0.0.1:${ports.auth}`, stop };
}
