/**
 * The response shapes every route shares, as the official files define them: the `{data, meta}`
 * envelope, `meta.pagination` with its links, BigCommerce's error body `{status, title, type,
 * errors}`, and the query parsing for paging and comma-joined id lists.
 */
import type { Context } from 'hono';

/** The `type` BigCommerce puts in error bodies. */
export const ERROR_TYPE = 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes';

export interface ErrorBody {
  status: number;
  title: string;
  type: string;
  errors?: Record<string, string>;
}

export function errorBody(status: number, title: string, errors?: Record<string, string>): ErrorBody {
  return errors ? { status, title, type: ERROR_TYPE, errors } : { status, title, type: ERROR_TYPE };
}

/** 250 is BigCommerce's largest page; 50 the default. */
export const MAX_LIMIT = 250;
export const DEFAULT_LIMIT = 50;

export interface Paging {
  page: number;
  limit: number;
}

export function readPaging(c: Context): Paging {
  const page = Number.parseInt(c.req.query('page') ?? '', 10);
  const limit = Number.parseInt(c.req.query('limit') ?? '', 10);
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    limit: Number.isFinite(limit) && limit >= 1 ? Math.min(limit, MAX_LIMIT) : DEFAULT_LIMIT,
  };
}

/** `id:in=1,2,3` as numbers; undefined when the parameter is absent; null when it is not a list of integers. */
export function readIdList(c: Context, name: string): number[] | undefined | null {
  const raw = c.req.query(name);
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const ids = parts.map(Number);
  return ids.every((n) => Number.isInteger(n)) ? ids : null;
}

/** `true`/`false`/`1`/`0`; undefined when absent or anything else. */
export function readBoolean(c: Context, name: string): boolean | undefined {
  const raw = c.req.query(name);
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return undefined;
}

/** The query string of another page of the same listing, as `links` shows it ("?page=2&limit=50&..."). */
function linkTo(c: Context, page: number, limit: number): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  const url = new URL(c.req.url);
  for (const [key, value] of url.searchParams) if (key !== 'page' && key !== 'limit') params.append(key, value);
  return `?${params.toString().replace(/%3A/gi, ':').replace(/%2C/gi, ',')}`;
}

/** One page of `items` in the collection envelope, with `meta.pagination`. */
export function paginate<T>(c: Context, items: readonly T[], { page, limit }: Paging): { data: T[]; meta: { pagination: Record<string, unknown> } } {
  const totalPages = Math.ceil(items.length / limit);
  const data = items.slice((page - 1) * limit, page * limit);
  const links: Record<string, string> = { current: linkTo(c, page, limit) };
  if (page > 1) links.previous = linkTo(c, Math.min(page - 1, Math.max(totalPages, 1)), limit);
  if (page < totalPages) links.next = linkTo(c, page + 1, limit);
  return {
    data,
    meta: { pagination: { total: items.length, count: data.length, per_page: limit, current_page: page, total_pages: totalPages, links } },
  };
}

/** The request body as JSON, or undefined when it is not JSON. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * The fields of a product or variant write as the store applies them: under the `keepOldPrices`
 * fault, without its prices (the write still succeeds and answers with the record as it is).
 */
export function appliedFields<T>(c: { get(key: 'keepPrices'): boolean }, fields: T): T {
  if (!c.get('keepPrices') || typeof fields !== 'object' || fields === null) return fields;
  const { price: _price, sale_price: _sale, ...rest } = fields as Record<string, unknown>;
  return rest as T;
}
