import zlib from "node:zlib";

/**
 * Response compression (@fastify/compress). Brotli's default quality (11) costs ~1 s of CPU on a
 * 5,000-product catalogue; 4 is nearly as small and over a hundred times cheaper, so it is the
 * default. Pages (server/ssr.ts) use 6: a public page is ~50-75 KB of HTML with its CSS inline,
 * compressed in 1-2 ms at 6, and 6 takes ~10 % off what 4 makes of it, which helps keep a page
 * within the ~14 KB a new connection delivers in its first round trip.
 */
export function compressOptions(brotliQuality: number) {
  return {
    threshold: COMPRESS_THRESHOLD,
    encodings: ["br", "gzip", "deflate"] as ("br" | "gzip" | "deflate")[],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
    zlibOptions: { level: 6 },
  };
}

/** Answers smaller than this are sent as they are (the front door answers only those). */
export const COMPRESS_THRESHOLD = 1024;
export const DEFAULT_BROTLI_QUALITY = 4;
export const PAGE_BROTLI_QUALITY = 6;
