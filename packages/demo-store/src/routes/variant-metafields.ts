/**
 * Variant metafields (product-variants_catalog.v3.yml): the batch endpoints
 * `/catalog/variants/metafields` (GET every variant's, listed as metafield-listing.ts reads the
 * query; POST creates, PUT updates by id, DELETE deletes by id), at most MAX_METAFIELD_BATCH
 * items a request, and a variant's own reads (`/catalog/products/{product_id}/variants/
 * {variant_id}/metafields` and `/{metafield_id}`; the product id is there "only for path
 * consistency"). A batch applies every item it can: 200 when all were, else a 422 listing the
 * ones applied in `data` and one Error per refused item in `errors` (keyed by the item's place in
 * a POST, by the metafield id in a PUT or DELETE), with `meta` counting both. A body that is not
 * an array of items, or one over the limit, is a 400 and changes nothing.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { listMetafields } from '../metafield-listing';
import { ERROR_TYPE, errorBody, readJson } from '../responses';
import type { MetafieldOutcome } from '../variant-metafields';

/**
 * Items per batch request. The OpenAPI file states no figure for these operations; 50 is the
 * limit the same file gives the variants' batch (PUT /catalog/variants), and what a client
 * should assume.
 */
export const MAX_METAFIELD_BATCH = 50;

interface ItemError {
  status: number;
  title: string;
  type: string;
  errors: Record<string, string>;
}

const badInput = (c: Context<AppEnv>, detail: string) => c.json({ status: 400, title: 'Input is invalid', type: ERROR_TYPE, detail }, 400);

/** The body as an array of at most MAX_METAFIELD_BATCH items, or the 400's detail. */
async function readBatch(c: Context<AppEnv>, what: string): Promise<unknown[] | string> {
  const body = await readJson(c);
  if (!Array.isArray(body)) return `The body must be a JSON array of ${what}.`;
  if (body.length > MAX_METAFIELD_BATCH) return `At most ${MAX_METAFIELD_BATCH} ${what} per request, not ${body.length}.`;
  return body;
}

/** The batch's answer from each item's outcome: 200 when every item was applied, else a 422 with both lists. */
function batchAnswer<T>(c: Context<AppEnv>, items: ReadonlyArray<{ label: string; outcome: MetafieldOutcome }>, present: (o: Extract<MetafieldOutcome, { ok: true }>) => T) {
  const data: T[] = [];
  const errors: ItemError[] = [];
  for (const { label, outcome } of items) {
    if (outcome.ok) data.push(present(outcome));
    else errors.push({ status: outcome.status, title: outcome.title, type: ERROR_TYPE, errors: { [label]: Object.values(outcome.errors).join('; ') || outcome.title } });
  }
  const meta = { total: items.length, success: data.length, failed: errors.length };
  if (errors.length > 0) return c.json({ data, errors, meta }, 422);
  const pagination = { total: data.length, count: data.length, per_page: Math.max(1, data.length), current_page: 1, total_pages: 1, links: { current: `?page=1&limit=${Math.max(1, data.length)}` } };
  return c.json({ data, errors: [], meta: { ...meta, pagination } }, 200);
}

const variantId = (c: Context<AppEnv>) => Number(c.req.param('variant_id'));

export const variantMetafieldRoutes = new Hono<AppEnv>()
  .get('/catalog/variants/metafields', (c) => {
    const { status, body } = listMetafields(c, c.get('metafields').visibleTo(c.get('clientId')));
    return c.json(body, status);
  })
  .post('/catalog/variants/metafields', async (c) => {
    const body = await readBatch(c, 'metafields to create');
    if (typeof body === 'string') return badInput(c, body);
    const store = c.get('metafields');
    const items = body.map((item, index) => ({ label: String(index), outcome: store.create(item, c.get('clientId')) }));
    return batchAnswer(c, items, (o) => o.metafield);
  })
  .put('/catalog/variants/metafields', async (c) => {
    const body = await readBatch(c, 'metafields to update');
    if (typeof body === 'string') return badInput(c, body);
    const ids = body.map((item) => (typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined));
    if (!ids.every((id): id is number => Number.isInteger(id))) return badInput(c, 'Every metafield to update needs its id.');
    const store = c.get('metafields');
    const items = body.map((item, i) => ({ label: String(ids[i]), outcome: store.update(ids[i]!, item, c.get('clientId')) }));
    return batchAnswer(c, items, (o) => o.metafield);
  })
  .delete('/catalog/variants/metafields', async (c) => {
    const body = await readBatch(c, 'metafield ids');
    if (typeof body === 'string') return badInput(c, body);
    if (!body.every((id): id is number => Number.isInteger(id))) return badInput(c, 'The body must be a JSON array of metafield ids.');
    const store = c.get('metafields');
    const items = body.map((id) => ({ label: String(id), outcome: store.delete(id, c.get('clientId')) }));
    return batchAnswer(c, items, (o) => o.metafield.id);
  })
  .get('/catalog/products/:product_id{[0-9]+}/variants/:variant_id{[0-9]+}/metafields', (c) => {
    if (!c.get('catalog').variant(variantId(c))) return c.json(errorBody(404, `The variant ${variantId(c)} was not found.`), 404);
    const { status, body } = listMetafields(c, c.get('metafields').visibleTo(c.get('clientId'), variantId(c)));
    return c.json(body, status);
  })
  .get('/catalog/products/:product_id{[0-9]+}/variants/:variant_id{[0-9]+}/metafields/:metafield_id{[0-9]+}', (c) => {
    const found = c.get('metafields').get(Number(c.req.param('metafield_id')), c.get('clientId'));
    if (!found || found.resource_id !== variantId(c)) return c.json(errorBody(404, 'The metafield was not found.'), 404);
    return c.json({ data: found, meta: {} });
  });
