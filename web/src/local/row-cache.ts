/**
 * The last rows read from IndexedDB, by id (least recently used dropped first: the shared
 * LruCache). Typing a search shows mostly the same first products keystroke after keystroke:
 * from here they come without an IndexedDB round trip. Pulls drop the ids they change. The reads
 * under way are known by id too: a keystroke whose rows the read-ahead is reading already waits
 * for that read rather than queueing a second one behind it.
 */
import { LruCache } from '@catalog/contracts/lru-cache';

/** Rows kept: a few pages of every size, a small share of a large catalog. */
export const ROW_CACHE_SIZE = 2_000;

export class RowCache<T> {
  private readonly rows: LruCache<number, T>;
  private readonly reads = new Map<number, Promise<T | undefined>>();
  /** Moves with every drop: a read that started before one must not be kept. */
  epoch = 0;

  constructor(capacity = ROW_CACHE_SIZE) {
    this.rows = new LruCache({ maxEntries: capacity });
  }

  get(id: number): T | undefined {
    return this.rows.get(id);
  }

  set(id: number, row: T): void {
    this.rows.set(id, row);
  }

  /** The read under way of row `id` (undefined once it has settled); it resolves to undefined for no such row, and fails as the read does. */
  reading(id: number): Promise<T | undefined> | undefined {
    return this.reads.get(id);
  }

  /** Makes `read` (the rows of `ids`, by id) the read under way of each of `ids` until it settles. */
  track(ids: readonly number[], read: Promise<ReadonlyMap<number, T>>): void {
    for (const id of ids) {
      const one = read.then((rows) => rows.get(id));
      this.reads.set(id, one);
      const settled = () => {
        if (this.reads.get(id) === one) this.reads.delete(id);
      };
      one.then(settled, settled);
    }
  }

  delete(ids: Iterable<number>): void {
    this.epoch++;
    for (const id of ids) {
      this.rows.delete(id);
      this.reads.delete(id);
    }
  }

  clear(): void {
    this.epoch++;
    this.rows.clear();
    this.reads.clear();
  }
}
