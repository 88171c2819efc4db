/**
 * Price Lists v3 (`/pricelists`): list (paged; `id:in`, `name`, `name:like`, date filters),
 * create, get, update, delete one or by filter (`id:in`, `name`). A list's name is unique (409).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { readListFilters } from '../price-list-filters';
import { errorBody, paginate, readIdList, readJson, readPaging } from '../responses';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list's fields: name (required on create), active (default true). */
function readList(body: unknown, create: boolean): { name?: string; active?: boolean } | { errors: Record<string, string> } {
  if (!isRecord(body)) return { errors: { body: 'must be a JSON object' } };
  const errors: Record<string, string> = {};
  const out: { name?: string; active?: boolean } = {};
  if (body.name !== undefined || create) {
    if (typeof body.name !== 'string' || body.name.trim() === '') errors.name = 'name is required';
    else out.name = body.name.trim();
  }
  if (body.active !== undefined) {
    if (typeof body.active !== 'boolean') errors.active = 'active must be a boolean';
    else out.active = body.active;
  }
  return Object.keys(errors).length > 0 ? { errors } : out;
}

const listId = (c: Context<AppEnv>) => Number(c.req.param('price_list_id'));

export const priceListRoutes = new Hono<AppEnv>()
  .get('/pricelists', (c) => {
    const filters = readListFilters(c);
    if ('errors' in filters) return c.json(errorBody(422, 'The filters were not valid.', filters.errors), 422);
    return c.json(paginate(c, c.get('pricing').lists().filter(filters.test), readPaging(c)));
  })
  .post('/pricelists', async (c) => {
    const read = readList(await readJson(c), true);
    if ('errors' in read) return c.json(errorBody(422, 'The price list was not valid.', read.errors), 422);
    const pricing = c.get('pricing');
    const name = read.name ?? '';
    if (pricing.nameTaken(name)) return c.json(errorBody(409, 'A price list with this name already exists.', { name: 'duplicate' }), 409);
    return c.json({ data: pricing.createList(name, read.active ?? true), meta: {} });
  })
  .delete('/pricelists', (c) => {
    const pricing = c.get('pricing');
    const ids = readIdList(c, 'id:in');
    const name = c.req.query('name');
    if (ids === null) return c.json(errorBody(422, 'id:in must be comma-separated integers'), 422);
    if (ids === undefined && name === undefined) return c.json(errorBody(422, 'Name the price lists to delete: id:in or name.'), 422);
    const doomed = pricing.lists().filter((l) => (!ids || ids.includes(l.id)) && (name === undefined || l.name === name));
    pricing.deleteLists(doomed.map((l) => l.id));
    return c.body(null, 204);
  })
  .get('/pricelists/:price_list_id{[0-9]+}', (c) => {
    const list = c.get('pricing').list(listId(c));
    if (!list) return c.json(errorBody(404, `The price list ${listId(c)} was not found.`), 404);
    return c.json({ data: list, meta: {} });
  })
  .put('/pricelists/:price_list_id{[0-9]+}', async (c) => {
    const pricing = c.get('pricing');
    const list = pricing.list(listId(c));
    if (!list) return c.json(errorBody(404, `The price list ${listId(c)} was not found.`), 404);
    const read = readList(await readJson(c), false);
    if ('errors' in read) return c.json(errorBody(422, 'The price list was not valid.', read.errors), 422);
    if (read.name !== undefined && pricing.nameTaken(read.name, list.id)) {
      return c.json(errorBody(409, 'A price list with this name already exists.', { name: 'duplicate' }), 409);
    }
    return c.json({ data: pricing.updateList(list, read), meta: {} });
  })
  .delete('/pricelists/:price_list_id{[0-9]+}', (c) => {
    c.get('pricing').deleteLists([listId(c)]);
    return c.body(null, 204);
  });
