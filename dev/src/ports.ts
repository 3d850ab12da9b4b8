import net from "node:net";

/** Whether nothing listens on `port` (on loopback, by default). */
export function isPortFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.once("listening", () => probe.close(() => resolve(true)));
    probe.listen(port, host);
  });
}

/** Ports this process handed out: not listened on yet, but promised. */
const handedOut = new Set<number>();

/**
 * A free port followed by `span - 1` more free ones (the Auth Emulator uses three in a row), from
 * a random place in 20000-49999 so that parallel test runs rarely meet; never one already handed out.
 */
export async function freePort(span = 1): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const base = 20000 + Math.floor(Math.random() * 30000);
    let free = true;
    for (let port = base; port < base + span && free; port++) free = !handedOut.has(port) && (await isPortFree(port));
    if (free) {
      for (let port = base; port < base + span; port++) handedOut.add(port);
      return base;
    }
  }
  throw new Error("No free port found on 127.0.0.1");
}

/** A clear refusal when a port the harness needs is taken: names the port and the variable that moves it. */
export class PortInUseError extends Error {
  constructor(port: number, what: string, variable: string) {
    super(`Port ${port} for ${what} is already in use: stop the program using it or set ${variable} to a free port`);
  }
}

export async function assertPortFree(port: number, what: string, variable: string): Promise<void> {
  if (!(await isPortFree(port))) throw new PortInUseError(port, what, variable);
}
