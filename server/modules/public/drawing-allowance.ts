/**
 * How many pictures each client address may have this instance draw in a window. Pictures are drawn
 * on demand in any colour asked for and kept; a kept picture costs nothing to send, a new one about
 * 12 ms of the instance's one thread. Our pages need a few hundred distinct pictures in all, so the
 * allowance never touches a visitor, while one address asking for colours no page uses can take at
 * most `perWindow` drawings' time a window. It meters the instance's own CPU, so it lives in the
 * instance's memory (each instance draws, and keeps, its own pictures); spreading a flood over many
 * addresses is for the edge's rate limiting.
 */
export class DrawingAllowance {
  private readonly used = new Map<string, { until: number; count: number }>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
    /** Addresses remembered at most; the longest-known is forgotten first. */
    private readonly maxAddresses = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes `drawings` from the address's allowance. 0 when granted (and always for 0 drawings: a
   * kept picture is never refused), else the whole seconds until the address's window renews.
   */
  take(address: string, drawings: number): number {
    if (drawings <= 0) return 0;
    const t = this.now();
    let entry = this.used.get(address);
    if (!entry || entry.until <= t) {
      this.used.delete(address);
      if (this.used.size >= this.maxAddresses) this.used.delete(this.used.keys().next().value!);
      entry = { until: t + this.windowMs, count: 0 };
      this.used.set(address, entry);
    }
    if (entry.count + drawings > this.perWindow) return Math.max(1, Math.ceil((entry.until - t) / 1000));
    entry.count += drawings;
    return 0;
  }

  /** How many addresses are remembered. */
  get size() {
    return this.used.size;
  }
}
