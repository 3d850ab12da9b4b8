import cors from "@fastify/cors";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { PublicConfig } from "../api/graphql/types/public-config";
import { GRAPHQL_PATH } from "./errors";
import { prefersHtml } from "./rest";
import { STOREFRONT_LOADER_HASH } from "./storefront-loader";

export interface SecuritySettings {
  production: boolean;
  corsOrigins: string[];
  publicConfig: PublicConfig;
}

/** helmet's headers with a CSP that allows the shop's own assets, Stripe, and the identity service in use. */
function helmetOptions({ corsOrigins, publicConfig }: SecuritySettings): HelmetOptions {
  const emulator = publicConfig.authEmulatorUrl;
  const connectSources = ["'self'", ...corsOrigins];
  if (emulator) connectSources.push(emulator);
  if (publicConfig.paymentSandboxUrl) connectSources.push(publicConfig.paymentSandboxUrl);
  if (!emulator) connectSources.push("https://*.googleapis.com", "https://*.firebaseapp.com");
  return {
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          STOREFRONT_LOADER_HASH,
          "https://js.stripe.com",
          "https://embeddable-sandbox.cdn.apollographql.com",
          "https://apollo-server-landing-page.cdn.apollographql.com",
        ],
        "style-src": ["'self'", "'unsafe-inline'", "https://apollo-server-landing-page.cdn.apollographql.com"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "connect-src": connectSources.concat(["https://api.stripe.com"]),
        "frame-src": [
          "'self'",
          "https://js.stripe.com",
          "https://hooks.stripe.com",
          "https://sandbox.embed.apollographql.com",
          "https://*.firebaseapp.com",
          ...(emulator ? [emulator] : []),
        ],
        "manifest-src": ["'self'", "https://apollo-server-landing-page.cdn.apollographql.com"],
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  };
}

type Headers = Array<[name: string, value: string]>;

/**
 * The headers helmet sets with these options. They depend only on the options (no directive is a
 * function: no nonces), so helmet runs once, against a response that records them; each answer
 * then gets the same headers without helmet building its policy string again (per request, its
 * middlewares took 1.8% of the CPU of a query past the cache).
 */
function helmetHeaders(options: HelmetOptions): Headers {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error("helmet did not set its headers at once");
  return [...headers];
}

/** Security headers on every answer, and CORS for the configured origins only. */
export async function registerSecurity(app: FastifyInstance, settings: SecuritySettings): Promise<void> {
  const options = helmetOptions(settings);
  const everyPage = helmetHeaders(options);
  // Apollo Sandbox's page (outside production) brings its own CSP with a per-page nonce for its
  // inline script; the shop's CSP on top would block that script, so that one page keeps Apollo's.
  const sandboxPage = helmetHeaders({ ...options, contentSecurityPolicy: false });
  const isSandboxPage = (request: FastifyRequest) =>
    !settings.production &&
    request.method === "GET" &&
    request.url.split("?")[0] === GRAPHQL_PATH &&
    prefersHtml(request);
  app.addHook("onRequest", (request, reply, done) => {
    const response = reply.raw;
    for (const [name, value] of isSandboxPage(request) ? sandboxPage : everyPage) response.setHeader(name, value);
    done();
  });
  await app.register(cors, {
    origin: settings.corsOrigins.length ? settings.corsOrigins : false,
    credentials: false,
    allowedHeaders: ["authorization", "content-type", "apollo-require-preflight"],
  });
}
