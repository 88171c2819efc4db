/**
 * The one least-recently-used cache of the code base, on the server (token and user caches,
 * product list pages, search indexes) and on the device (rows read from IndexedDB): bounded by
 * entry count and by a total "weight" (what an entry costs in memory, e.g. ids held). A Map keeps
 * insertion order, so re-inserting on a hit makes the first key the least recently used one.
 * Not a contract, but code both sides run lives in this package (imported by path, not from the
 * package's entry).
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(private readonly limits: { maxEntries: number; maxWeight?: number }) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value`; one heavier than the whole budget is not kept. */
  set(key: K, value: V, weight = 1): void {
    this.delete(key);
    const maxWeight = this.limits.maxWeight ?? Infinity;
    if (weight > maxWeight) return;
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.totalWeight <= maxWeight) break;
      this.entries.delete(oldest);
      this.totalWeight -= entry.weight;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
  }
}
