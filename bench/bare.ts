/**
 * The bare Node http server of the hot-read benchmark: answers each recorded path with the very
 * bytes and headers the app sent for it (no routing library, no database). Started as its own
 * process by bench/run.ts so it does not share a core with autocannon. Reads the recorded answers
 * from the file named in BARE_ANSWERS and prints its port.
 */
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { answerKey } from "./bare-key.ts";

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}
const answers = JSON.parse(readFileSync(process.env.BARE_ANSWERS!, "utf8")) as Record<string, Recorded>;
const ready = new Map(Object.entries(answers).map(([p, a]) => [p, { ...a, bytes: Buffer.from(a.body, "base64") }]));

const server = createServer((req, res) => {
  // Keyed by path and Accept-Encoding: one path is recorded compressed and not.
  const a = ready.get(answerKey(req.url ?? "", req.headers["accept-encoding"]));
  if (!a) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(a.status, { ...a.headers, "content-length": String(a.bytes.length) });
  res.end(a.bytes);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`PORT ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
