/** The device's row cache: capacity in rows, least recently used first out, drops move the epoch. */
import { describe, expect, it } from 'vitest';
import { RowCache } from './row-cache';

describe('RowCache', () => {
  it('keeps at most its capacity, dropping the row read longest ago', () => {
    const rows = new RowCache<string>(2);
    rows.set(1, 'a');
    rows.set(2, 'b');
    expect(rows.get(1)).toBe('a'); // 2 is now the oldest
    rows.set(3, 'c');
    expect([rows.get(1), rows.get(2), rows.get(3)]).toEqual(['a', undefined, 'c']);
  });

  it('drops the ids a pull changed, and everything on clear, moving the epoch each time', () => {
    const rows = new RowCache<string>();
    rows.set(1, 'a');
    rows.set(2, 'b');
    rows.delete([1]);
    expect([rows.get(1), rows.get(2), rows.epoch]).toEqual([undefined, 'b', 1]);
    rows.clear();
    expect([rows.get(2), rows.epoch]).toEqual([undefined, 2]);
  });

  it('knows the reads under way by id until they settle, and forgets those of rows a pull changed', async () => {
    const rows = new RowCache<string>();
    let finish!: (rows: Map<number, string>) => void;
    rows.track([1, 2, 3], new Promise((resolve) => (finish = resolve)));
    const one = rows.reading(1);
    const three = rows.reading(3);
    rows.delete([2]);
    expect(rows.reading(2)).toBeUndefined();
    expect(rows.reading(4)).toBeUndefined();
    finish(new Map([[1, 'a'], [2, 'b']]));
    expect([await one, await three]).toEqual(['a', undefined]);
    expect(rows.reading(1)).toBeUndefined();

    rows.track([5], Promise.reject(new Error('closed')));
    await expect(rows.reading(5)).rejects.toThrow('closed');
    expect(rows.reading(5)).toBeUndefined();
  });
});
