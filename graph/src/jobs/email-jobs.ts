import type { Config } from "../config";
import type { DomainLog } from "../domain/log";
import type { Services } from "../domain/services";
import type { PeriodicJob } from "./periodic";

/**
 * The mail jobs, run by every process at once: sending the outbox's due emails (each taken by one
 * process: see EmailDelivery) and writing the warnings of reservations about to end (each written
 * once: see EmailOutbox.warnOfEndingHolds). Without a mailer the outbox fills and nothing is sent.
 */
export function emailJobs(
  mail: Config["mail"],
  holdCheckSeconds: number,
  services: Services,
  log: DomainLog,
): PeriodicJob[] {
  const delivery = services.emailDelivery;
  return [
    {
      name: "email delivery",
      everySeconds: delivery ? mail.sendEverySeconds : 0,
      run: async () => {
        const report = await delivery!.sendDue();
        if (report.sent + report.retried + report.gaveUp > 0) log.info({ ...report }, `Sent ${report.sent} emails`);
      },
    },
    {
      name: "hold ending emails",
      everySeconds: mail.holdEndingMinutes > 0 ? holdCheckSeconds : 0,
      run: () => services.emails.warnOfEndingHolds(mail.holdEndingMinutes),
    },
  ];
}
