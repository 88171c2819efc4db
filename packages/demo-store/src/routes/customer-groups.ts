/**
 * Customer groups, Customers v2 (`/stores/{hash}/v2/customer_groups`): list (a bare array, paged
 * by `page` and `limit` as v2 does, default 50 and at most 250, by id; `name`, `name:like`,
 * `is_default`, `is_group_for_guests`), the count, and one group. A group's `discount_rules`
 * name the price list it has (type `price_list`).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { readBoolean, readPaging } from '../responses';

/** v2's error body: an array of `{status, message}`. */
const v2Error = (status: number, message: string) => [{ status, message }];

export const customerGroupRoutes = new Hono<AppEnv>()
  .get('/customer_groups', (c) => {
    const name = c.req.query('name');
    const like = c.req.query('name:like')?.toLowerCase();
    const isDefault = readBoolean(c, 'is_default');
    const forGuests = readBoolean(c, 'is_group_for_guests');
    const groups = c.get('pricing').data.groups.filter(
      (g) =>
        (name === undefined || g.name === name) &&
        (like === undefined || g.name.toLowerCase().includes(like)) &&
        (isDefault === undefined || g.is_default === isDefault) &&
        (forGuests === undefined || g.is_group_for_guests === forGuests),
    );
    const { page, limit } = readPaging(c);
    return c.json(groups.slice((page - 1) * limit, page * limit));
  })
  .get('/customer_groups/count', (c) => c.json({ count: c.get('pricing').data.groups.length }))
  .get('/customer_groups/:customer_group_id{[0-9]+}', (c) => {
    const id = Number(c.req.param('customer_group_id'));
    const group = c.get('pricing').data.groups.find((g) => g.id === id);
    return group ? c.json(group) : c.json(v2Error(404, `The customer group ${id} was not found.`), 404);
  });
