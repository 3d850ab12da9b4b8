import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";

/**
 * Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` where the
 * HMAC covers `"<t>.<raw body>"` and is keyed with the whole endpoint secret (`whsec_...`),
 * which is what `stripe.webhooks.constructEvent(rawBody, header, secret)` checks.
 */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookEvent {
  id: string;
  type: string;
}

export interface WebhookDispatcherOptions {
  url: string;
  secret: string;
  /** Waits before each retry; the number of entries is the number of retries. */
  retryDelaysMs: readonly number[];
  timeoutMs?: number;
  log: (msg: string) => void;
}

/**
 * Posts events to one endpoint, each on its own, re-signing every attempt (as Stripe does) and
 * retrying on network errors and non-2xx answers. Never throws; close() drops what is pending.
 */
export class WebhookDispatcher {
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly requests = new Set<http.ClientRequest>();
  private readonly settled = new Set<() => void>();
  private inFlight = 0;

  constructor(private readonly opts: WebhookDispatcherOptions) {}

  /**
   * Posts the events one after the other, each once the previous one's first attempt is over, so the
   * endpoint sees them in the order they happened (a payment before the dispute of it) unless one
   * needs a retry; retries never hold up the rest.
   */
  send(events: readonly WebhookEvent[]): void {
    if (this.closed) return;
    this.inFlight += events.length;
    this.sendInTurn(events);
  }

  private sendInTurn(events: readonly WebhookEvent[]): void {
    const [event, ...rest] = events;
    if (!event || this.closed) return;
    this.attempt(event, JSON.stringify(event, null, 2), 0, () => this.sendInTurn(rest));
  }

  /** Resolves once nothing is being delivered or waiting for a retry (for tests and graceful stops). */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.settled.add(resolve));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const request of this.requests) request.destroy();
    this.requests.clear();
    this.inFlight = 0;
    this.notifyIdle();
  }

  private done(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) this.notifyIdle();
  }

  private notifyIdle(): void {
    const waiting = [...this.settled];
    this.settled.clear();
    for (const resolve of waiting) resolve();
  }

  /** One attempt at delivering `event`; `then` runs once the attempt is over, whatever its outcome. */
  private attempt(event: WebhookEvent, payload: string, attempt: number, then?: () => void): void {
    if (this.closed) return;
    const request = this.post(event, payload);
    if (!request) {
      then?.();
      return;
    }
    let finished = false;
    // A request can report both an error and a response ending; only the first counts.
    const finish = (failure: string | null): void => {
      if (finished || this.closed) return;
      finished = true;
      this.requests.delete(request);
      this.settle(event, payload, attempt, failure);
      then?.();
    };
    this.requests.add(request);
    request.on("response", (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      response.on("end", () => finish(status >= 200 && status < 300 ? null : `HTTP ${status}`));
      response.on("error", (error) => finish(error.message));
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => finish(error.message));
    request.end(payload);
  }

  /** A signed POST of the event, not yet sent; null (and the event given up) when the URL cannot be posted to. */
  private post(event: WebhookEvent, payload: string): http.ClientRequest | null {
    const { url, secret, log } = this.opts;
    try {
      const target = new URL(url);
      const transport = target.protocol === "https:" ? https : http;
      return transport.request(target, {
        method: "POST",
        timeout: this.opts.timeoutMs ?? 10_000,
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Length": Buffer.byteLength(payload),
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          Accept: "*/*; q=0.5, application/xml",
          "Cache-Control": "no-cache",
          "Stripe-Signature": signatureHeader(payload, secret),
        },
      });
    } catch (error) {
      log(`webhook ${event.type} ${event.id}: cannot post to ${url}: ${(error as Error).message}`);
      this.done();
      return null;
    }
  }

  /** After an attempt: done when delivered or out of retries, otherwise try again after the next delay. */
  private settle(event: WebhookEvent, payload: string, attempt: number, failure: string | null): void {
    const { url, log } = this.opts;
    if (failure === null) {
      log(`webhook ${event.type} ${event.id} delivered to ${url}${attempt > 0 ? ` (attempt ${attempt + 1})` : ""}`);
      this.done();
      return;
    }
    const delay = this.opts.retryDelaysMs[attempt];
    if (delay === undefined) {
      log(`webhook ${event.type} ${event.id} to ${url} failed (${failure}); giving up after ${attempt + 1} attempts`);
      this.done();
      return;
    }
    log(`webhook ${event.type} ${event.id} to ${url} failed (${failure}); retrying in ${delay} ms`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.attempt(event, payload, attempt + 1);
    }, delay);
    this.timers.add(timer);
  }
}
