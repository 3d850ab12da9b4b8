import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { prefersHtml } from "./rest";

export interface WebAppSettings {
  /** The built web app (absent in API-only deployments). */
  webDistDir: string;
  /** Images shipped with the seed catalogue. */
  assetsDir: string;
}

export interface WebApp {
  /** Answers with the web app's page, which shows the route (or its own 404). */
  serve(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
}

/** The built web app at "/", the catalogue's images at /images, and browsers' page routes. */
export async function registerWebApp(app: FastifyInstance, settings: WebAppSettings): Promise<WebApp> {
  const index = path.join(settings.webDistDir, "index.html");
  const built = fs.existsSync(index);
  await app.register(fastifyStatic, {
    root: path.join(settings.assetsDir, "images"),
    prefix: "/images/",
    maxAge: "7d",
    index: false,
    wildcard: true,
  });
  if (built) {
    await app.register(fastifyStatic, {
      root: settings.webDistDir,
      prefix: "/",
      maxAge: "1h",
      index: false,
      wildcard: false,
      decorateReply: false,
    });
  }
  const serve = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8");
    return reply.send(await fs.promises.readFile(index));
  };
  // Web routes and unknown paths: browsers get the web app (it shows its own 404), APIs get JSON.
  app.setNotFoundHandler((request, reply) => {
    const asset = request.url.startsWith("/assets/") || request.url.startsWith("/images/");
    if (built && !asset && request.method === "GET" && prefersHtml(request)) return serve(request, reply);
    return reply
      .code(404)
      .send({ error: asset ? "Not found" : `Cannot ${request.method} ${request.url.split("?")[0]}` });
  });
  return {
    serve: (request, reply) => (built ? serve(request, reply) : reply.code(404).send({ error: "Not found" })),
  };
}
