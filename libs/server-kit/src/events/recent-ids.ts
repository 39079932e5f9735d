/**
 * A bounded set of the most recently seen ids, oldest dropped first. Kafka has
 * no unique key, so a batch a relay sent twice (it crashed before marking it
 * published) arrives twice; this drops such repeats within one consumer's
 * lifetime, and the consumers' processed_events table covers the rest.
 */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity: number) {
    if (capacity < 1) throw new Error('RecentIds needs a capacity of at least 1');
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string): void {
    if (this.ids.has(id)) return;
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      // A Set iterates in insertion order: the first entry is the oldest.
      const oldest = this.ids.values().next().value as string;
      this.ids.delete(oldest);
    }
  }

  get size(): number {
    return this.ids.size;
  }
}
