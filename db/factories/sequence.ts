// One counter for every factory, so ids never collide however many rows a test inserts.
let current = 0;

export function nextSeq(): number {
  current += 1;
  return current;
}

/** Zero-padded sequence number for codes such as customer ids and SKUs. */
export function nextCode(prefix: string, width = 4): string {
  return `${prefix}${String(nextSeq()).padStart(width, "0")}`;
}
