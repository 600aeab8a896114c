import { brotliCompress, constants, gzip } from "node:zlib";
import { promisify } from "node:util";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export type Encoding = "br" | "gzip" | "identity";

/** One answer: its JSON, and its bytes in each encoding once asked for. */
export interface AnswerEntry {
  json: string;
  /** The JSON's UTF-8 bytes, made once: a string body is encoded and measured again on every send. */
  utf8?: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
  /** The compressed bytes once made: what can be sent without waiting (the front door sends only these). */
  made?: { br?: Buffer; gzip?: Buffer };
}

/**
 * Serialised (and compressed) answers keyed by their ETag. The ETag is a hash of everything the
 * answer depends on, so an entry can never be stale: a change makes a new tag. This is a cache only —
 * losing it, or running several instances each with their own, changes speed, never results.
 */
export class AnswerCache {
  private readonly entries = new Map<string, AnswerEntry>();
  private readonly building = new Map<string, Promise<AnswerEntry>>();
  /** Characters of JSON kept (a 5,000-product answer is ~3 MB; its UTF-8 bytes and compressed forms, made when first asked, come on top). */
  private chars = 0;
  /**
   * At most `max` answers and `maxChars` characters of JSON, least recently used dropped first: the
   * memory stays bounded by bytes, not only by count, however big the catalogues. An answer bigger
   * than the whole budget is still handed out, just not kept.
   */
  constructor(
    private readonly max = 24,
    private readonly maxChars = 32 * 1024 * 1024,
  ) {}

  /** How many answers, and how many characters of JSON, are kept. */
  get size() {
    return { entries: this.entries.size, chars: this.chars };
  }

  get(etag: string): AnswerEntry | undefined {
    const e = this.entries.get(etag);
    if (e) {
      // Map keeps insertion order: re-inserting makes it the most recently used.
      this.entries.delete(etag);
      this.entries.set(etag, e);
    }
    return e;
  }

  /** The entry of `etag`, built once however many requests ask for it at the same time. */
  async getOrBuild(etag: string, build: () => Promise<string>): Promise<AnswerEntry> {
    const known = this.get(etag);
    if (known) return known;
    let pending = this.building.get(etag);
    if (!pending) {
      pending = build()
        .then((json) => this.set(etag, json))
        .finally(() => this.building.delete(etag));
      this.building.set(etag, pending);
    }
    return pending;
  }

  set(etag: string, json: string): AnswerEntry {
    const e: AnswerEntry = { json };
    this.drop(etag);
    if (json.length > this.maxChars) return e;
    this.entries.set(etag, e);
    this.chars += json.length;
    while (this.entries.size > this.max || this.chars > this.maxChars) this.drop(this.entries.keys().next().value!);
    return e;
  }

  private drop(etag: string) {
    const e = this.entries.get(etag);
    if (!e) return;
    this.entries.delete(etag);
    this.chars -= e.json.length;
  }

  /** The body in the requested encoding, compressed once per entry and encoding. */
  async body(entry: AnswerEntry, encoding: Encoding): Promise<Buffer> {
    entry.utf8 ??= Buffer.from(entry.json);
    if (encoding === "br") return (entry.br ??= brotli(entry.utf8, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).then((b) => keepMade(entry, "br", b)));
    if (encoding === "gzip") return (entry.gzip ??= gz(entry.utf8, { level: 6 }).then((b) => keepMade(entry, "gzip", b)));
    return entry.utf8;
  }

  /** The body in the requested encoding if it is already made (never compresses): for answers that cannot wait. */
  static bodyNow(entry: AnswerEntry, encoding: Encoding): Buffer | undefined {
    if (encoding === "identity") return (entry.utf8 ??= Buffer.from(entry.json));
    return entry.made?.[encoding];
  }
}

function keepMade(entry: AnswerEntry, encoding: "br" | "gzip", bytes: Buffer): Buffer {
  (entry.made ??= {})[encoding] = bytes;
  return bytes;
}

/** Accept-Encoding headers already worked out: clients send the same few values again and again. */
const negotiated = new Map<string, Encoding>();
const NEGOTIATED_KEPT = 64;
const NEGOTIATED_HEADER_MAX = 200;

/** The best encoding the client accepts among brotli and gzip (q=0 refuses). */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  if (typeof header !== "string") return negotiate(header);
  const known = negotiated.get(header);
  if (known !== undefined) return known;
  const encoding = negotiate(header);
  if (header.length <= NEGOTIATED_HEADER_MAX) {
    if (negotiated.size >= NEGOTIATED_KEPT) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

function negotiate(header: string | string[] | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}
