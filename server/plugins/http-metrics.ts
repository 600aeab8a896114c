// The per-request metrics (requests by method, route and status, and their durations) kept as plain
// numbers and turned into Prometheus series only when scraped. prom-client's own Counter and
// Histogram hash and validate their labels on every call, which costs a hot read more than the
// rest of its answer (see bench/run.ts --hot); the output is the same text.
import type { Registry } from "prom-client";

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: { method: string; route: string; status_code: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last slot is above the largest bound. */
  buckets: number[];
}

type Value = { labels: Record<string, string | number>; value: number; metricName?: string };

export class HttpMetrics {
  private readonly series = new Map<string, Series>();

  constructor(registry: Registry) {
    const all = () => [...this.series.values()];
    const metric = (name: string, help: string, type: "counter" | "histogram", values: () => Value[]) => ({
      name,
      help,
      type,
      aggregator: "sum",
      get: async () => ({ name, help, type, aggregator: "sum", values: values() }),
      reset: () => this.series.clear(),
    });
    const requests = metric("http_requests_total", "HTTP requests answered, by method, route pattern and status", "counter", () =>
      all().map((s) => ({ labels: s.labels, value: s.count })),
    );
    const duration = metric("http_request_duration_seconds", "Time to answer an HTTP request, by method, route pattern and status", "histogram", () =>
      all().flatMap((s) => {
        let cumulative = 0;
        const name = "http_request_duration_seconds";
        const buckets = BUCKETS.map((le, i) => ({ labels: { le, ...s.labels }, value: (cumulative += s.buckets[i]!), metricName: `${name}_bucket` }));
        return [
          ...buckets,
          { labels: { le: "+Inf", ...s.labels }, value: s.count, metricName: `${name}_bucket` },
          { labels: s.labels, value: s.sum, metricName: `${name}_sum` },
          { labels: s.labels, value: s.count, metricName: `${name}_count` },
        ];
      }),
    );
    // The registry takes any object with a name and get(); these two give it prom-client's shapes.
    registry.registerMetric(requests as unknown as Parameters<Registry["registerMetric"]>[0]);
    registry.registerMetric(duration as unknown as Parameters<Registry["registerMetric"]>[0]);
  }

  /** One answer: its method, route pattern, status and time in seconds. */
  count(method: string, route: string, statusCode: number, seconds: number) {
    const key = `${method} ${statusCode} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      s = { labels: { method, route, status_code: String(statusCode) }, count: 0, sum: 0, buckets: new Array<number>(BUCKETS.length + 1).fill(0) };
      this.series.set(key, s);
    }
    s.count++;
    s.sum += seconds;
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
    s.buckets[i]!++;
  }
}
