// Prometheus metrics on their own port (METRICS_PORT, on METRICS_HOST), never on the public one:
// the numbers stay on the private network without any rule in a proxy.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

export interface MetricsServer {
  /** e.g. http://127.0.0.1:9464 */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startMetricsServer(registry: Registry, options: { host: string; port: number }): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found. Metrics are at /metrics.\n");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": registry.contentType }).end(text),
      (err: Error) => res.writeHead(500, { "content-type": "text/plain" }).end(`metrics failed: ${err.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  return {
    baseUrl: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
