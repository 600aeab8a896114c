// The health watch's probe, in a process of its own (tests/faults/health-watch.ts starts it), so its
// figures are the instance's answer times, not the test process's own busy event loop. Asks
// BASE_URL/healthz every EVERY_MS on a fresh connection from 127.0.0.1 until told to stop over IPC,
// then sends back every time (ms; 5,000 for no answer).
import http from "node:http";

const baseUrl = process.env.BASE_URL!;
const everyMs = Number(process.env.EVERY_MS ?? 250);
const times: number[] = [];
let failures = 0;
let stopped = false;

function probe(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(`${baseUrl}/healthz`, { agent: false, localAddress: "127.0.0.1", timeout: 5_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode === 200 ? performance.now() - started : Infinity));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(Infinity));
  });
}

process.on("message", () => (stopped = true));
// The test process went away (a failed test never told it to stop): so does the probe.
process.on("disconnect", () => process.exit(0));
process.send?.("started");
while (!stopped) {
  const ms = await probe();
  if (ms === Infinity) failures++;
  times.push(Math.min(ms, 5_000));
  await new Promise((r) => setTimeout(r, everyMs));
}
process.send?.({ times, failures }, () => process.exit(0));
