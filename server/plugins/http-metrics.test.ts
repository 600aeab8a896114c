import { describe, expect, it } from "vitest";
import { Counter, Histogram, Registry } from "prom-client";
import { HttpMetrics } from "./http-metrics.ts";

const answers: [string, string, number, number][] = [
  ["GET", "/api/Auth/CheckToken/", 200, 0.0004],
  ["GET", "/api/Auth/CheckToken/", 200, 0.005],
  ["GET", "/api/Auth/CheckToken/", 200, 0.0051],
  ["GET", "/api/Auth/CheckToken/", 401, 0.02],
  ["POST", "/api/Store/Cart/Save/:userId/:customerId", 200, 0.3],
  ["POST", "/api/Store/Cart/Save/:userId/:customerId", 200, 12],
  ["GET", "unmatched", 404, 1],
];

describe("HttpMetrics", () => {
  it("gives the very text prom-client's Counter and Histogram give for the same answers", async () => {
    const ours = new Registry();
    const metrics = new HttpMetrics(ours);
    const theirs = new Registry();
    const labelNames = ["method", "route", "status_code"] as const;
    const requests = new Counter({ name: "http_requests_total", help: "HTTP requests answered, by method, route pattern and status", labelNames, registers: [theirs] });
    const duration = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method, route pattern and status",
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of answers) {
      metrics.count(method, route, status, seconds);
      const labels = { method, route, status_code: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/Auth\/CheckToken\/",status_code="200"\} 2$/m);
    expect(text).toMatch(/^http_requests_total\{method="POST",route="\/api\/Store\/Cart\/Save\/:userId\/:customerId",status_code="200"\} 2$/m);
  });
});
