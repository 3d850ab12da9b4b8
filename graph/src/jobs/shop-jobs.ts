import type { DataSource } from "typeorm";
import type { Config } from "../config";
import type { DomainLog } from "../domain/log";
import type { Services } from "../domain/services";
import { emailJobs } from "./email-jobs";
import { inOneProcess } from "./elected";
import { type PeriodicJob, runPeriodically } from "./periodic";

/** The advisory lock of payment reconciliation (any number no other lock of the shop uses). */
export const RECONCILE_LOCK = 734101;

/** What the jobs are run with: their intervals, and the mail settings. */
export type JobSettings = Config["jobs"] & { mail: Config["mail"] };

/**
 * The shop's own periodic work, run by every process. Ending holds is safe in all of them at once
 * (each order is taken by one transaction); reconciliation calls Stripe, so one process at a time
 * does it.
 */
export function shopJobs(settings: JobSettings, services: Services, db: DataSource, log: DomainLog): PeriodicJob[] {
  return [
    {
      name: "hold expiry",
      everySeconds: settings.holdExpirySeconds,
      run: async () => {
        const ended = await services.orders.expireHolds();
        if (ended.length)
          log.info(
            { orders: ended.length },
            `Ended ${ended.length} reservations whose hold had passed; their units are back on sale`,
          );
      },
    },
    {
      name: "payment reconciliation",
      everySeconds: settings.reconcileSeconds,
      run: async () => {
        const report = await inOneProcess(db, RECONCILE_LOCK, () =>
          services.payments.reconcile(settings.reconcileLookbackHours),
        );
        if (report && report.markedPaid + report.refunded + report.canceled > 0) {
          log.warn({ ...report }, "Payment reconciliation repaired orders that lost their webhook");
        }
      },
    },
    {
      name: "untouched browser cart cleanup",
      everySeconds: 3600,
      run: () => services.browserCarts.forgetUntouched(),
    },
    {
      name: "revoked token cleanup",
      everySeconds: 3600,
      run: () => services.users.forgetExpiredRevocations(),
    },
    ...emailJobs(settings.mail, settings.holdExpirySeconds, services, log),
  ];
}

/**
 * Starts the jobs; each run waits until the schema is current (a shop started before `npm run
 * migrate` has nothing to work on yet).
 */
export function startShopJobs(
  settings: JobSettings,
  services: Services,
  db: DataSource,
  log: DomainLog,
  schemaCurrent: () => Promise<boolean>,
): () => Promise<void> {
  let migrated = false;
  const whenMigrated = (job: PeriodicJob): PeriodicJob => ({
    ...job,
    run: async () => {
      migrated ||= await schemaCurrent();
      if (migrated) await job.run();
    },
  });
  return runPeriodically(shopJobs(settings, services, db, log).map(whenMigrated), log);
}
