import { spawn } from "node:child_process";
import path from "node:path";
import { assertPortFree } from "./ports";

/** The built child's script, also for a caller that runs this module from its source (the API tests). */
const CHILD_SCRIPT = path.join(__dirname, "..", "dist", "maildev-process.js");

export interface MailCatcher {
  /** What the shop sends to: smtp://127.0.0.1:{smtp port}. */
  smtpUrl: string;
  /** The inbox in a browser; its REST API is at {webUrl}/api/email. */
  webUrl: string;
  stop(): Promise<void>;
}

/**
 * A real mail catcher, maildev, in a child process (maildev-process.ts): every email the shop sends
 * over SMTP lands in its web inbox (kept in `dataDir`/maildev across restarts). Loopback only, no
 * authentication. Out of the shop's process, so that its memory is not counted as the shop's.
 */
export async function startMaildev(options: {
  smtpPort: number;
  webPort: number;
  dataDir: string;
}): Promise<MailCatcher> {
  await assertPortFree(options.smtpPort, "maildev's SMTP server", "MAILDEV_SMTP_PORT");
  await assertPortFree(options.webPort, "maildev's web inbox", "MAILDEV_WEB_PORT");
  const settings = {
    smtpPort: options.smtpPort,
    webPort: options.webPort,
    mailDirectory: path.join(options.dataDir, "maildev"),
  };
  const child = spawn(process.execPath, [CHILD_SCRIPT, JSON.stringify(settings)], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code, signal) => reject(new Error(`maildev exited during start (${code ?? signal})`)));
  });
  return {
    smtpUrl: `smtp://127.0.0.1:${options.smtpPort}`,
    webUrl: `http://127.0.0.1:${options.webPort}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}
