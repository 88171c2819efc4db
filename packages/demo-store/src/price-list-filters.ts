/**
 * The query filters of GET /pricelists and GET /pricelists/{id}/records as price_lists.v3.yml
 * names them: `:in` lists, exact values, and `:min`/`:max` bounds on prices and dates. An
 * unreadable filter is a 422 (the listing answers with the error map returned here).
 */
import type { Context } from 'hono';
import type { PriceList, PriceRecord } from './price-list-types';
import { readIdList } from './responses';

type Test<T> = (item: T) => boolean;
export type FilterRead<T> = { test: Test<T> } | { errors: Record<string, string> };

const PRICES = ['price', 'sale_price', 'retail_price', 'map_price', 'calculated_price'] as const;
const DATES = ['date_created', 'date_modified'] as const;

function strings(c: Context, name: string): string[] | undefined {
  const raw = c.req.query(name);
  return raw === undefined ? undefined : raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** Exact, `:min` and `:max` on a number or date field; a date may be a day (`2024-06-01`) or a date-time. */
function bounds<T>(c: Context, field: string, read: (item: T) => number | undefined, parse: (raw: string) => number, tests: Test<T>[], errors: Record<string, string>): void {
  for (const [suffix, ok] of [['', (v: number, b: number) => v === b], [':min', (v: number, b: number) => v >= b], [':max', (v: number, b: number) => v <= b]] as const) {
    const raw = c.req.query(field + suffix);
    if (raw === undefined) continue;
    const bound = parse(raw);
    if (Number.isNaN(bound)) errors[field + suffix] = `${field + suffix} is not valid`;
    else tests.push((item) => {
      const value = read(item);
      return value !== undefined && ok(value, bound);
    });
  }
}

const parseDate = (raw: string): number => (/^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw));
const dateOf = (value: string): number => Date.parse(value);

function dateBounds<T extends { date_created: string; date_modified: string }>(c: Context, tests: Test<T>[], errors: Record<string, string>): void {
  for (const field of DATES) bounds<T>(c, field, (item) => dateOf(item[field]), parseDate, tests, errors);
}

const done = <T>(tests: Test<T>[], errors: Record<string, string>): FilterRead<T> =>
  Object.keys(errors).length > 0 ? { errors } : { test: (item) => tests.every((t) => t(item)) };

export function readListFilters(c: Context): FilterRead<PriceList> {
  const tests: Test<PriceList>[] = [];
  const errors: Record<string, string> = {};
  const ids = readIdList(c, 'id:in');
  if (ids === null) errors['id:in'] = 'id:in must be comma-separated integers';
  else if (ids) tests.push((l) => ids.includes(l.id));
  const name = c.req.query('name');
  if (name !== undefined) tests.push((l) => l.name === name);
  const like = c.req.query('name:like')?.toLowerCase();
  if (like !== undefined) tests.push((l) => l.name.toLowerCase().includes(like));
  dateBounds(c, tests, errors);
  return done(tests, errors);
}

export function readRecordFilters(c: Context): FilterRead<PriceRecord> {
  const tests: Test<PriceRecord>[] = [];
  const errors: Record<string, string> = {};
  for (const [name, field] of [['variant_id:in', 'variant_id'], ['product_id:in', 'product_id']] as const) {
    const ids = readIdList(c, name);
    if (ids === null) errors[name] = `${name} must be comma-separated integers`;
    else if (ids) {
      const set = new Set(ids);
      tests.push((r) => set.has(r[field]));
    }
  }
  const currencies = [...(strings(c, 'currency') ?? []), ...(strings(c, 'currency:in') ?? [])].map((s) => s.toUpperCase());
  if (currencies.length > 0) tests.push((r) => currencies.includes(r.currency));
  const skus = [...(strings(c, 'sku') ?? []), ...(strings(c, 'sku:in') ?? [])];
  if (skus.length > 0) tests.push((r) => skus.includes(r.sku));
  for (const field of PRICES) bounds<PriceRecord>(c, field, (r) => r[field], Number, tests, errors);
  dateBounds(c, tests, errors);
  return done(tests, errors);
}
