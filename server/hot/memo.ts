/**
 * Values made from nothing that changes (a drawing of a picture in given colours, a rendered card):
 * each made once and kept, the `max` most recently used at most, the least recently used dropped first.
 */
export class Memo<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}

  get size() {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The kept value of `key`, or undefined, leaving the order of use as it is (for counting what a request would cost). */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** The kept value of `key` (now the most recently used), or undefined. */
  get(key: string): V | undefined {
    const v = this.entries.get(key);
    if (v !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, v);
    }
    return v;
  }

  /** The value of `key`, made by `make` and kept when it is not kept yet (a null from `make` is not kept). */
  getOrMake<R extends V | null>(key: string, make: () => R): V | R {
    const known = this.get(key);
    if (known !== undefined) return known;
    const made = make();
    if (made !== null) {
      this.entries.set(key, made as V);
      while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    }
    return made;
  }
}
