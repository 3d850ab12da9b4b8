import { loadConfig } from "@partshop/graph";

/**
 * Checks the shop's settings before anything starts, with stand-in values for what the harness
 * will provide: a bad PORT is reported at once, not after PostgreSQL and the emulator started.
 */
export function preflight(env: Record<string, string | undefined>): void {
  const provided = {
    DATABASE_URL: "postgres://harness@127.0.0.1/partshop",
    FIREBASE_PROJECT_ID: "demo-partshop",
    JWT_SECRET: "x".repeat(32),
    STRIPE_SECRET_KEY: "sk_test_harness",
    STRIPE_PUBLISHABLE_KEY: "pk_test_harness",
    STRIPE_WEBHOOK_SECRET: "whsec_harness",
  };
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  loadConfig({ ...provided, ...given });
}
