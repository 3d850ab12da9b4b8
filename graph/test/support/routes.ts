import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { GRAPH_DIR } from "./processes";
import { gql } from "./client";
import { developmentEnv } from "./config-env";

const requireBuilt = createRequire(path.join(GRAPH_DIR, "dist", "main.js"));

export interface RestRoute {
  method: string;
  path: string;
}

export const routeKey = (route: RestRoute) => `${route.method} ${route.path}`;

/**
 * Every route of the real express app, read from its router stack: the app is built in-process by
 * the same createShopServer() main.js uses (from dist/, as the suite runs it), with services that
 * are never called. A route added anywhere in the server shows up here.
 */
export async function restRoutes(): Promise<RestRoute[]> {
  requireBuilt("reflect-metadata");
  const { createShopServer } = requireBuilt("./http/server.js");
  const { loadConfig } = requireBuilt("./config.js");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-test-routes-"));
  const server = await createShopServer(loadConfig({ ...developmentEnv, DATA_DIR: dataDir }), {}, {
    firebaseProjectId: "demo-partshop",
    firebaseApiKey: "demo-api-key",
    firebaseAuthDomain: null,
    authEmulatorUrl: null,
    stripePublishableKey: "pk_test_unused",
    paymentSandboxUrl: null,
    imageUploadUrl: "/upload",
  });
  try {
    const found = new Map<string, RestRoute>();
    const walk = (stack: any[]) => {
      for (const layer of stack) {
        if (layer.route) {
          for (const [method, enabled] of Object.entries(layer.route.methods as Record<string, boolean>)) {
            if (!enabled || method === "_all") continue;
            const route = { method: method.toUpperCase(), path: String(layer.route.path) };
            found.set(routeKey(route), route);
          }
        } else if (Array.isArray(layer.handle?.stack)) {
          // Routers are mounted at the root; one mounted under a path would need its prefix here.
          if (!layer.slash) throw new Error(`A router is mounted under a path; teach test/support/routes.ts its prefix`);
          walk(layer.handle.stack);
        }
      }
    };
    walk(server.app.router.stack);
    return [...found.values()];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The root fields of the running shop's schema (introspection is on outside production). */
export async function graphqlRootFields(): Promise<{ query: string[]; mutation: string[] }> {
  const answer = await gql("{ __schema { queryType { fields { name } } mutationType { fields { name } } } }");
  const names = (type: { fields: Array<{ name: string }> } | null) => (type?.fields ?? []).map((field) => field.name);
  return { query: names(answer.body.data.__schema.queryType), mutation: names(answer.body.data.__schema.mutationType) };
}
