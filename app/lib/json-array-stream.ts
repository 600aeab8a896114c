/**
 * A JSON array read as its bytes arrive: the elements whose text is complete are parsed (JSON.parse,
 * a batch at a time) at each chunk, without waiting for the end of the answer. The store's 5,000
 * products are 3.3 MB of JSON: read whole (Response.json()), the first of them could not be shown
 * before the last byte was in, and parsing them all was one task of about 100 ms on a slow machine
 * (issue 30). Read this way the first screen of products is parsed from the answer's first chunks,
 * and the parsing is spread over the chunks as they come.
 *
 * Only the array's top level is split: the text is scanned once, keeping track of strings (and their
 * escapes) and of nesting, for the commas between top-level elements. Each batch is parsed by
 * JSON.parse itself, so what is accepted is exactly what JSON.parse accepts.
 */
const AFTER_END = "Unexpected text after the end of the JSON array";

export class JsonArraySplitter {
  /** Text not parsed yet: from the start of an element (or white space before the array's bracket). */
  private pending = "";
  /** Where the scan goes on in `pending`. */
  private scanned = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private opened = false;
  private closed = false;

  /** The elements completed by `text` (the next piece of the answer, in order). */
  push(text: string): unknown[] {
    if (this.closed) {
      if (text.trim() !== "") throw new SyntaxError(AFTER_END);
      return [];
    }
    this.pending += text;
    if (!this.opened) {
      // Before the array: only white space, then its bracket; the elements start after it.
      const start = this.pending.search(/\S/);
      if (start < 0) return [];
      if (this.pending[start] !== "[") throw new TypeError("expected a list");
      this.opened = true;
      this.depth = 1;
      this.pending = this.pending.slice(start + 1);
    }
    let cut = -1;
    let backslash = -2;
    const s = this.pending;
    for (let i = this.scanned; i < s.length; i++) {
      if (this.inString) {
        // Most of the text is inside strings: jump to the next quote, and to the next after it
        // while it is escaped (an odd run of backslashes before it, which may have begun in an
        // earlier piece: `escaped`).
        if (this.escaped) {
          this.escaped = false;
          continue;
        }
        const quote = s.indexOf('"', i);
        // The next backslash, looked for again only once passed (-1: none left in the text).
        if (backslash !== -1 && backslash < i) backslash = s.indexOf("\\", i);
        if (backslash >= 0 && (quote < 0 || backslash < quote)) {
          // An escape first: skip the character it escapes (it may be in the next piece).
          i = backslash;
          this.escaped = true;
          continue;
        }
        if (quote < 0) {
          i = s.length;
          break;
        }
        i = quote;
        this.inString = false;
        continue;
      }
      const c = s.charCodeAt(i);
      if (c === 34) this.inString = true;
      else if (c === 123 /* { */ || c === 91 /* [ */) this.depth++;
      else if (c === 125 /* } */ || c === 93 /* ] */) {
        this.depth--;
        if (this.depth === 0) {
          // The array's end: every element before it is complete.
          const last = s.slice(0, i);
          if (s.slice(i + 1).trim() !== "") throw new SyntaxError(AFTER_END);
          this.closed = true;
          this.pending = "";
          this.scanned = 0;
          return last.trim() === "" ? [] : (JSON.parse(`[${last}]`) as unknown[]);
        }
      } else if (c === 44 /* , */ && this.depth === 1) cut = i;
    }
    if (cut < 0) {
      this.scanned = s.length;
      return [];
    }
    // The elements before the last top-level comma are complete; the rest waits for more text.
    const done = s.slice(0, cut);
    this.pending = s.slice(cut + 1);
    this.scanned = this.pending.length;
    return JSON.parse(`[${done}]`) as unknown[];
  }

  /** Called when the answer has ended: throws if the array was not closed. */
  end(): void {
    if (!this.closed) throw new SyntaxError(this.opened ? "Unexpected end of the JSON array" : "expected a list");
  }
}

/** Characters split and parsed at a time: about a hundred of the store's products, a few ms. */
const SLICE = 64 * 1024;

/**
 * The elements of a JSON array answer, batch by batch as its chunks arrive (see JsonArraySplitter).
 * A chunk that completes no element gives no batch.
 */
export async function* jsonArrayBatches(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const splitter = new JsonArraySplitter();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A fast connection hands over megabytes at once: they are split and parsed a slice at a time,
      // each slice's elements given before the next is parsed (the first screen's rows from the
      // first slice, and no one long task for the whole answer).
      for (let at = 0; at < text.length; at += SLICE) {
        const batch = splitter.push(text.slice(at, at + SLICE));
        if (batch.length > 0) yield batch;
      }
      if (done) break;
    }
    finished = true;
    splitter.end();
  } finally {
    // Left before its end (the list is no longer wanted, or did not parse): the download stops too.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
