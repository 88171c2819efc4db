/**
 * Brand endpoints (brands_catalog.v3.yml): the store's brands as a paged list (`id:in`, `name`,
 * `name:like`, `page`, `limit`) and one brand, in the official shape (brand_Full). A product
 * names its brand by `brand_id`; the client reads the names here.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { errorBody, paginate, readIdList, readPaging } from '../responses';

export const brandRoutes = new Hono<AppEnv>()
  .get('/catalog/brands', (c) => {
    const ids = readIdList(c, 'id:in');
    if (ids === null) return c.json(errorBody(422, 'id:in must be comma-separated integers'), 422);
    const name = c.req.query('name');
    const like = c.req.query('name:like')?.toLowerCase();
    const brands = c.get('catalog').data.brands
      .filter((b) => (!ids || ids.includes(b.id)) && (name === undefined || b.name === name) && (like === undefined || b.name.toLowerCase().includes(like)))
      .sort((a, b) => a.id - b.id);
    return c.json(paginate(c, brands, readPaging(c)));
  })
  .get('/catalog/brands/:brand_id{[0-9]+}', (c) => {
    const id = Number(c.req.param('brand_id'));
    const brand = c.get('catalog').data.brands.find((b) => b.id === id);
    if (!brand) return c.json(errorBody(404, `The brand ${id} was not found.`), 404);
    return c.json({ data: brand, meta: {} });
  });
