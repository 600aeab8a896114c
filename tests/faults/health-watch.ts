// What every fault of issue 23 must leave standing: the instance answers /healthz within a second
// throughout. A watch asks every `everyMs` on a fresh connection (from 127.0.0.1, never one of the
// addresses a test floods from) and keeps each answer's time; a probe that gets no answer within 5 s
// counts as 5 s.
import http from "node:http";

export interface HealthFigures {
  probes: number;
  failures: number;
  p50Ms: number;
  maxMs: number;
}

function probe(baseUrl: string): Promise<number> {
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

export function watchHealth(baseUrl: string, everyMs = 250) {
  const times: number[] = [];
  let failures = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const ms = await probe(baseUrl);
      if (ms === Infinity) failures++;
      times.push(Math.min(ms, 5_000));
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop(): Promise<HealthFigures> {
      stopped = true;
      await loop;
      const sorted = [...times].sort((a, b) => a - b);
      return { probes: times.length, failures, p50Ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0), maxMs: Math.round(sorted.at(-1) ?? 0) };
    },
  };
}
