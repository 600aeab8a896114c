// Drawing a PDF is synchronous CPU (pdfkit, bwip-js): a few at once on one instance would hold the
// event loop long enough for /healthz and every other request to wait. Renders of one kind go
// through a queue that runs `concurrency` at a time and lets the event loop breathe between them;
// a queue that is already long answers 429 at once rather than making callers wait for seconds.
import { tooManyRequests } from "../errors.ts";

export class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Renders started since the process began (tests read it to tell a cache hit from a render). */
  renders = 0;

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  get pending() {
    return this.running + this.waiting.length;
  }

  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw tooManyRequests("Too many documents are being drawn right now: please try again in a few seconds.");
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      // Start on a fresh turn of the event loop, after whatever I/O is due (a health check).
      await new Promise((resolve) => setImmediate(resolve));
      this.renders++;
      return await render();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
