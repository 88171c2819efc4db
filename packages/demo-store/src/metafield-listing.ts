/**
 * Listing metafields as `GET /catalog/variants/metafields` and a variant's own list answer them
 * (product-variants_catalog.v3.yml): the filters `key`, `key:in`, `namespace`, `namespace:in`,
 * `date_created:min|max` and `date_modified:min|max` (a day or a date-time); `direction` (by id,
 * `asc` by default); `include_fields` (the id and the fields named); and either pages
 * (`page`, `limit`: `meta.pagination`) or cursors (`after` or `before`, with `limit`:
 * `meta.cursor_pagination`, a cursor being base64 of `id:N` as the file's examples are).
 */
import type { Context } from 'hono';
import { errorBody, paginate, readPaging } from './responses';
import type { BcMetafield } from './variant-metafields';

/** The fields `include_fields` may name (IncludeFieldsParamMetafields). */
const INCLUDABLE = ['resource_id', 'key', 'value', 'namespace', 'permission_set', 'resource_type', 'description', 'owner_client_id', 'date_created', 'date_modified'] as const;

export const encodeCursor = (id: number): string => Buffer.from(`id:${id}`).toString('base64');

function decodeCursor(cursor: string): number | null {
  const match = /^id:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match ? Number(match[1]) : null;
}

const list = (c: Context, name: string): string[] => (c.req.query(name) ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');

const parseDate = (raw: string): number => Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T00:00:00Z` : /[zZ]|[+-]\d{2}:?\d{2}$/.test(raw) ? raw : `${raw}Z`);

type Test = (m: BcMetafield) => boolean;

/** The filters of the query as one test, or the field errors of the unreadable ones. */
function readFilters(c: Context): { test: Test } | { errors: Record<string, string> } {
  const tests: Test[] = [];
  const errors: Record<string, string> = {};
  for (const field of ['key', 'namespace'] as const) {
    const wanted = [...list(c, field), ...list(c, `${field}:in`)];
    if (wanted.length > 0) tests.push((m) => wanted.includes(m[field]));
  }
  for (const field of ['date_created', 'date_modified'] as const) {
    for (const [suffix, ok] of [[':min', (v: number, b: number) => v >= b], [':max', (v: number, b: number) => v <= b]] as const) {
      const raw = c.req.query(field + suffix);
      if (raw === undefined) continue;
      const bound = parseDate(raw);
      if (Number.isNaN(bound)) errors[field + suffix] = `${field + suffix} must be a date like 2024-05-14 or 2024-05-14T09:34:00`;
      else tests.push((m) => ok(Date.parse(m[field]), bound));
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { test: (m) => tests.every((t) => t(m)) };
}

/** The metafield with only the id and the fields `include_fields` names (all of them without it). */
function projector(c: Context): (m: BcMetafield) => Partial<BcMetafield> {
  const named = list(c, 'include_fields').filter((f): f is (typeof INCLUDABLE)[number] => (INCLUDABLE as readonly string[]).includes(f));
  if (named.length === 0) return (m) => m;
  return (m) => Object.fromEntries([['id', m.id], ...named.map((f) => [f, m[f]])]) as Partial<BcMetafield>;
}

/** The query string of a cursor page (`links` in cursor_pagination). */
function cursorLink(c: Context, name: 'after' | 'before', cursor: string, limit: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of new URL(c.req.url).searchParams) if (!['after', 'before', 'page', 'limit'].includes(key)) params.append(key, value);
  params.set(name, cursor);
  params.set('limit', String(limit));
  return `?${params.toString()}`;
}

/** The listing's status and body: 200 with a page, or 422 naming the unreadable filter or cursor. */
export function listMetafields(c: Context, candidates: readonly BcMetafield[]): { status: 200 | 422; body: unknown } {
  const filters = readFilters(c);
  if ('errors' in filters) return { status: 422, body: errorBody(422, 'The filters were not valid.', filters.errors) };
  const descending = c.req.query('direction') === 'desc';
  const sorted = candidates.filter(filters.test).sort((a, b) => (descending ? b.id - a.id : a.id - b.id));
  const project = projector(c);
  const paging = readPaging(c);
  const after = c.req.query('after');
  const before = c.req.query('before');
  if (after === undefined && before === undefined) {
    const page = paginate(c, sorted, paging);
    return { status: 200, body: { ...page, data: page.data.map(project) } };
  }
  const cursorId = after !== undefined && before !== undefined ? null : decodeCursor(after ?? before ?? '');
  if (cursorId === null) return { status: 422, body: errorBody(422, 'The cursor was not valid.', { [after !== undefined ? 'after' : 'before']: 'send one cursor this store gave (start_cursor or end_cursor)' }) };
  const at = sorted.findIndex((m) => (descending ? m.id <= cursorId : m.id >= cursorId));
  const pivot = at === -1 ? sorted.length : at;
  const [from, to] = after !== undefined
    ? [pivot + (sorted[pivot]?.id === cursorId ? 1 : 0), pivot + (sorted[pivot]?.id === cursorId ? 1 : 0) + paging.limit]
    : [Math.max(0, pivot - paging.limit), pivot];
  const data = sorted.slice(from, to);
  const first = data[0];
  const last = data.at(-1);
  const links: Record<string, string> = { current: cursorLink(c, after !== undefined ? 'after' : 'before', (after ?? before)!, paging.limit) };
  if (first && from > 0) links.previous = cursorLink(c, 'before', encodeCursor(first.id), paging.limit);
  if (last && to < sorted.length) links.next = cursorLink(c, 'after', encodeCursor(last.id), paging.limit);
  const cursorPagination = {
    count: data.length, per_page: paging.limit, links,
    ...(first ? { start_cursor: encodeCursor(first.id) } : {}),
    ...(last ? { end_cursor: encodeCursor(last.id) } : {}),
  };
  return { status: 200, body: { data: data.map(project), meta: { cursor_pagination: cursorPagination } } };
}
