/**
 * `npm run reconcile:payments`: compares the shop's orders with Stripe once and repairs what lost
 * webhooks left (a payment that succeeded marked paid, one its order cannot keep refunded, an
 * abandoned payment of a cancelled order called off, a refund made at Stripe). Every shop process
 * also does this periodically (PAYMENT_RECONCILE_INTERVAL_SECONDS); this is for an operator who
 * wants it now, after an outage of the webhook endpoint say. Idempotent.
 *
 *   DATABASE_URL=... STRIPE_SECRET_KEY=... npm run reconcile:payments [-- --hours 72]
 *
 * Prints what it did as JSON. Exit code 0: done; 1: could not run.
 */
import pino from "pino";
import { readEnvFile } from "../config";
import { createDataSource } from "../db/data-source";
import { SILENT_COUNTERS } from "../domain/counters";
import { EmailOutbox } from "../domain/email/outbox";
import { PaymentService } from "../domain/payments/payment.service";
import { RECONCILE_LOCK } from "../jobs/shop-jobs";
import { inOneProcess } from "../jobs/elected";
import { stripeClient } from "../stripe";

function setting(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function lookbackHours(): number {
  const index = process.argv.indexOf("--hours");
  const raw = index >= 0 ? process.argv[index + 1] : (process.env.PAYMENT_RECONCILE_LOOKBACK_HOURS ?? "72");
  if (!/^\d+$/.test(raw ?? "") || Number(raw) < 1)
    throw new Error(`--hours must be a whole number of hours (got "${raw}")`);
  return Number(raw);
}

async function main(): Promise<void> {
  readEnvFile();
  const apiUrl = process.env.STRIPE_API_URL?.trim() || null;
  if (apiUrl && process.env.NODE_ENV === "production")
    throw new Error("STRIPE_API_URL must not be set when NODE_ENV=production");
  const stripe = stripeClient({
    secretKey: setting("STRIPE_SECRET_KEY"),
    apiUrl,
    publishableKey: "",
    webhookSecret: "",
    sandboxPublicUrl: null,
  });
  const log = pino({ level: process.env.LOG_LEVEL ?? "warn" });
  const db = createDataSource(setting("DATABASE_URL"), log, { poolSize: 2 });
  await db.initialize();
  try {
    // The receipts and refund notices of what it repairs go to the outbox, as the shop's own pass writes them.
    const payments = new PaymentService(db, stripe, null, SILENT_COUNTERS, log, new EmailOutbox(db));
    const hours = lookbackHours();
    const report = await inOneProcess(db, RECONCILE_LOCK, () => payments.reconcile(hours));
    console.log(
      JSON.stringify(report ?? { skipped: "another process is reconciling right now; try again in a minute" }),
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(`Could not reconcile payments: ${error?.message ?? error}`);
  process.exit(1);
});
