// A server-sent events client for tests (not a test file itself): opens a stream over HTTP, parses
// its events, and waits for the one a test expects (no timers in assertions: `next` waits for an event).
import http from "node:http";

export interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a refused request (status other than 200). */
  body: string;
  events: SseEvent[];
  comments: number;
  /** Resolves with the first event (already received or to come) that `match` accepts, after `from`. */
  next(match: (e: SseEvent) => boolean, from?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` (a full http URL) with these headers; resolves once the status is known. */
export function openSse(url: string, headers: Record<string, string> = {}, waitMs = 30_000): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: "text/event-stream", ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const waiting: { match: (e: SseEvent) => boolean; from: number; resolve: (e: SseEvent) => void }[] = [];
      let buffer = "";
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: "",
        events,
        comments: 0,
        next(match, from = 0) {
          const found = events.slice(from).find(match);
          if (found) return Promise.resolve(found);
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no matching event within ${waitMs} ms; got ${JSON.stringify(events)}`)), waitMs);
            waiting.push({ match, from, resolve: (e) => (clearTimeout(timer), ok(e)) });
          });
        },
        ended,
        close: () => req.destroy(),
      };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (stream.status !== 200) {
          stream.body += chunk;
          return;
        }
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = "message";
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) stream.comments++;
            else if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("id: ")) id = line.slice(4);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (!data.length) continue; // retry, comments and id-only blocks dispatch nothing
          const e: SseEvent = { event, id, data: JSON.parse(data.join("\n")) };
          events.push(e);
          for (const w of [...waiting]) {
            if (events.indexOf(e) >= w.from && w.match(e)) {
              waiting.splice(waiting.indexOf(w), 1);
              w.resolve(e);
            }
          }
        }
      });
      res.on("end", endedResolve);
      res.on("close", endedResolve);
      if (stream.status !== 200) res.on("end", () => resolve(stream));
      else resolve(stream);
    });
    req.on("error", reject);
  });
}
