import type http from "node:http";
import type { Socket } from "node:net";

/**
 * Which connections are between requests, so that a stop closes idle keep-alive connections at
 * once (they would hold the server open until their keep-alive timeout) and lets busy ones finish
 * their request first, answering it with Connection: close.
 */
export class Connections {
  private readonly busy = new Map<Socket, number>();
  private readonly open = new Set<Socket>();
  private closing = false;

  track(server: http.Server): void {
    server.on("connection", (socket: Socket) => {
      this.open.add(socket);
      socket.once("close", () => {
        this.open.delete(socket);
        this.busy.delete(socket);
      });
    });
  }

  /** Called for every request: counts it until its answer is written. */
  started(req: http.IncomingMessage, res: http.ServerResponse): void {
    const socket = req.socket;
    this.busy.set(socket, (this.busy.get(socket) ?? 0) + 1);
    if (this.closing) res.setHeader("connection", "close");
    res.once("close", () => {
      const left = (this.busy.get(socket) ?? 1) - 1;
      if (left > 0) return void this.busy.set(socket, left);
      this.busy.delete(socket);
      if (this.closing) socket.end();
    });
  }

  /** From now on: idle connections close now, busy ones once their answer is out. */
  closeWhenIdle(): void {
    this.closing = true;
    for (const socket of this.open) if (!this.busy.has(socket)) socket.end();
  }
}
