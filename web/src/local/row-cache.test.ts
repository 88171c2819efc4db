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
});
