/**
 * What the API tests of every paged list check (issue 31, contracts paging.ts): reading all of
 * its pages, and the refusals of its `limit` and `cursor` (400 VALIDATION naming the field).
 */
import { expect } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { encodeCursor, MAX_CURSOR_LENGTH, MAX_PAGE_LIMIT } from '@catalog/contracts/paging';

/** Sends a GET to a path (as a given user) and answers the response. */
export type Get = (path: string) => Response | Promise<Response>;

const withQuery = (path: string, query: Record<string, string>) => `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(query)}`;

/**
 * Every item of the list at `path`, read page by page with `limit`: each page holds at most
 * `limit` items (exactly `limit` but the last), and the last page says no page follows.
 * `between` runs after each page (e.g. to add an item while a client is reading).
 */
export async function readAllPages<T = Record<string, unknown>>(
  get: Get, path: string, items: string, limit: number, between?: (page: number) => Promise<void>,
): Promise<{ items: T[]; pages: number }> {
  const all: T[] = [];
  let cursor: string | null = null;
  for (let pages = 1; pages <= 1000; pages++) {
    const res = await get(withQuery(path, cursor === null ? { limit: String(limit) } : { limit: String(limit), cursor }));
    expect(res.status, `page ${pages} of ${path}`).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    const page = body[items] as T[];
    expect(Array.isArray(page), `${items} of ${path}`).toBe(true);
    all.push(...page);
    cursor = body.nextCursor as string | null;
    if (cursor === null) {
      expect(page.length).toBeLessThanOrEqual(limit);
      return { items: all, pages };
    }
    expect(page.length, `a page before the last of ${path}`).toBe(limit);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    await between?.(pages);
  }
  throw new Error(`${path} never ended`);
}

/** A 400 VALIDATION whose `fields` name `field`. */
async function expectRefused(res: Response, field: string, label: string) {
  expect(res.status, label).toBe(400);
  const body = ErrorBody.parse(await res.json());
  expect(body.error.code, label).toBe('VALIDATION');
  expect(Object.keys(body.error.fields ?? {}), label).toContain(field);
}

/**
 * The list at `path` answers 400 on `limit` for 0, over MAX_PAGE_LIMIT and anything not a
 * whole number, and on `cursor` for anything it did not hand out (garbage, another key's shape,
 * too long); MAX_PAGE_LIMIT and a page of 1 are taken.
 */
export async function expectPagingBounds(get: Get, path: string, items: string) {
  for (const limit of ['0', String(MAX_PAGE_LIMIT + 1), '-1', '1.5', '1e2', 'abc', '']) {
    await expectRefused(await get(withQuery(path, { limit })), 'limit', `limit=${limit}`);
  }
  for (const limit of ['1', String(MAX_PAGE_LIMIT)]) {
    const res = await get(withQuery(path, { limit }));
    expect(res.status, `limit=${limit}`).toBe(200);
    expect(((await res.json()) as Record<string, unknown[]>)[items]!.length).toBeLessThanOrEqual(Number(limit));
  }
  const bad = [
    'garbage!', 'abc', encodeCursor(['x', 'y']), encodeCursor([1]), encodeCursor([1, 'a\u0000b']), encodeCursor([-5, 'x']),
    Buffer.from('{"at":1}').toString('base64url'), 'A'.repeat(MAX_CURSOR_LENGTH + 1),
  ];
  for (const cursor of bad) await expectRefused(await get(withQuery(path, { cursor })), 'cursor', `cursor=${cursor.slice(0, 40)}`);
}
