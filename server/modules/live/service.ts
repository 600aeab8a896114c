// Live availability (issue 14): open store pages follow the quantities of one catalog over
// server-sent events. Every instance keeps one channel per catalog that has open streams. A change
// feed notice naming the catalog ("holds:<id>", "mm:<id>", "offers", or "*" when the feed was lost
// or came back) schedules ONE read of the catalog's stock a short while later (notices of a burst
// fold into it), shared by every stream of the catalog; each stream is then sent only the lines whose
// quantity changed for its buyer (a buyer's own holds count as theirs, as in Catalog/Products).
//
// Event ids are a hash of the catalog's stock and holds: the same on every instance for the same
// database state. A reconnecting EventSource sends it back as Last-Event-ID: when it still matches,
// nothing was missed ("ready"); otherwise the stream starts with a full snapshot (never a replay).
// While the feed is down every channel reads the database every `pollMs`, so nothing stale is served.
import type { ServerResponse } from "node:http";
import type { Db } from "../../../db/client.ts";
import { changeFeedFor, type ChangeFeed } from "../../../db/change-feed.ts";
import { HttpError, notFound, tooManyRequests } from "../../errors.ts";
import { loadBuyer } from "../buyers/index.ts";
import { liveCatalogOf } from "../mm/index.ts";
import { catalogsFor } from "../catalog/index.ts";
import type { FastifyReply } from "fastify";
import { liveReaderFor, type LiveReader } from "./reader.ts";
import { massMarketStock, sessionsSignedIn, wholesaleHoldsAgain, wholesaleStock } from "./repo.ts";
import { quantityFor, stateOf, type State } from "./state.ts";

export type StoreKind = "wholesale" | "mm";

export interface LiveOptions {
  /** How long notices are gathered before the one read they cause. */
  coalesceMs: number;
  /** How often channels read the database while the change feed is down. */
  pollMs: number;
  /** Comment lines that keep proxies from closing a quiet stream. */
  heartbeatMs: number;
  /** Open streams per session and instance; one more is refused with 429. */
  maxPerSession: number;
  /** Open streams per signed-in account (all its sessions) and instance; one more is refused with 429. */
  maxPerAccount: number;
  /** Open streams per client address (all its accounts) and instance; one more is refused with 429. */
  maxPerAddress: number;
  /** What EventSource waits before reconnecting (the `retry:` field). */
  retryMs: number;
}

export const LIVE_DEFAULTS: LiveOptions = { coalesceMs: 150, pollMs: 5_000, heartbeatMs: 25_000, maxPerSession: 6, maxPerAccount: 12, maxPerAddress: 60, retryMs: 3_000 };

/** A stream's first event when Last-Event-ID is not the current state: every line's quantity for the buyer. */
export interface SnapshotEvent {
  catalog: number;
  available: Record<string, number>;
}
/** Later events: the lines whose quantity changed; `refresh` when lines came or went (the list should be read again). */
export interface ChangeEvent {
  available: Record<string, number>;
  refresh?: true;
}

interface Stream {
  res: ServerResponse;
  /** Its headers and first event are out: only then do changes go to it. */
  ready: boolean;
  owner: string;
  sessionId: string;
  account: string;
  address: string;
  channel: Channel;
}

interface Channel {
  key: string;
  kind: StoreKind;
  catalogId: number;
  orderId: number;
  streams: Set<Stream>;
  state: State | null;
  /** A read in progress (the first stream's, or the coalesced one). */
  reading: Promise<State> | null;
  /** Another notice came in while reading: read again afterwards. */
  again: boolean;
  /**
   * Whether the next read must read everything (wholesale): a notice other than its holds' came in
   * (or the feed was down), or the last full read is FULL_READ_MS old. Otherwise only the holds.
   */
  full: boolean;
  /** When the last full read started (ms). */
  fullAt: number;
  timer: NodeJS.Timeout | null;
  expiry: NodeJS.Timeout | null;
}

const MAX_TIMEOUT = 2 ** 31 - 1;
/**
 * A wholesale channel's lines and terms are read again at least this often while its holds change,
 * though no notice asks for it: the combo specials running "today" change with the date alone.
 */
const FULL_READ_MS = 30_000;
/** A client this far behind is dropped: its EventSource reconnects and starts from a snapshot. */
const MAX_BUFFERED = 1 << 20;

export interface LiveFigures {
  channels: number;
  streams: number;
  reads: number;
  fanOuts: number;
  /** CPU time (user + system, µs) spent sending the events of all fan-outs. */
  fanOutCpuMicros: number;
}

/**
 * The live availability of one app instance: channels, streams and the timers behind them. One per
 * app (server/modules/live/routes.ts), closed before the app stops so shutdown never waits on a stream.
 */
export class LiveHub {
  private readonly channels = new Map<string, Channel>();
  private readonly bySession = new Map<string, Set<Stream>>();
  /** Open streams per account and per client address (their caps). */
  private readonly perAccount = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  private readonly feed: ChangeFeed;
  /** Where catalogs' stock is read: a connection of its own on PostgreSQL (reader.ts). */
  private readonly reader: LiveReader;
  private readonly unsubscribe: () => void;
  private readonly poll: NodeJS.Timeout;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly sessionChecks = new Set<string>();
  private sessionTimer: NodeJS.Timeout | null = null;
  private closed = false;
  readonly figures: LiveFigures = { channels: 0, streams: 0, reads: 0, fanOuts: 0, fanOutCpuMicros: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: LiveOptions = LIVE_DEFAULTS,
    private readonly log: { warn(obj: object, msg: string): void } = console,
  ) {
    this.feed = changeFeedFor(db);
    this.reader = liveReaderFor(db, (err) => this.log.warn({ err }, "live: reading connection lost"));
    this.unsubscribe = this.feed.subscribe((topic) => this.notice(topic));
    this.poll = setInterval(() => {
      if (!this.feed.live) for (const c of this.channels.values()) this.schedule(c, true);
    }, options.pollMs).unref();
    this.heartbeat = setInterval(() => {
      for (const c of this.channels.values()) for (const s of c.streams) this.write(s, ": keep-alive\n\n");
    }, options.heartbeatMs).unref();
  }

  get streamCount(): number {
    let n = 0;
    for (const c of this.channels.values()) n += c.streams.size;
    return n;
  }

  private notice(topic: string) {
    if (this.closed) return;
    if (topic === "*") {
      // The feed was lost or is back: anything may have changed, sign-outs included.
      for (const c of this.channels.values()) this.schedule(c, true);
      for (const id of this.bySession.keys()) this.sessionChecks.add(id);
      this.checkSessionsSoon();
      return;
    }
    const colon = topic.indexOf(":");
    const kind = colon < 0 ? topic : topic.slice(0, colon);
    const rest = topic.slice(colon + 1);
    if (kind === "offers" || (kind === "holds" && rest === "*")) {
      for (const c of this.channels.values()) if (c.kind === "wholesale") this.schedule(c, true);
    } else if (kind === "holds" || kind === "mm") {
      const c = this.channels.get(`${kind === "holds" ? "wholesale" : "mm"}:${rest}`);
      if (c) this.schedule(c);
    } else if (kind === "calendar") {
      // A date was closed or opened again: every open store reads the dates it offers again.
      for (const c of this.channels.values()) for (const s of c.streams) this.write(s, "event: calendar\ndata: {}\n\n");
    } else if (kind === "session" && this.bySession.has(rest)) {
      this.sessionChecks.add(rest);
      this.checkSessionsSoon();
    }
  }

  /** A session's notice (a sign-out, or only a touch): one query for all sessions noticed together. */
  private checkSessionsSoon() {
    if (this.sessionTimer || !this.sessionChecks.size) return;
    this.sessionTimer = setTimeout(async () => {
      const ids = [...this.sessionChecks];
      this.sessionChecks.clear();
      try {
        const alive = await sessionsSignedIn(this.db, ids);
        for (const id of ids) if (!alive.has(id)) for (const s of [...(this.bySession.get(id) ?? [])]) this.end(s, "signed-out");
      } catch (err) {
        // Unsure whether they still stand: end them; a signed-in EventSource reconnects.
        this.log.warn({ err }, "live: session check failed");
        for (const id of ids) for (const s of [...(this.bySession.get(id) ?? [])]) this.end(s);
      } finally {
        this.sessionTimer = null;
        this.checkSessionsSoon();
      }
    }, this.options.coalesceMs);
  }

  private read(c: Channel): Promise<State> {
    this.figures.reads++;
    if (c.kind === "mm") return massMarketStock(this.reader.db, c.catalogId).then(stateOf);
    const now = Date.now();
    const last = c.state;
    // Only while the feed is live: without it no "offers" notice would ask for the full read.
    if (last && !c.full && this.feed.live && now - c.fullAt < FULL_READ_MS) return wholesaleHoldsAgain(this.reader.db, c.catalogId, last).then(stateOf);
    c.full = false;
    c.fullAt = now;
    return wholesaleStock(this.reader.db, c.catalogId).then(stateOf, (err: unknown) => {
      c.full = true;
      throw err;
    });
  }

  /** Reads the channel again soon; `full`: more than its holds may have changed. */
  private schedule(c: Channel, full = false) {
    if (full) c.full = true;
    if (c.timer || this.closed) return;
    if (c.reading) {
      c.again = true;
      return;
    }
    c.timer = setTimeout(() => {
      c.timer = null;
      void this.refresh(c);
    }, this.options.coalesceMs);
  }

  /** Reads the catalog again and sends each stream what changed for it. */
  private async refresh(c: Channel) {
    if (!this.channels.has(c.key)) return;
    c.again = false;
    const reading = (c.reading = this.read(c));
    let next: State;
    try {
      next = await reading;
    } catch (err) {
      // No answer from the database: never leave numbers standing that may be wrong. The clients
      // reconnect (and get 503 until the database is back).
      this.log.warn({ err }, "live: reading a catalog failed; its streams are closed");
      c.reading = null;
      for (const s of [...c.streams]) this.end(s);
      return;
    } finally {
      if (c.reading === reading) c.reading = null;
    }
    const before = c.state;
    c.state = next;
    this.armExpiry(c);
    if (before && before.id !== next.id) this.fanOut(c, before, next);
    if (c.again) this.schedule(c);
  }

  /** A hold lapsing changes the quantities with no notice: read again when the soonest one does. */
  private armExpiry(c: Channel) {
    if (c.expiry) clearTimeout(c.expiry);
    c.expiry = null;
    const until = c.state?.until ?? Infinity;
    if (until === Infinity) return;
    c.expiry = setTimeout(() => {
      c.expiry = null;
      this.schedule(c);
    }, Math.min(MAX_TIMEOUT, Math.max(0, until - Date.now()) + 20)).unref();
  }

  private fanOut(c: Channel, before: State, next: State) {
    const started = process.cpuUsage();
    this.figures.fanOuts++;
    const heldBefore = before.held;
    const heldNext = next.held;
    // Lines whose quantity changed for a buyer holding none of them, and whether lines came or went.
    const changed = new Set<string>();
    let refresh = false;
    for (const [p, base] of next.base) {
      const old = before.base.get(p);
      if (old === undefined) refresh = true;
      else if (old - (heldBefore.get(p) ?? 0) !== base - (heldNext.get(p) ?? 0)) changed.add(p);
    }
    for (const p of before.base.keys()) if (!next.base.has(p)) refresh = true;
    // Prices, specials or today's combo specials moved: the page reads its list (and combos) again.
    if (before.terms !== next.terms) refresh = true;
    // A buyer's own holds moved: its lines may read differently for that buyer alone.
    const ownMoved = (owner: string): string[] => {
      const a = before.holds.get(owner);
      const b = next.holds.get(owner);
      const ps = new Set([...(a?.keys() ?? []), ...(b?.keys() ?? [])]);
      return [...ps].filter((p) => (a?.get(p) ?? 0) !== (b?.get(p) ?? 0));
    };
    const payloads = new Map<string, string | null>();
    const payloadFor = (owner: string): string | null => {
      // Buyers holding nothing on this catalog, before or after, all read the same numbers.
      const key = before.holds.has(owner) || next.holds.has(owner) ? owner : "";
      if (payloads.has(key)) return payloads.get(key)!;
      const lines = new Set(changed);
      if (key) for (const p of ownMoved(owner)) lines.add(p);
      const available: Record<string, number> = {};
      let any = false;
      for (const p of lines) {
        const now = quantityFor(next, owner, p);
        if (now === undefined || now === quantityFor(before, owner, p)) continue;
        available[p] = now;
        any = true;
      }
      const event: ChangeEvent = refresh ? { available, refresh } : { available };
      const text = any || refresh ? `id: ${next.id}\nevent: change\ndata: ${JSON.stringify(event)}\n\n` : `id: ${next.id}\n\n`;
      payloads.set(key, text);
      return text;
    };
    for (const s of c.streams) {
      const text = payloadFor(s.owner);
      if (text) this.write(s, text);
    }
    const used = process.cpuUsage(started);
    this.figures.fanOutCpuMicros += used.user + used.system;
  }

  /** The channel of a catalog, made on its first stream. */
  private channelOf(kind: StoreKind, catalogId: number, orderId: number): Channel {
    const key = `${kind}:${catalogId}`;
    let c = this.channels.get(key);
    if (!c) {
      c = { key, kind, catalogId, orderId, streams: new Set(), state: null, reading: null, again: false, full: true, fullAt: 0, timer: null, expiry: null };
      this.channels.set(key, c);
      this.figures.channels = this.channels.size;
    }
    return c;
  }

  /** The channel's current state for a new stream: its last read while the feed is live, else a new read. */
  private async current(c: Channel): Promise<State> {
    if (c.reading) return c.reading;
    if (c.state && this.feed.live) {
      await this.feed.settle(); // this process's own writes are noticed first
      return c.state;
    }
    const reading = (c.reading = this.read(c));
    try {
      c.state = await reading;
      this.armExpiry(c);
      if (c.again) {
        c.again = false;
        this.schedule(c);
      }
      return c.state;
    } finally {
      if (c.reading === reading) c.reading = null;
    }
  }

  /**
   * Opens a stream on `res` for a buyer (owner "user|customer|retailer") of a checked catalog. Throws
   * (before anything is written) 429 past the session's, the account's or the address's cap, or the
   * database's error.
   */
  async open(
    reply: FastifyReply,
    who: { owner: string; sessionId: string; account: string; address: string; lastEventId?: string },
    catalog: { kind: StoreKind; id: number; orderId: number },
  ): Promise<void> {
    const o = this.options;
    const mine = this.bySession.get(who.sessionId);
    if ((mine?.size ?? 0) >= o.maxPerSession) {
      throw tooManyRequests(`At most ${o.maxPerSession} live availability streams per session are open at once. Close another store tab and try again.`);
    }
    if ((this.perAccount.get(who.account) ?? 0) >= o.maxPerAccount) {
      throw tooManyRequests(`At most ${o.maxPerAccount} live availability streams per account are open at once. Close store tabs on another device and try again.`);
    }
    if ((this.perAddress.get(who.address) ?? 0) >= o.maxPerAddress) {
      throw tooManyRequests(`At most ${o.maxPerAddress} live availability streams per network address are open at once. Close some store tabs and try again.`);
    }
    if (this.closed) throw new HttpError(503, "The server is restarting. Please try again.");
    const res = reply.raw;
    const c = this.channelOf(catalog.kind, catalog.id, catalog.orderId);
    const stream: Stream = { res, ready: false, owner: who.owner, sessionId: who.sessionId, account: who.account, address: who.address, channel: c };
    // Counted before the first read, so concurrent opens cannot pass a cap together.
    c.streams.add(stream);
    this.perAccount.set(who.account, (this.perAccount.get(who.account) ?? 0) + 1);
    this.perAddress.set(who.address, (this.perAddress.get(who.address) ?? 0) + 1);
    let set = this.bySession.get(who.sessionId);
    if (!set) this.bySession.set(who.sessionId, (set = new Set()));
    set.add(stream);
    let state: State;
    try {
      state = await this.current(c);
    } catch (err) {
      this.forget(stream);
      throw err;
    }
    if (this.closed || !c.streams.has(stream)) {
      // Shut down or signed out while reading: answered as any request would be.
      this.forget(stream);
      throw this.closed ? new HttpError(503, "The server is restarting. Please try again.") : new HttpError(401, "Please sign in.");
    }
    if (res.destroyed) return this.forget(stream);
    const headers = reply.getHeaders() as Record<string, string>;
    reply.hijack();
    res.writeHead(200, {
      ...headers,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
      connection: "keep-alive",
    });
    res.on("close", () => this.forget(stream));
    let first: string;
    if (who.lastEventId === state.id) first = `id: ${state.id}\nevent: ready\ndata: {}\n\n`;
    else {
      const available: Record<string, number> = {};
      for (const p of state.base.keys()) available[p] = quantityFor(state, who.owner, p)!;
      const event: SnapshotEvent = { catalog: catalog.orderId, available };
      first = `id: ${state.id}\nevent: snapshot\ndata: ${JSON.stringify(event)}\n\n`;
    }
    stream.ready = true;
    this.write(stream, `retry: ${this.options.retryMs}\n\n${first}`);
  }

  private write(s: Stream, text: string) {
    if (!s.ready) return;
    if (s.res.destroyed || s.res.writableEnded) return this.forget(s);
    if (s.res.writableLength > MAX_BUFFERED) return this.end(s);
    s.res.write(text);
  }

  /** Ends a stream; `reason` goes out as a last event so the page can tell a sign-out from a restart. */
  private end(s: Stream, reason?: string) {
    this.forget(s);
    if (s.res.writableEnded || s.res.destroyed || !s.ready) return;
    if (reason) s.res.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    s.res.end();
  }

  private forget(s: Stream) {
    const c = s.channel;
    // forget() may run more than once for a stream (a close after an end): count it down once.
    if (!c.streams.delete(s)) return;
    const down = (m: Map<string, number>, key: string) => {
      const n = (m.get(key) ?? 1) - 1;
      if (n > 0) m.set(key, n);
      else m.delete(key);
    };
    down(this.perAccount, s.account);
    down(this.perAddress, s.address);
    const set = this.bySession.get(s.sessionId);
    set?.delete(s);
    if (set && !set.size) this.bySession.delete(s.sessionId);
    if (!c.streams.size && this.channels.get(c.key) === c) {
      this.channels.delete(c.key);
      if (c.timer) clearTimeout(c.timer);
      if (c.expiry) clearTimeout(c.expiry);
      c.timer = c.expiry = null;
      this.figures.channels = this.channels.size;
    }
  }

  /** Ends every stream (server shutdown: EventSource reconnects to another instance) and stops the timers. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.poll);
    clearInterval(this.heartbeat);
    if (this.sessionTimer) clearTimeout(this.sessionTimer);
    for (const c of [...this.channels.values()]) for (const s of [...c.streams]) this.end(s, "shutdown");
    this.unsubscribe();
    await Promise.all([this.feed.release(), this.reader.close()]);
  }
}

/** Who asks for a stream, as the guard checked them. */
interface Asker {
  userId: string;
  customerId: string;
  sessionId: string;
  /** The signed-in account (its streams share one cap over all its sessions). */
  account: string;
  /** The client's address as the app reads it (behind TRUST_PROXY, from X-Forwarded-For). */
  address: string;
  catalogOrderId: number;
  date: string;
  lastEventId?: string;
}

/**
 * The live availability of an app: the hub, and the two stores' ways in. Each checks the catalog as
 * its store's product list does (a buyer may only follow a catalog they may read) before streaming.
 */
export function liveStreams(db: Db, log: { warn(obj: object, msg: string): void }, options: LiveOptions = LIVE_DEFAULTS) {
  const hub = new LiveHub(db, options, log);
  return {
    hub,
    async wholesale(reply: FastifyReply, a: Asker & { retailerId: number }) {
      const buyer = await loadBuyer(db, a.customerId, a.retailerId);
      const catalog = (await catalogsFor(db, buyer, a.date)).find((c) => c.orderId === a.catalogOrderId);
      if (!catalog) throw notFound(`Catalog ${a.catalogOrderId} is not offered for ${a.date}.`);
      await hub.open(reply, { owner: `${a.userId}|${a.customerId}|${a.retailerId}`, sessionId: a.sessionId, account: a.account, address: a.address, lastEventId: a.lastEventId }, { kind: "wholesale", id: catalog.id, orderId: catalog.orderId });
    },
    async massMarket(reply: FastifyReply, a: Asker) {
      const catalog = await liveCatalogOf(db, { userId: a.userId, customerId: a.customerId }, a.date, a.catalogOrderId);
      await hub.open(reply, { owner: `${a.userId}|${a.customerId}|0`, sessionId: a.sessionId, account: a.account, address: a.address, lastEventId: a.lastEventId }, { kind: "mm", id: catalog.id, orderId: catalog.orderId });
    },
    close: () => hub.close(),
  };
}
