/**
 * The last rows read from IndexedDB, by id (least recently used dropped first). Typing a search
 * shows mostly the same first products keystroke after keystroke: from here they come without
 * an IndexedDB round trip. Pulls drop the ids they change.
 */

/** Rows kept: a few pages of every size, a small share of a large catalog. */
export const ROW_CACHE_SIZE = 2_000;

export class RowCache<T> {
  private readonly rows = new Map<number, T>();
  /** Moves with every drop: a read that started before one must not be kept. */
  epoch = 0;

  constructor(private readonly capacity = ROW_CACHE_SIZE) {}

  get(id: number): T | undefined {
    const row = this.rows.get(id);
    if (row !== undefined) {
      // Most recently used goes last (Map keeps insertion order).
      this.rows.delete(id);
      this.rows.set(id, row);
    }
    return row;
  }

  set(id: number, row: T): void {
    this.rows.delete(id);
    this.rows.set(id, row);
    if (this.rows.size > this.capacity) this.rows.delete(this.rows.keys().next().value!);
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
