/**
 * The bare Node side of the live availability benchmark (bench/live.ts): a plain http server that
 * holds text/event-stream connections open and writes one event to all of them on POST /send — no
 * routing library, session, database or change feed. GET /mem answers its own memory figures.
 * Started as its own process; prints its port.
 */
import { createServer, type ServerResponse } from "node:http";

const streams = new Set<ServerResponse>();
let seq = 0;
const server = createServer((req, res) => {
  if (req.url === "/mem") {
    const m = process.memoryUsage();
    const cpu = process.cpuUsage();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
    return;
  }
  if (req.url === "/send" && req.method === "POST") {
    seq++;
    const text = `id: ${seq}\nevent: change\ndata: {"available":{"BENCH":${seq}}}\n\n`;
    for (const s of streams) s.write(text);
    res.writeHead(204).end();
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  res.write(`retry: 3000\n\nid: ${seq}\nevent: snapshot\ndata: {"catalog":1,"available":{}}\n\n`);
  streams.add(res);
  res.on("close", () => streams.delete(res));
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`PORT ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => {
  for (const s of streams) s.end();
  server.close(() => process.exit(0));
});
