import net from "node:net";

/**
 * What this process's sockets write while `fn` runs: each network write's bytes, as latin1 text (a
 * PostgreSQL connection's messages, with statement names and texts readable). A count of round trips,
 * not a time: tests may assert which statements go out together.
 */
export async function writesDuring<T>(fn: () => Promise<T>): Promise<{ result: T; writes: string[] }> {
  const proto = net.Socket.prototype as unknown as Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
  const original = { _write: proto._write, _writev: proto._writev };
  const writes: string[] = [];
  proto._write = function (this: net.Socket, ...args: unknown[]) {
    writes.push(Buffer.from(args[0] as Buffer).toString("latin1"));
    return original._write.apply(this, args);
  };
  proto._writev = function (this: net.Socket, ...args: unknown[]) {
    writes.push((args[0] as { chunk: Buffer }[]).map((c) => Buffer.from(c.chunk).toString("latin1")).join(""));
    return original._writev.apply(this, args);
  };
  try {
    return { result: await fn(), writes };
  } finally {
    Object.assign(proto, original);
  }
}
