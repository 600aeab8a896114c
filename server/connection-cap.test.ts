// The HTTP server's bounds on slow and greedy clients (issue 23, item 3), on a listening app: a
// request body trickled in is cut at HTTP_REQUEST_TIMEOUT_SECONDS, and one address holds at most
// HTTP_MAX_CONNECTIONS_PER_ADDRESS connections (the next gets 429 and is closed) while other
// addresses are served. The same with hundreds of clients and PostgreSQL: tests/faults/slow-clients.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import { buildTestApp, type TestApp } from "../tests/helpers/test-app.ts";

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: "3", HTTP_REQUEST_TIMEOUT_SECONDS: "2", HTTP_HEADERS_TIMEOUT_SECONDS: "1" });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t?.close());

/** A raw connection from `from` (any 127.x address is this machine); collects what the server sends. */
function connect(from: string): Promise<{ socket: net.Socket; received: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    let text = "";
    const opened = Date.now();
    const socket = net.connect({ host: "127.0.0.1", port, localAddress: from });
    socket.setEncoding("utf8");
    socket.on("data", (d: string) => (text += d));
    const closed = new Promise<number>((r) => socket.once("close", () => r(Date.now() - opened)));
    socket.once("error", () => {});
    socket.once("connect", () => resolve({ socket, received: () => text, closed }));
    socket.once("error", reject);
  });
}

async function healthz(from: string): Promise<string> {
  const c = await connect(from);
  c.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  await c.closed;
  return c.received();
}

describe("slow and greedy clients", () => {
  it("cuts a request whose body trickles in once the request timeout has passed (408), and keeps answering others", async () => {
    const c = await connect("127.0.0.1");
    c.socket.write("POST /api/Auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{");
    const trickle = setInterval(() => c.socket.writable && c.socket.write(" "), 300);
    const ms = await c.closed;
    clearInterval(trickle);
    // 2 s bound, checked every second.
    expect(ms).toBeGreaterThanOrEqual(1_900);
    expect(ms).toBeLessThan(4_500);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(await healthz("127.0.0.1")).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("cuts a client that never finishes its headers", async () => {
    const c = await connect("127.0.0.1");
    c.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n");
    const ms = await c.closed;
    expect(ms).toBeLessThan(3_500);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 |^$/);
  });

  it("holds at most the cap of connections per address: the next gets 429 at once, other addresses are served, a freed slot is reused", async () => {
    const held = await Promise.all([connect("127.0.0.2"), connect("127.0.0.2"), connect("127.0.0.2")]);
    const extra = await connect("127.0.0.2");
    const ms = await extra.closed;
    expect(ms).toBeLessThan(1_000);
    expect(extra.received()).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    expect(extra.received()).toContain('"message":"Too many open connections from your address. Close some and try again."');
    // Another address is not affected.
    expect(await healthz("127.0.0.3")).toMatch(/^HTTP\/1\.1 200 /);
    // One of the three goes away: the address may connect again.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    let answer = "";
    // The server sees the close a moment after the client.
    for (let i = 0; i < 20 && !answer.startsWith("HTTP/1.1 200 "); i++) {
      if (i) await new Promise((r) => setTimeout(r, 50));
      answer = await healthz("127.0.0.2");
    }
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    for (const h of held.slice(1)) h.socket.destroy();
  });
});
