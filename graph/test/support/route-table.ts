import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { developmentEnv } from "./config-env";
import { GRAPH_DIR } from "./processes";

const requireBuilt = createRequire(path.join(GRAPH_DIR, "dist", "main.js"));

export interface RestRoute {
  method: string;
  path: string;
}

export const routeKey = (route: RestRoute) => `${route.method} ${route.path}`;

/**
 * Every API route of the real app: it is assembled in-process by the same createApp() the shop
 * uses (from dist/, as the suite runs it), with services that are never called, and its routes are
 * read as fastify registers them. A route added anywhere in the server shows up here. (Not listed:
 * automatic HEAD and CORS preflight routes, /graphql whose fields are listed separately, and the
 * static files: the catalogue's images and the web app, which is left out here.)
 */
export async function listRestRoutes(): Promise<RestRoute[]> {
  requireBuilt("reflect-metadata");
  const { createApp } = requireBuilt("./edge/app.js");
  const { restRoutes: routeTable } = requireBuilt("./api/rest/index.js");
  const { buildShopSchema } = requireBuilt("./api/graphql/schema.js");
  const { ChangeFeed } = requireBuilt("./domain/change-feed.js");
  const { loadConfig } = requireBuilt("./config.js");
  const pino = requireBuilt("pino");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-test-routes-"));
  const unused = new Proxy({}, { get: () => () => Promise.reject(new Error("not called while listing routes")) });
  const services = new Proxy({}, { get: () => unused });
  const app = await createApp({
    config: loadConfig({ ...developmentEnv, DATA_DIR: dataDir, WEB_DIST_DIR: dataDir }),
    services,
    callers: unused,
    events: new ChangeFeed(),
    schema: buildShopSchema(),
    restRoutes: routeTable(services),
    rateLimits: { signIn: unused, uploads: unused, newsletter: unused },
    publicConfig: {
      firebaseProjectId: "demo-partshop",
      firebaseApiKey: "demo-api-key",
      firebaseAuthDomain: null,
      authEmulatorUrl: null,
      stripePublishableKey: "pk_test_unused",
      paymentSandboxUrl: null,
      imageUploadUrl: "/upload",
    },
    log: pino({ level: "silent" }),
  });
  try {
    const listed = (app.routes as RestRoute[]).filter(
      (route) =>
        !["HEAD", "OPTIONS"].includes(route.method) && route.path !== "/graphql" && !route.path.startsWith("/images/"),
    );
    return [...new Map(listed.map((route) => [routeKey(route), { method: route.method, path: route.path }])).values()];
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
