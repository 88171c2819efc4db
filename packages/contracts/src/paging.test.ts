/** The paging rules of paging.ts: bounded limits, opaque cursors that round-trip, anything else refused on `cursor`. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CursorPageQuery, cursorPageQuery, decodeCursor, DEFAULT_PAGE_LIMIT, encodeCursor, MAX_CURSOR_LENGTH, MAX_PAGE_LIMIT, page, pageOf,
  PAGING_MESSAGES, TimeIdKey, timeIdCursor,
} from './paging';

describe('cursors', () => {
  it('are base64url text that decodes back to the sort key', () => {
    const cursor = encodeCursor([1_700_000_000_123, 'b1f0c7e2-8a55-4c1e-9d1a-0c3e2f1a9b77']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, TimeIdKey)).toEqual({ at: new Date(1_700_000_000_123), id: 'b1f0c7e2-8a55-4c1e-9d1a-0c3e2f1a9b77' });
    expect(timeIdCursor({ at: new Date(5), id: 'x' })).toBe(encodeCursor([5, 'x']));
  });

  it('round-trip text beyond ASCII', () => {
    expect(decodeCursor(encodeCursor(['Café 😀', 1]), z.tuple([z.string(), z.number()]))).toEqual(['Café 😀', 1]);
  });

  it('refuse what is not the key of the list: not base64url, not JSON, another shape, a NUL in the id', () => {
    const bad = [
      '', '!!!', 'a', 'abc=', encodeCursor(['x', 1]), encodeCursor([1]), encodeCursor([1.5, 'x']), encodeCursor([-1, 'x']),
      encodeCursor([1, '']), encodeCursor([1, 'a\u0000b']), btoa('{not json').replace(/=+$/, ''), 'x'.repeat(MAX_CURSOR_LENGTH + 4),
    ];
    for (const cursor of bad) expect(decodeCursor(cursor, TimeIdKey), cursor).toBeNull();
  });
});

describe('CursorPageQuery', () => {
  it(`defaults to the first page of ${DEFAULT_PAGE_LIMIT} and takes 1 to ${MAX_PAGE_LIMIT}`, () => {
    expect(CursorPageQuery.parse({})).toEqual({ limit: DEFAULT_PAGE_LIMIT });
    expect(CursorPageQuery.parse({ limit: '1' }).limit).toBe(1);
    expect(CursorPageQuery.parse({ limit: String(MAX_PAGE_LIMIT) }).limit).toBe(MAX_PAGE_LIMIT);
    for (const limit of ['0', String(MAX_PAGE_LIMIT + 1), '-1', '1e2', 'ten', '']) {
      const result = CursorPageQuery.safeParse({ limit });
      expect(result.success, limit).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['limit']);
    }
  });

  it('reads a cursor as its key and names `cursor` for a malformed one', () => {
    const at = new Date('2030-03-08T10:00:00.000Z');
    expect(CursorPageQuery.parse({ cursor: timeIdCursor({ at, id: 'abc' }) }).cursor).toEqual({ at, id: 'abc' });
    const result = CursorPageQuery.safeParse({ cursor: 'not-a-cursor' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['cursor'], message: PAGING_MESSAGES.cursor })]);
  });

  it('builds the query of a list with its own key', () => {
    const ByName = cursorPageQuery(z.tuple([z.string(), z.string()]));
    expect(ByName.parse({ cursor: encodeCursor(['Ann', 'id']) }).cursor).toEqual(['Ann', 'id']);
    expect(ByName.safeParse({ cursor: timeIdCursor({ at: new Date(1), id: 'x' }) }).success).toBe(false);
  });
});

describe('page and pageOf', () => {
  it('a page names its items and its next cursor', () => {
    const Names = page('names', z.string());
    expect(Names.parse({ names: ['a'], nextCursor: null })).toEqual({ names: ['a'], nextCursor: null });
    expect(Names.safeParse({ names: ['a'] }).success).toBe(false);
  });

  it('returns `limit` rows and a cursor from the last one only when another row was read', () => {
    const cursorOf = (n: number) => encodeCursor([n, 'x']);
    expect(pageOf([1, 2, 3], 2, cursorOf)).toEqual({ items: [1, 2], nextCursor: cursorOf(2) });
    expect(pageOf([1, 2], 2, cursorOf)).toEqual({ items: [1, 2], nextCursor: null });
    expect(pageOf([], 2, cursorOf)).toEqual({ items: [], nextCursor: null });
  });
});
