// Live availability's figures for Prometheus (docs/operations.md "Metrics").
import { Gauge, type Registry } from "prom-client";
import type { LiveHub } from "./service.ts";

/** The hub's figures on the instance's metrics port (docs/operations.md "Metrics"). */
export function registerLiveMetrics(registry: Registry, hub: LiveHub) {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge("live_streams", "Open live availability streams (server-sent events) on this instance", () => hub.streamCount);
  gauge("live_channels", "Catalogs with open live availability streams on this instance", () => hub.figures.channels);
  gauge("live_catalog_reads_total", "Reads of a catalog's stock for live availability (one per catalog and burst of notices)", () => hub.figures.reads);
  gauge("live_fanouts_total", "Changes sent to a catalog's streams", () => hub.figures.fanOuts);
  gauge("live_fanout_cpu_seconds_total", "CPU time spent building and writing the events of those fan-outs", () => hub.figures.fanOutCpuMicros / 1e6);
}
