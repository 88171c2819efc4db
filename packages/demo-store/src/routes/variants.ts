/**
 * Variant endpoints: a product's variants (list, get, update one), every variant of the store
 * (`id:in`, `product_id:in`, `sku`, paged) and the batch update of at most 50 variants.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { runBatch } from '../batch';
import { appliedFields, errorBody, paginate, readIdList, readJson, readPaging } from '../responses';

/** BigCommerce's batch limit for PUT /catalog/variants. */
export const MAX_VARIANT_BATCH = 50;

export const variantRoutes = new Hono<AppEnv>()
  .get('/catalog/products/:product_id{[0-9]+}/variants', (c) => {
    const catalog = c.get('catalog');
    const id = Number(c.req.param('product_id'));
    if (!catalog.product(id)) return c.json(errorBody(404, `The product ${id} was not found.`), 404);
    return c.json(paginate(c, catalog.variantsOf(id), readPaging(c)));
  })
  .get('/catalog/products/:product_id{[0-9]+}/variants/:variant_id{[0-9]+}', (c) => {
    const variant = c.get('catalog').variant(Number(c.req.param('variant_id')));
    if (!variant || variant.product_id !== Number(c.req.param('product_id'))) {
      return c.json(errorBody(404, 'The variant was not found.'), 404);
    }
    return c.json({ data: variant, meta: {} });
  })
  .put('/catalog/products/:product_id{[0-9]+}/variants/:variant_id{[0-9]+}', async (c) => {
    const body = await readJson(c);
    if (body === undefined) return c.json(errorBody(400, 'The request body is not valid JSON.'), 400);
    const productId = Number(c.req.param('product_id'));
    const outcome = c.get('catalog').updateVariant(Number(c.req.param('variant_id')), appliedFields(c, body), productId);
    if (!outcome.ok) {
      if (outcome.status === 404) return c.json(errorBody(404, outcome.title), 404);
      return c.json(errorBody(outcome.status, outcome.title, outcome.errors), outcome.status);
    }
    return c.json({ data: outcome.record, meta: {} });
  })
  .get('/catalog/variants', (c) => {
    const ids = readIdList(c, 'id:in');
    const productIds = readIdList(c, 'product_id:in');
    if (ids === null || productIds === null) return c.json(errorBody(422, 'id:in and product_id:in must be comma-separated integers'), 422);
    const idSet = ids ? new Set(ids) : undefined;
    const productSet = productIds ? new Set(productIds) : undefined;
    const id = c.req.query('id');
    const sku = c.req.query('sku');
    const matches = c.get('catalog').variants().filter(
      (v) =>
        (!idSet || idSet.has(v.id)) &&
        (!productSet || productSet.has(v.product_id)) &&
        (id === undefined || v.id === Number(id)) &&
        (sku === undefined || v.sku === sku),
    );
    return c.json(paginate(c, matches, readPaging(c)));
  })
  .put('/catalog/variants', async (c) => {
    const catalog = c.get('catalog');
    const body = await readJson(c);
    const result = runBatch(body, { max: MAX_VARIANT_BATCH, noun: 'variants' }, (id, item) => catalog.updateVariant(id, appliedFields(c, item)));
    return c.json(result.body, result.status);
  });
