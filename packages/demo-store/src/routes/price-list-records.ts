/**
 * Price list records: a list's records (paged, with the file's filters), one variant's records,
 * one record by variant and currency (get, upsert, delete), delete by filter (`variant_id:in`,
 * `sku:in`, `currency`), and the batch upserts — a list's (`PUT /pricelists/{id}/records`) and
 * across lists (`PUT /pricelists/records`, each item naming its list): at most 1,000 items, at
 * most 2 at once per store (a third answers 429), valid items applied and the invalid ones
 * answered in a 422's `batch_errors`. Batches send store/priceList/records/* events.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { readRecordFilters } from '../price-list-filters';
import type { RecordId, RecordInput } from '../price-lists';
import { errorBody, paginate, readIdList, readJson, readPaging } from '../responses';

/** The file's batch limit for record upserts. */
export const MAX_RECORD_BATCH = 1000;
/** Batch upserts a store runs at once ("Up to 2 concurrent batch upsert requests"). */
export const MAX_CONCURRENT_BATCHES = 2;

const listId = (c: Context<AppEnv>) => Number(c.req.param('price_list_id'));
const notFound = (c: Context<AppEnv>, what: string) => c.json(errorBody(404, `${what} was not found.`), 404);

interface BatchError {
  data: { price_list_id?: number; variant_id?: number; sku?: string; currency?: string };
  field_errors: Record<string, string>;
}

/** Applies a batch item by item; `fixedList` for a list's own batch, else each item's `price_list_id`. */
async function upsertBatch(c: Context<AppEnv>, fixedList?: number) {
  const pricing = c.get('pricing');
  if (pricing.batchesInFlight >= MAX_CONCURRENT_BATCHES) {
    return c.json(errorBody(429, `Only ${MAX_CONCURRENT_BATCHES} batch upserts of price records can run at once in a store.`), 429);
  }
  pricing.batchesInFlight++;
  try {
    const body = await readJson(c);
    if (!Array.isArray(body)) return c.json({ batch_errors: [{ data: {}, field_errors: { body: 'must be a JSON array of price records' } }] }, 422);
    if (body.length > MAX_RECORD_BATCH) {
      return c.json({ batch_errors: [{ data: {}, field_errors: { body: `at most ${MAX_RECORD_BATCH} price records per request, not ${body.length}` } }] }, 422);
    }
    const created: RecordId[] = [];
    const updated: RecordId[] = [];
    const errors: BatchError[] = [];
    for (const raw of body as unknown[]) {
      const item = (typeof raw === 'object' && raw !== null ? raw : {}) as RecordInput & { price_list_id?: unknown };
      const id = fixedList ?? (typeof item.price_list_id === 'number' ? item.price_list_id : undefined);
      if (id === undefined || !pricing.list(id)) {
        errors.push({ data: { ...identifiers(item) }, field_errors: { price_list_id: 'the price list does not exist' } });
        continue;
      }
      const outcome = pricing.upsert(id, item, 'batch');
      if (outcome.ok) (outcome.created ? created : updated).push({ price_list_id: id, variant_id: outcome.record.variant_id, currency: outcome.record.currency });
      else errors.push({ data: { price_list_id: id, ...identifiers(item) }, field_errors: outcome.errors });
    }
    if (created.length > 0) pricing.onChange?.('store/priceList/records/created', created);
    if (updated.length > 0) pricing.onChange?.('store/priceList/records/updated', updated);
    if (errors.length > 0) return c.json({ batch_errors: errors }, 422);
    return c.json({ data: {}, meta: {} });
  } finally {
    pricing.batchesInFlight--;
  }
}

function identifiers(item: RecordInput): BatchError['data'] {
  return {
    ...(typeof item.variant_id === 'number' ? { variant_id: item.variant_id } : {}),
    ...(typeof item.sku === 'string' ? { sku: item.sku } : {}),
    ...(typeof item.currency === 'string' ? { currency: item.currency } : {}),
  };
}

export const recordRoutes = new Hono<AppEnv>()
  .put('/pricelists/records', (c) => upsertBatch(c))
  .get('/pricelists/:price_list_id{[0-9]+}/records', (c) => {
    const pricing = c.get('pricing');
    if (!pricing.list(listId(c))) return notFound(c, `The price list ${listId(c)}`);
    const filters = readRecordFilters(c);
    if ('errors' in filters) return c.json(errorBody(422, 'The filters were not valid.', filters.errors), 422);
    // Named variants are looked up (then every filter applies to them as to the whole list).
    const variantIds = readIdList(c, 'variant_id:in');
    const candidates = variantIds ? pricing.recordsOfVariants(listId(c), variantIds) : pricing.records(listId(c));
    return c.json(paginate(c, candidates.filter(filters.test), readPaging(c)));
  })
  .put('/pricelists/:price_list_id{[0-9]+}/records', (c) => {
    if (!c.get('pricing').list(listId(c))) return notFound(c, `The price list ${listId(c)}`);
    return upsertBatch(c, listId(c));
  })
  .delete('/pricelists/:price_list_id{[0-9]+}/records', (c) => {
    const pricing = c.get('pricing');
    if (!pricing.list(listId(c))) return notFound(c, `The price list ${listId(c)}`);
    const variantIds = readIdList(c, 'variant_id:in');
    if (variantIds === null) return c.json(errorBody(422, 'variant_id:in must be comma-separated integers'), 422);
    const skus = c.req.query('sku:in')?.split(',').map((s) => s.trim()).filter((s) => s !== '');
    const currency = c.req.query('currency');
    pricing.deleteRecords(listId(c), { variantIds, skus, currency });
    return c.body(null, 204);
  })
  .get('/pricelists/:price_list_id{[0-9]+}/records/:variant_id{[0-9]+}', (c) => {
    const pricing = c.get('pricing');
    if (!pricing.list(listId(c))) return notFound(c, `The price list ${listId(c)}`);
    const variantId = Number(c.req.param('variant_id'));
    return c.json(paginate(c, pricing.records(listId(c)).filter((r) => r.variant_id === variantId), readPaging(c)));
  })
  .get('/pricelists/:price_list_id{[0-9]+}/records/:variant_id{[0-9]+}/:currency_code{[A-Za-z]{3}}', (c) => {
    const record = c.get('pricing').record(listId(c), Number(c.req.param('variant_id')), c.req.param('currency_code'));
    if (!record) return notFound(c, 'The price record');
    return c.json({ data: record, meta: {} });
  })
  .put('/pricelists/:price_list_id{[0-9]+}/records/:variant_id{[0-9]+}/:currency_code{[A-Za-z]{3}}', async (c) => {
    const pricing = c.get('pricing');
    if (!pricing.list(listId(c))) return notFound(c, `The price list ${listId(c)}`);
    const body = await readJson(c);
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
    const outcome = pricing.upsert(listId(c), { ...fields, variant_id: Number(c.req.param('variant_id')), currency: c.req.param('currency_code') });
    if (!outcome.ok) return c.json(errorBody(422, outcome.title, outcome.errors), 422);
    return c.json({ data: outcome.record, meta: {} });
  })
  .delete('/pricelists/:price_list_id{[0-9]+}/records/:variant_id{[0-9]+}/:currency_code{[A-Za-z]{3}}', (c) => {
    const variantIds = [Number(c.req.param('variant_id'))];
    c.get('pricing').deleteRecords(listId(c), { variantIds, currency: c.req.param('currency_code') }, 'single');
    return c.body(null, 204);
  });
