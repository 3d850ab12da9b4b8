import fs from "node:fs";
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
 * Where the kernel starts handing out ports to outgoing connections. A port from that range can
 * be free when probed and taken a moment later by any connection (the journeys' Auth Emulator
 * once refused to start so: "port taken").
 */
function firstEphemeralPort(): number {
  try {
    const first = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    if (Number.isInteger(first) && first > 22000) return first;
  } catch {
    // not Linux: the IANA range's start
  }
  return 49152;
}

/**
 * A free port followed by `span - 1` more free ones (the Auth Emulator uses three in a row), from
 * a random place between 20000 and the ephemeral range so that parallel test runs rarely meet and
 * no outgoing connection takes it meanwhile; never one already handed out.
 */
export async function freePort(span = 1): Promise<number> {
  const end = Math.min(firstEphemeralPort(), 49999);
  for (let attempt = 0; attempt < 100; attempt++) {
    const base = 20000 + Math.floor(Math.random() * (end - 20000 - span));
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
