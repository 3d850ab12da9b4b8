/**
 * maildev in a process of its own (started by maildev.ts): the mail catcher's web inbox and mail
 * parsing hold 40-60 MB, which in the shop's process were counted as the shop's own memory. Its
 * options come as JSON in argv[2]; it says "ready" over IPC, and stops when told to or when the
 * process that started it is gone.
 */
async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2]) as { smtpPort: number; webPort: number; mailDirectory: string };
  // maildev 3 is an ES module: imported, not required.
  const { MailDev } = await import("maildev");
  const maildev = new MailDev({
    smtp: options.smtpPort,
    ip: "127.0.0.1",
    web: options.webPort,
    webIp: "127.0.0.1",
    mailDirectory: options.mailDirectory,
    silent: true,
  });
  await maildev.start();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await maildev.stop().catch(() => undefined);
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stop());
  process.on("disconnect", () => void stop());
  process.send?.("ready");
}

main().catch((error) => {
  console.error("[maildev] failed to start:", error);
  process.exit(1);
});
