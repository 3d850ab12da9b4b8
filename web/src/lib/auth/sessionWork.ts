/**
 * Calls made with the shop's token that signing out lets finish before it revokes the token, so
 * the shop does not refuse them halfway (a browser's cart joining the account at sign-in).
 */
const running = new Set<Promise<unknown>>();

/** How long sign-out waits for them at most: a call that hangs must not keep the token alive. */
export const SESSION_WORK_WAIT_MS = 5_000;

/** Runs `work` as part of the session; sign-out's revocation waits for it. */
export function asSessionWork<T>(work: Promise<T>): Promise<T> {
  running.add(work);
  const done = () => running.delete(work);
  work.then(done, done);
  return work;
}

/** Settles once every call begun with the token has, or after SESSION_WORK_WAIT_MS. */
export function sessionWorkSettled(waitMs = SESSION_WORK_WAIT_MS): Promise<void> {
  if (running.size === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  const all = Promise.allSettled([...running]).then(() => undefined);
  return Promise.race([all, timeout]).finally(() => clearTimeout(timer));
}
