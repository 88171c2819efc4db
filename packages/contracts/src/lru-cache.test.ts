/** LruCache: what is evicted first, the weight budget, replacing and clearing. */
import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('evicts the least recently used entry when over the entry limit', () => {
    const cache = new LruCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // 'b' is now the oldest
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([1, 3, 2]);
  });

  it('keeps the total weight within budget and never keeps an entry heavier than it', () => {
    const cache = new LruCache<string, string>({ maxEntries: 10, maxWeight: 100 });
    cache.set('a', 'x', 60);
    cache.set('b', 'y', 30);
    cache.set('c', 'z', 30); // 120 > 100: 'a' goes
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'y', 'z']);
    cache.set('huge', 'w', 101);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('replaces an entry under the same key without counting it twice', () => {
    const cache = new LruCache<string, number>({ maxEntries: 10, maxWeight: 10 });
    cache.set('a', 1, 6);
    cache.set('a', 2, 6);
    expect(cache.get('a')).toBe(2);
    cache.set('b', 3, 4);
    expect([cache.get('a'), cache.get('b')]).toEqual([2, 3]);
  });

  it('forgets everything on clear, and the weight with it', () => {
    const cache = new LruCache<string, number>({ maxEntries: 10, maxWeight: 10 });
    cache.set('a', 1, 10);
    cache.clear();
    expect([cache.get('a'), cache.size]).toEqual([undefined, 0]);
    cache.set('b', 2, 10);
    expect(cache.get('b')).toBe(2);
  });
});
