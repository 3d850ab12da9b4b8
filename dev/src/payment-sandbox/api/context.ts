import { authenticationError } from "../errors";
import type { SandboxState, StripeEvent } from "../types";

export type KeyKind = "secret" | "publishable";

/** One API request as the operations see it. */
export interface RequestContext {
  requestId: string;
  idempotencyKey: string | null;
  apiVersion: string;
  keyKind: KeyKind;
  /** Events raised by the request; posted to the webhook endpoint once the answer is sent. */
  events: StripeEvent[];
  /** The state changed and must be saved. */
  dirty: boolean;
}

export interface ApiOptions {
  /** Whether a webhook endpoint is configured (an event's pending_webhooks). */
  webhookEndpoints: number;
  /** Overrides the api_version of events (default: the Stripe-Version the intent was created with). */
  eventApiVersion?: string;
}

/** What every operation works on: the sandbox's saved state and how its events are stamped. */
export interface Api {
  readonly state: SandboxState;
  readonly options: ApiOptions;
}

const PUBLISHABLE_KEY_FORBIDDEN =
  "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.";

/** Browsers hold the publishable key; everything but reading and confirming an intent is the server's. */
export function requireSecretKey(ctx: RequestContext): void {
  if (ctx.keyKind !== "secret") throw authenticationError(PUBLISHABLE_KEY_FORBIDDEN);
}

/** Answers and events get copies, so no caller can change the stored objects through them. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
