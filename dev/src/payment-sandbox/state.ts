import fs from "node:fs";
import path from "node:path";
import { emptyState, type SandboxState } from "./types";

const MAX_EVENTS = 500;
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** The SDK keys every POST, so bound what the file carries (Stripe keeps 24 hours' worth). */
const MAX_IDEMPOTENCY_RECORDS = 2000;

/**
 * Reads the state file. A missing file is a fresh start; an unreadable one is moved aside
 * (`<file>.corrupt-<time>`) and logged rather than stopping the sandbox.
 */
export function loadState(file: string | undefined, log: (msg: string) => void): SandboxState {
  if (!file) return emptyState();
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyState();
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<SandboxState>;
    if (!parsed || typeof parsed !== "object" || parsed.version !== 1) throw new Error("unknown format");
    const fresh = emptyState();
    return {
      version: 1,
      paymentIntents: parsed.paymentIntents ?? fresh.paymentIntents,
      intentApiVersions: parsed.intentApiVersions ?? fresh.intentApiVersions,
      paymentMethods: parsed.paymentMethods ?? fresh.paymentMethods,
      charges: parsed.charges ?? fresh.charges,
      // Files written before refunds and disputes existed have neither.
      refunds: parsed.refunds ?? fresh.refunds,
      disputes: parsed.disputes ?? fresh.disputes,
      events: Array.isArray(parsed.events) ? parsed.events : fresh.events,
      idempotency: parsed.idempotency ?? fresh.idempotency,
    };
  } catch (error) {
    const aside = `${file}.corrupt-${Date.now()}`;
    fs.renameSync(file, aside);
    log(
      `stripe sandbox: state file ${file} is unreadable (${(error as Error).message}); moved to ${aside}, starting empty`,
    );
    return emptyState();
  }
}

/** Drops what Stripe would have forgotten: idempotency keys after 24 hours (and the oldest beyond a cap), old events. */
export function prune(state: SandboxState, now = Date.now()): void {
  const keys = Object.keys(state.idempotency); // insertion order: oldest first
  const excess = keys.length - MAX_IDEMPOTENCY_RECORDS;
  keys.forEach((key, index) => {
    if (index < excess || now - state.idempotency[key].createdAt > IDEMPOTENCY_TTL_MS) delete state.idempotency[key];
  });
  if (state.events.length > MAX_EVENTS) state.events.splice(0, state.events.length - MAX_EVENTS);
}

export function isExpired(createdAt: number, now = Date.now()): boolean {
  return now - createdAt > IDEMPOTENCY_TTL_MS;
}

/** Writes atomically (temporary file + rename) so a crash never leaves half a file. */
export function saveState(file: string | undefined, state: SandboxState): void {
  if (!file) return;
  prune(state);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(state));
  fs.renameSync(temporary, file);
}
