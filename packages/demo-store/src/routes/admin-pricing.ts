/**
 * The admin surface of a store's price lists, as a merchant would change them in the control
 * panel: set one record's prices (`PUT /__admin/stores/{hash}/pricelists/{id}/records/{variant}/{currency}`,
 * fields as the API's record), delete it, and read a list's records. Changes send the same
 * store/priceList/record/* webhooks the API's do.
 */
import { Hono } from 'hono';
import { readJson } from '../responses';
import type { DemoStoreState } from '../store-state';

export function pricingAdminRoutes(state: DemoStoreState) {
  const path = '/stores/:hash/pricelists/:list{[0-9]+}/records/:variant{[0-9]+}/:currency{[A-Za-z]{3}}';
  return new Hono()
    .get('/stores/:hash/pricelists/:list{[0-9]+}/records', (c) => {
      const pricing = state.account(c.req.param('hash'))?.pricing;
      if (!pricing?.list(Number(c.req.param('list')))) return c.json({ error: 'Unknown store or price list' }, 404);
      return c.json(pricing.records(Number(c.req.param('list'))));
    })
    .put(path, async (c) => {
      const pricing = state.account(c.req.param('hash'))?.pricing;
      const listId = Number(c.req.param('list'));
      if (!pricing?.list(listId)) return c.json({ error: 'Unknown store or price list' }, 404);
      const body = await readJson(c);
      const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
      const outcome = pricing.upsert(listId, { ...fields, variant_id: Number(c.req.param('variant')), currency: c.req.param('currency') });
      return outcome.ok ? c.json(outcome.record) : c.json(outcome, 422);
    })
    .delete(path, (c) => {
      const pricing = state.account(c.req.param('hash'))?.pricing;
      const listId = Number(c.req.param('list'));
      if (!pricing?.list(listId)) return c.json({ error: 'Unknown store or price list' }, 404);
      const gone = pricing.deleteRecords(listId, { variantIds: [Number(c.req.param('variant'))], currency: c.req.param('currency') }, 'single');
      return gone.length > 0 ? c.body(null, 204) : c.json({ error: 'Unknown price record' }, 404);
    });
}
