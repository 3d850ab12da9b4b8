import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An HTTP server for `handler`. The handler answers its own errors; should it still reject, the
 * client gets a bare 500 (or a dropped connection once headers are out) rather than a hanging request.
 */
export function createServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>,
  log: (msg: string) => void,
): http.Server {
  return http.createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      log(`stripe sandbox: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: "Internal sandbox error." } }));
      } else {
        res.destroy();
      }
    });
  });
}

/** Listens and resolves with the port (the one picked when asked for 0); a failure to bind rejects. */
export async function listen(
  server: http.Server,
  port: number,
  host: string,
  log: (msg: string) => void,
): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (error) => log(`stripe sandbox: server error: ${error.message}`));
  return (server.address() as AddressInfo).port;
}

/** The URL clients use: wildcard hosts are reached through loopback, IPv6 literals need brackets. */
export function baseUrl(host: string, port: number): string {
  const urlHost = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;
  return `http://${urlHost}:${port}`;
}
