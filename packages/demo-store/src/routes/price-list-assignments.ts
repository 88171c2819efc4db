/**
 * Price list assignments (`/pricelists/assignments`, `/pricelists/{id}/assignments`): list
 * (paged; `id`, `price_list_id`, `customer_group_id`, `channel_id` and their `:in` lists),
 * create a batch of at most 25 (valid items saved, a 422 with `meta.saved_records` when some
 * are not), delete by filter, and upsert one for a list (a group on a channel).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { PriceListAssignment } from '../price-list-types';
import type { PriceLists } from '../price-lists';
import { errorBody, paginate, readIdList, readJson, readPaging } from '../responses';

/** The file's batch limit for POST /pricelists/assignments. */
export const MAX_ASSIGNMENT_BATCH = 25;

const FIELDS = ['id', 'price_list_id', 'customer_group_id', 'channel_id'] as const;

/** The assignments the query's filters name (every filter must match), or the unreadable filters. */
function readFilter(c: Context): { test: (a: PriceListAssignment) => boolean; any: boolean } | { errors: Record<string, string> } {
  const tests: Array<(a: PriceListAssignment) => boolean> = [];
  const errors: Record<string, string> = {};
  for (const field of FIELDS) {
    for (const name of [field, `${field}:in`]) {
      const ids = readIdList(c, name);
      if (ids === null) errors[name] = `${name} must be integers`;
      else if (ids) tests.push((a) => a[field] !== undefined && ids.includes(a[field]));
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { test: (a) => tests.every((t) => t(a)), any: tests.length > 0 };
}

/** What is wrong with an assignment's target: an unknown list, group or channel. */
function targetErrors(pricing: PriceLists, item: Record<string, unknown>, listRequired: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const int = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
  if (listRequired && (!int(item.price_list_id) || !pricing.list(item.price_list_id as number))) errors.price_list_id = 'the price list does not exist';
  if (item.customer_group_id !== undefined && !pricing.data.groups.some((g) => g.id === item.customer_group_id)) errors.customer_group_id = 'the customer group does not exist';
  if (item.channel_id !== undefined && !pricing.data.channels.some((ch) => ch.id === item.channel_id)) errors.channel_id = 'the channel does not exist';
  if (item.customer_group_id === undefined && item.channel_id === undefined) errors.customer_group_id = 'a customer group or a channel is required';
  return errors;
}

const target = (item: Record<string, unknown>) => ({
  ...(item.customer_group_id === undefined ? {} : { customer_group_id: item.customer_group_id as number }),
  ...(item.channel_id === undefined ? {} : { channel_id: item.channel_id as number }),
});

export const assignmentRoutes = new Hono<AppEnv>()
  .get('/pricelists/assignments', (c) => {
    const filter = readFilter(c);
    if ('errors' in filter) return c.json(errorBody(422, 'The filters were not valid.', filter.errors), 422);
    return c.json(paginate(c, c.get('pricing').assignments().filter(filter.test), readPaging(c)));
  })
  .post('/pricelists/assignments', async (c) => {
    const pricing = c.get('pricing');
    const body = await readJson(c);
    if (!Array.isArray(body)) return c.json({ ...errorBody(422, 'The request body must be an array of assignments.'), meta: { saved_records: 0 } }, 422);
    if (body.length > MAX_ASSIGNMENT_BATCH) {
      return c.json({ ...errorBody(422, `At most ${MAX_ASSIGNMENT_BATCH} assignments can be created at once.`), meta: { saved_records: 0 } }, 422);
    }
    const errors: Record<string, string> = {};
    const saved: PriceListAssignment[] = [];
    body.forEach((item: unknown, index) => {
      const fields = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
      const wrong = targetErrors(pricing, fields, true);
      if (Object.keys(wrong).length > 0) errors[String(index)] = Object.values(wrong).join('; ');
      else saved.push(pricing.assign(fields.price_list_id as number, target(fields)));
    });
    if (Object.keys(errors).length > 0) {
      return c.json({ ...errorBody(422, 'Some assignments were not valid.', errors), meta: { saved_records: saved.length } }, 422);
    }
    return c.json({ data: saved, meta: {} });
  })
  .delete('/pricelists/assignments', (c) => {
    const filter = readFilter(c);
    if ('errors' in filter) return c.json(errorBody(422, 'The filters were not valid.', filter.errors), 422);
    // Without a filter nothing is deleted (the file does not say; the demo errs on the safe side).
    if (filter.any) c.get('pricing').unassign(filter.test);
    return c.body(null, 204);
  })
  .put('/pricelists/:price_list_id{[0-9]+}/assignments', async (c) => {
    const pricing = c.get('pricing');
    const id = Number(c.req.param('price_list_id'));
    if (!pricing.list(id)) return c.json(errorBody(404, `The price list ${id} was not found.`), 404);
    const body = await readJson(c);
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const errors = targetErrors(pricing, fields, false);
    for (const key of ['customer_group_id', 'channel_id']) if (fields[key] === undefined) errors[key] = `${key} is required`;
    if (Object.keys(errors).length > 0) return c.json(errorBody(422, 'The assignment was not valid.', errors), 422);
    return c.json({ data: pricing.assign(id, target(fields)), meta: {} });
  });
