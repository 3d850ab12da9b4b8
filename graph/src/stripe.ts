import Stripe from "stripe";
import type { Config } from "./config";

/** The Stripe SDK, pointed at Stripe or (outside production) at a Stripe-compatible stand-in. */
export function stripeClient(config: Config["stripe"]): Stripe {
  if (!config.apiUrl) return new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 15_000 });
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: Number(url.port) || (protocol === "https" ? 443 : 80),
    protocol,
    maxNetworkRetries: 1,
    timeout: 10_000,
  });
}
