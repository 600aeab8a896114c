// The HTTP server's own defence against a client holding connections open (issue 23, item 3): at
// most `max` open connections per client address on this instance. The next one is answered a bare
// 429 at once, before any byte of its request is read, and closed: a flood of slow clients from one
// address costs one file descriptor each only up to the cap, and everybody else keeps being served.
// The address is the socket's peer (behind a proxy, the proxy's: docs/operations.md "Slow clients").
import type { Server } from "node:http";
import type { Socket } from "node:net";

const MESSAGE = "Too many open connections from your address. Close some and try again.";

function refusal(): string {
  const body = JSON.stringify({ statusCode: 429, error: "Too Many Requests", message: MESSAGE });
  return [
    "HTTP/1.1 429 Too Many Requests",
    "content-type: application/json; charset=utf-8",
    `content-length: ${Buffer.byteLength(body)}`,
    "retry-after: 10",
    "connection: close",
    "",
    body,
  ].join("\r\n");
}

export interface ConnectionCap {
  /** Whether this socket was refused (its request, if one gets parsed, must not be answered). */
  refused(socket: Socket): boolean;
  /** Open connections per address right now (tests, metrics). */
  open(address: string): number;
  /** Connections refused since start. */
  readonly refusedTotal: number;
}

export function capConnectionsPerAddress(server: Server, max: number, onRefuse?: (address: string) => void): ConnectionCap {
  const open = new Map<string, number>();
  const refused = new WeakSet<Socket>();
  let refusedTotal = 0;
  const text = refusal();
  // Before Node's own listener, so a refused socket is closed before its parser sees a byte.
  server.prependListener("connection", (socket: Socket) => {
    if (max <= 0) return;
    const address = socket.remoteAddress ?? "";
    const n = open.get(address) ?? 0;
    if (n >= max) {
      refused.add(socket);
      refusedTotal++;
      onRefuse?.(address);
      socket.pause();
      socket.end(text, () => socket.destroy());
      return;
    }
    open.set(address, n + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return {
    refused: (socket) => refused.has(socket),
    open: (address) => open.get(address) ?? 0,
    get refusedTotal() {
      return refusedTotal;
    },
  };
}
