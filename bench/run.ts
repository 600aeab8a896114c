/**
 * Store API benchmark: `npm run bench` (after `npm run build`). Generates a catalogue of BENCH_PRODUCTS
 * products (default 5,000) for BENCH_CUSTOMERS customers in a fresh embedded database, starts the real
 * server, and measures with autocannon and timed requests:
 *   - /healthz and the catalog-products call side by side (p50, p99, requests/s, 50 connections)
 *   - the catalog call's size on the wire (brotli) and its 304 answer to If-None-Match
 *   - saving a 50-line cart, and placing an order
 * Prints a table and writes bench/results/store.json. Figures, not pass/fail.
 */
import autocannon from "autocannon";
import { mkdirSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { CUSTOMERS, percentile, ROOT, startBenchServer } from "./setup.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

function wireSize(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; etag?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (c: Buffer) => (bytes += c.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, etag: res.headers.etag as string | undefined }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function cannon(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: 50, duration: DURATION, headers });
  return { p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), errors: r.errors, non2xx: r.non2xx };
}

async function main() {
  const { server, base, cookie, userId, customerId, json } = await startBenchServer();
  try {
    const profile = await json<{ openDates: string[] }>(`/api/Store/Profile/${userId}/${customerId}/0`);
    const date = profile.openDates[1] ?? profile.openDates[0]!;
    const catalogs = await json<{ orderId: number }[]>(`/api/Store/Catalog/${customerId}/${date}/${userId}`);
    const productsUrl = `/api/Store/Catalog/Products/${userId}/${customerId}/${catalogs[0]!.orderId}/${date}`;
    const products = await json<{ productId: string; quantityRemaining: number; unitOfMeasureQty: number }[]>(productsUrl);

    const raw = await wireSize(`${base}${productsUrl}`, { cookie });
    const br = await wireSize(`${base}${productsUrl}`, { cookie, "accept-encoding": "br" });
    const gz = await wireSize(`${base}${productsUrl}`, { cookie, "accept-encoding": "gzip" });
    const revalidated = br.etag ? await wireSize(`${base}${productsUrl}`, { cookie, "accept-encoding": "br", "if-none-match": br.etag }) : null;

    console.log("Load: /healthz, then the catalog-products call…");
    const health = await cannon(`${base}/healthz`, {});
    const catalog = await cannon(`${base}${productsUrl}`, { cookie, "accept-encoding": "br" });

    const available = products.filter((p) => p.quantityRemaining > 200).slice(0, 50);
    const saveMs: number[] = [];
    let cart = await json<{ version: number }>(`/api/Store/Cart/${userId}/${customerId}`);
    for (let i = 0; i < 30; i++) {
      const items = available.map((p, n) => ({ productId: p.productId, quantity: 1 + ((n + i) % 3) }));
      const t0 = performance.now();
      cart = await json(`/api/Store/Cart/Save/${userId}/${customerId}`, {
        method: "POST",
        body: JSON.stringify({ shipDate: date, items, version: cart.version }),
      });
      saveMs.push(performance.now() - t0);
    }

    const orderMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const items = available.slice(0, 10).map((p) => ({ productId: p.productId, quantity: 1 }));
      cart = await json(`/api/Store/Cart/Save/${userId}/${customerId}`, {
        method: "POST",
        body: JSON.stringify({ shipDate: date, items, version: cart.version }),
      });
      const t0 = performance.now();
      await json(`/api/Store/PlaceOrder/${userId}/${customerId}`, { method: "POST", body: "{}", headers: { "idempotency-key": `bench-${i}-${Date.now()}` } });
      orderMs.push(performance.now() - t0);
      cart = await json(`/api/Store/Cart/${userId}/${customerId}`);
    }

    const results = {
      when: new Date().toISOString(),
      products: products.length,
      customers: CUSTOMERS,
      catalogCall: {
        bytesUncompressed: raw.bytes,
        bytesBrotli: br.bytes,
        bytesGzip: gz.bytes,
        notModifiedStatus: revalidated?.status ?? null,
        notModifiedBytes: revalidated?.bytes ?? null,
      },
      healthz: health,
      catalogProducts: catalog,
      cartSave50Lines: { runs: saveMs.length, p50: Math.round(percentile(saveMs, 50)), p99: Math.round(percentile(saveMs, 99)) },
      placeOrder10Lines: { runs: orderMs.length, p50: Math.round(percentile(orderMs, 50)), p99: Math.round(percentile(orderMs, 99)) },
    };
    console.table({
      "/healthz": { p50_ms: health.p50, p99_ms: health.p99, req_per_s: health.rps },
      "catalog products": { p50_ms: catalog.p50, p99_ms: catalog.p99, req_per_s: catalog.rps },
      "cart save (50 lines)": { p50_ms: results.cartSave50Lines.p50, p99_ms: results.cartSave50Lines.p99, req_per_s: "" },
      "place order (10 lines)": { p50_ms: results.placeOrder10Lines.p50, p99_ms: results.placeOrder10Lines.p99, req_per_s: "" },
    });
    console.log(
      `Catalog call for ${products.length} products: ${(raw.bytes / 1024).toFixed(0)} KB raw, ${(br.bytes / 1024).toFixed(0)} KB brotli, ` +
        `${(gz.bytes / 1024).toFixed(0)} KB gzip; If-None-Match -> ${revalidated?.status ?? "no ETag"}`,
    );
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/store.json"), JSON.stringify(results, null, 2));
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
