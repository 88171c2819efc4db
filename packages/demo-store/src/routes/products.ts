/**
 * Product endpoints: list with BigCommerce's filters and paging (`id:in`, `date_modified:min`,
 * `is_visible`, `include=variants`, ...), get one, update one or a batch of at most 10, delete.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { runBatch } from '../batch';
import type { BcProduct } from '../types';
import { appliedFields, errorBody, paginate, readBoolean, readIdList, readJson, readPaging } from '../responses';

/** BigCommerce's batch limit for PUT /catalog/products. */
export const MAX_PRODUCT_BATCH = 10;

function includesVariants(include: string | undefined): boolean {
  return (include ?? '').split(',').map((s) => s.trim()).includes('variants');
}

/** `include_fields=price,sale_price`: only those fields (and `id`, and sub-resources asked for) come back. */
function shape(c: Context<AppEnv>, product: BcProduct): BcProduct | Record<string, unknown> {
  const full = includesVariants(c.req.query('include')) ? c.get('catalog').withVariants(product) : product;
  const fields = c.req.query('include_fields');
  if (!fields) return full;
  const keep = new Set(['id', 'variants', ...fields.split(',').map((f) => f.trim())]);
  return Object.fromEntries(Object.entries(full).filter(([key]) => keep.has(key)));
}

/** A date filter value (`2025-01-15`, `2025-01-15T00:03:17Z`, ...) as epoch ms; NaN when unreadable. */
function parseDate(raw: string): number {
  return Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T00:00:00Z` : raw);
}

export const productRoutes = new Hono<AppEnv>()
  .get('/catalog/products', (c) => {
    const catalog = c.get('catalog');
    const ids = readIdList(c, 'id:in');
    if (ids === null) return c.json(errorBody(422, 'id:in must be a comma-separated list of integers'), 422);
    const idSet = ids ? new Set(ids) : undefined;
    const id = c.req.query('id');
    const visible = readBoolean(c, 'is_visible');
    const sku = c.req.query('sku');
    const name = c.req.query('name');
    const bounds: Array<[string, (date: number, bound: number) => boolean]> = [
      ['date_modified:min', (d, b) => d >= b],
      ['date_modified:max', (d, b) => d <= b],
    ];
    const dateFilters: Array<(p: BcProduct) => boolean> = [];
    for (const [param, test] of bounds) {
      const raw = c.req.query(param);
      if (raw === undefined) continue;
      const bound = parseDate(raw);
      if (Number.isNaN(bound)) return c.json(errorBody(422, `${param} must be a date or a date-time`, { [param]: raw }), 422);
      dateFilters.push((p) => test(Date.parse(p.date_modified), bound));
    }
    const matches = catalog.products().filter(
      (p) =>
        (!idSet || idSet.has(p.id)) &&
        (id === undefined || p.id === Number(id)) &&
        (visible === undefined || p.is_visible === visible) &&
        (sku === undefined || p.sku === sku) &&
        (name === undefined || p.name === name) &&
        dateFilters.every((f) => f(p)),
    );
    const page = paginate(c, matches, readPaging(c));
    return c.json({ data: page.data.map((p) => shape(c, p)), meta: page.meta });
  })
  .put('/catalog/products', async (c) => {
    const catalog = c.get('catalog');
    const body = await readJson(c);
    const result = runBatch(body, { max: MAX_PRODUCT_BATCH, noun: 'products' }, (id, item) => catalog.updateProduct(id, appliedFields(c, item)));
    return c.json(result.body, result.status);
  })
  .delete('/catalog/products', (c) => {
    const ids = readIdList(c, 'id:in');
    if (!ids) return c.json(errorBody(422, 'Deleting products needs a filter such as id:in'), 422);
    for (const id of ids) c.get('catalog').deleteProduct(id);
    return c.body(null, 204);
  })
  .get('/catalog/products/:product_id{[0-9]+}', (c) => {
    const id = Number(c.req.param('product_id'));
    const product = c.get('catalog').product(id);
    if (!product) return c.json(errorBody(404, `The product ${id} was not found.`), 404);
    return c.json({ data: shape(c, product), meta: {} });
  })
  .put('/catalog/products/:product_id{[0-9]+}', async (c) => {
    const catalog = c.get('catalog');
    const id = Number(c.req.param('product_id'));
    const body = await readJson(c);
    if (body === undefined) return c.json(errorBody(400, 'The request body is not valid JSON.'), 400);
    const outcome = catalog.updateProduct(id, appliedFields(c, body));
    if (!outcome.ok) {
      if (outcome.status === 404) return c.json(errorBody(404, outcome.title), 404);
      return c.json(errorBody(outcome.status, outcome.title, outcome.errors), outcome.status);
    }
    return c.json({ data: shape(c, outcome.record), meta: {} });
  })
  .delete('/catalog/products/:product_id{[0-9]+}', (c) => {
    const id = Number(c.req.param('product_id'));
    if (!c.get('catalog').deleteProduct(id)) return c.json(errorBody(404, `The product ${id} was not found.`), 404);
    return c.body(null, 204);
  });
