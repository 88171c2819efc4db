/**
 * How every list that grows with use pages (issue 31): the request names at most `limit` items
 * (1 to MAX_PAGE_LIMIT, DEFAULT_PAGE_LIMIT when absent) and the `cursor` of the page before;
 * the answer is `{ <items>, nextCursor }`, `nextCursor` null on the last page.
 *
 * A cursor is opaque to the client: the base64url of the last item's sort key (a JSON array,
 * e.g. [createdAt in ms, id]). The server reads the items after that key in its order (keyset
 * pages), so an item added meanwhile never moves one already read onto the next page, and no
 * item is read twice or skipped. A cursor that does not decode to the list's key is a 400 on
 * `cursor` (a client starts again from the first page), never a 5xx.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { queryInt, singleLineText, TEXT_LIMITS } from './common';

/** The most items a page holds: what `limit` may ask for at most. */
export const MAX_PAGE_LIMIT = 100;
/** The items a page holds when the request names no `limit`. */
export const DEFAULT_PAGE_LIMIT = 50;
/** The longest cursor taken (the keys of our lists encode to well under 100 characters). */
export const MAX_CURSOR_LENGTH = 400;

export const PAGING_MESSAGES = {
  cursor: 'The cursor is not valid: ask for the first page again (without a cursor)',
} as const;

/** One part of a sort key: a time in ms, an id. */
export type SortKeyPart = string | number;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(cursor: string): string | null {
  if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor) || cursor.length % 4 === 1) return null;
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The cursor of a page that ends with the item of this sort key. */
export function encodeCursor(key: readonly SortKeyPart[]): string {
  return toBase64Url(JSON.stringify(key));
}

/** The sort key a cursor holds, if it is one `key` takes; null for anything else. */
export function decodeCursor<K extends z.ZodType>(cursor: string, key: K): z.output<K> | null {
  const json = fromBase64Url(cursor);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = key.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The sort key of the lists ordered by when an item was made, then by its id (which breaks
 * ties between items made in the same millisecond): `{ at, id }`, from the cursor's [ms, id].
 */
export const TimeIdKey = lazySchema(() =>
  // The id reaches a query: no control character or lone surrogate (PostgreSQL refuses a NUL).
  z.tuple([z.number().int().min(0).max(8.64e15), singleLineText(TEXT_LIMITS.token).min(1)])
    .transform(([ms, id]) => ({ at: new Date(ms), id })),
);
export type TimeIdKey = z.output<typeof TimeIdKey>;

/** The cursor of a page ending with the item made at `at` with this id (the TimeIdKey lists). */
export const timeIdCursor = (item: { at: Date; id: string }): string => encodeCursor([item.at.getTime(), item.id]);

/** A `cursor` query parameter holding a sort key of `key`, read as that key. */
export function cursorParam<K extends z.ZodType>(key: K) {
  return z.string({ error: PAGING_MESSAGES.cursor }).transform((cursor, ctx) => {
    const decoded = decodeCursor(cursor, key);
    if (decoded === null) {
      ctx.addIssue({ code: 'custom', message: PAGING_MESSAGES.cursor });
      return z.NEVER;
    }
    return decoded as z.output<K>;
  });
}

/** `limit`: how many items a page holds, 1 to MAX_PAGE_LIMIT. */
export const PageLimit = lazySchema(() => queryInt(1, MAX_PAGE_LIMIT, 'The limit').default(DEFAULT_PAGE_LIMIT));

/** The query of a list paged by `key`: `?cursor=&limit=`. Extend it with a list's own filters. */
export function cursorPageQuery<K extends z.ZodType>(key: K) {
  return z.object({ cursor: cursorParam(key).optional(), limit: PageLimit });
}

/** The query of the lists ordered by time and id (TimeIdKey): `cursor` reads as `{ at, id }`. */
export const CursorPageQuery = lazySchema(() => cursorPageQuery(TimeIdKey));
export type CursorPageQuery = z.output<typeof CursorPageQuery>;
/** What a client sends: `cursor` as the server gave it. */
export type CursorPageParams = { cursor?: string; limit?: number };

/** The answer of a paged list: `{ [items]: Item[], nextCursor }`. */
export function page<N extends string, T extends z.ZodType>(items: N, item: T) {
  return z.object({ [items]: z.array(item), nextCursor: z.string().nullable() } as { [P in N]: z.ZodArray<T> } & { nextCursor: z.ZodNullable<z.ZodString> });
}

/**
 * A page of `limit` items from the `limit + 1` a query read after the cursor: the extra one,
 * when there, only says another page follows (its cursor is the last returned item's key).
 */
export function pageOf<T>(rows: readonly T[], limit: number, cursorOf: (last: T) => string): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
