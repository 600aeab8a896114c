// A small cache of the speed kit (server/hot): the catalogue rows the store's answers are made of, the colour
// sheets the public pictures draw.

/**
 * Values keyed by a tag naming everything they depend on (so never stale), each built once however
 * many ask at the same time; the `max` most recently used are kept, a failed build is not.
 */
export class TaggedCache<V> {
  private readonly entries = new Map<string, Promise<V>>();
  constructor(private readonly max: number) {}

  get size() {
    return this.entries.size;
  }

  /** Whether the tag is kept or being built. */
  has(tag: string): boolean {
    return this.entries.has(tag);
  }

  getOrBuild(tag: string, build: () => Promise<V>): Promise<V> {
    const known = this.entries.get(tag);
    if (known) {
      this.entries.delete(tag);
      this.entries.set(tag, known);
      return known;
    }
    const pending = build();
    this.entries.set(tag, pending);
    pending.catch(() => {
      if (this.entries.get(tag) === pending) this.entries.delete(tag);
    });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }
}
