/**
 * The last rows read from IndexedDB, by id (least recently used dropped first: the shared
 * LruCache). Typing a search shows mostly the same first products keystroke after keystroke:
 * from here they come without an IndexedDB round trip. Pulls drop the ids they change.
 */
import { LruCache } from '@catalog/contracts/lru-cache';

/** Rows kept: a few pages of every size, a small share of a large catalog. */
export const ROW_CACHE_SIZE = 2_000;

export class RowCache<T> {
  private readonly rows: LruCache<number, T>;
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

  delete(ids: Iterable<number>): void {
    this.epoch++;
    for (const id of ids) this.rows.delete(id);
  }

  clear(): void {
    this.epoch++;
    this.rows.clear();
  }
}
