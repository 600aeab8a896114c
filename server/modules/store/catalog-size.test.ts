// Issue 3 "Speed": the catalog-products call for 5,000 products stays under 300 KB on the wire
// (compressed), and a repeated request that has the current ETag gets 304 with no body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { generateLarge } from "../../../db/seed/generate.ts";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";

const PRODUCTS = 5_000;
const LIMIT = 300 * 1024;

let t: TestApp;
let a: Client;
let catalogOrderId: number;
beforeAll(async () => {
  t = await buildTestApp();
  // The benchmark generator: varied families, colours, lengths, prices, specials and final products,
  // one unrestricted catalog (yesterday .. three weeks ahead) offering them all; bulk inserts.
  ({ catalogOrderId } = await generateLarge(t.db, { products: PRODUCTS, customers: 0 }));
  a = await buyer(t);
});
afterAll(async () => t?.close());

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB (${n.toLocaleString("en-US")} bytes)`;

describe(`Catalog/Products with ${PRODUCTS.toLocaleString("en-US")} products`, () => {
  it("is under 300 KB with brotli and with gzip, and answers 304 with an empty body to If-None-Match", async () => {
    const br = await a.products(catalogOrderId, tomorrow(), { "accept-encoding": "br" });
    const gzip = await a.products(catalogOrderId, tomorrow(), { "accept-encoding": "gzip" });
    const plain = await a.products(catalogOrderId, tomorrow(), { "accept-encoding": "identity" });
    for (const res of [br, gzip, plain]) expect(res.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();

    // The compressed bodies are the whole answer.
    const json = plain.rawPayload.toString("utf8");
    expect(JSON.parse(json)).toHaveLength(PRODUCTS);
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(json);
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(json);

    const sizes = { identity: plain.rawPayload.length, br: br.rawPayload.length, gzip: gzip.rawPayload.length };
    console.info(`Catalog/Products, ${PRODUCTS} products: ${kb(sizes.identity)} JSON, ${kb(sizes.br)} brotli, ${kb(sizes.gzip)} gzip (limit ${kb(LIMIT)})`);
    expect(sizes.br).toBeLessThan(LIMIT);
    expect(sizes.gzip).toBeLessThan(LIMIT);

    // Nothing changed: the same tag (whatever the encoding) is not modified, with no body at all.
    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(gzip.headers.etag).toBe(etag);
    const again = await a.products(catalogOrderId, tomorrow(), { "accept-encoding": "br", "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // A 304 carries no length either: a keep-alive client would wait for bytes that never come.
    expect(again.headers["content-length"] ?? "0").toBe("0");
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["content-encoding"]).toBeUndefined();
  });
});
