import http from "node:http";
import { ConfigError } from "../config";
import type { Readiness } from "./health";
import type { ShopMetrics } from "./metrics";

export interface OperatorsListener {
  url: string;
  stop(): Promise<void>;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

/**
 * The operators' listener (METRICS_PORT), apart from the shop's public port so that the public
 * balancer never exposes it: GET /metrics (Prometheus), GET /readyz with every check's detail,
 * GET /healthz.
 */
export async function startOperatorsListener(options: {
  host: string;
  port: number;
  metrics: ShopMetrics;
  readiness: Readiness;
}): Promise<OperatorsListener> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET")
      return sendJson(res, 405, { error: `${req.method} is not answered here: GET /metrics, /readyz or /healthz` });
    if (path === "/healthz") return sendJson(res, 200, { ok: true });
    if (path === "/readyz") {
      void options.readiness.report().then(
        (report) => sendJson(res, report.ready ? 200 : 503, report),
        (error: Error) => sendJson(res, 500, { error: error.message }),
      );
      return;
    }
    if (path === "/metrics") {
      void options.metrics.text().then(
        ({ contentType, body }) => {
          res.writeHead(200, {
            "content-type": contentType,
            "content-length": Buffer.byteLength(body),
            "cache-control": "no-store",
          });
          res.end(body);
        },
        (error: Error) => sendJson(res, 500, { error: error.message }),
      );
      return;
    }
    sendJson(res, 404, { error: `Nothing at ${path}: GET /metrics, /readyz or /healthz` });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new ConfigError([
              `Port ${options.port} (METRICS_PORT) is already in use: stop the program using it or set METRICS_PORT`,
            ])
          : error,
      ),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    url: `http://${options.host === "0.0.0.0" ? "localhost" : options.host}:${options.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
