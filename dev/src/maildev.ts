import path from "node:path";
import { assertPortFree } from "./ports";

export interface MailCatcher {
  /** What the shop sends to: smtp://127.0.0.1:{smtp port}. */
  smtpUrl: string;
  /** The inbox in a browser; its REST API is at {webUrl}/api/email. */
  webUrl: string;
  stop(): Promise<void>;
}

/**
 * A real mail catcher, maildev, in this process: every email the shop sends over SMTP lands in its
 * web inbox (kept in `dataDir`/maildev across restarts). Loopback only, no authentication.
 */
export async function startMaildev(options: {
  smtpPort: number;
  webPort: number;
  dataDir: string;
}): Promise<MailCatcher> {
  await assertPortFree(options.smtpPort, "maildev's SMTP server", "MAILDEV_SMTP_PORT");
  await assertPortFree(options.webPort, "maildev's web inbox", "MAILDEV_WEB_PORT");
  // maildev 3 is an ES module: imported, not required.
  const { MailDev } = await import("maildev");
  const maildev = new MailDev({
    smtp: options.smtpPort,
    ip: "127.0.0.1",
    web: options.webPort,
    webIp: "127.0.0.1",
    mailDirectory: path.join(options.dataDir, "maildev"),
    silent: true,
  });
  await maildev.start();
  return {
    smtpUrl: `smtp://127.0.0.1:${options.smtpPort}`,
    webUrl: `http://127.0.0.1:${options.webPort}`,
    stop: () => maildev.stop(),
  };
}
