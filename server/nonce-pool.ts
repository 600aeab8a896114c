import { randomBytes } from "node:crypto";

/**
 * Fresh random nonces (16 bytes, base64) cut from a buffer of random bytes refilled 256 nonces at a
 * time: the same generator as randomBytes(16) per response, without a call into it per response.
 * Every nonce is used once: the pool never hands out the same bytes twice.
 */
export function noncePool(bytes = 16, batch = 256) {
  let pool = Buffer.alloc(0);
  let at = 0;
  return {
    next(): string {
      if (at + bytes > pool.length) {
        pool = randomBytes(bytes * batch);
        at = 0;
      }
      const nonce = pool.toString("base64", at, at + bytes);
      at += bytes;
      return nonce;
    },
  };
}
