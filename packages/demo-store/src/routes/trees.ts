/**
 * Category-tree endpoints: the store's trees, their categories as a flat paged list
 * (`tree_id:in`, `category_id:in`, `parent_id:in`, `is_visible`), and one tree as nested nodes
 * (`/catalog/trees/{tree_id}/categories`, with `depth`), in the official shapes.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { BcCategory } from '../types';
import { errorBody, paginate, readBoolean, readIdList, readPaging } from '../responses';

interface CategoryNode {
  id: number;
  parent_id: number;
  depth: number;
  path: number[];
  name: string;
  is_visible: boolean;
  url: string;
  children: CategoryNode[];
}

/**
 * The nested tree: each node lists its children; `depth` is 0 at the roots and `path` holds the
 * ids from the root down to the node itself. `maxDepth` levels are returned (depth=1: roots only).
 */
function nest(categories: readonly BcCategory[], maxDepth: number): CategoryNode[] {
  const byParent = new Map<number, BcCategory[]>();
  for (const cat of categories) {
    const siblings = byParent.get(cat.parent_id) ?? [];
    siblings.push(cat);
    byParent.set(cat.parent_id, siblings);
  }
  const build = (parentId: number, depth: number, above: number[]): CategoryNode[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.sort_order - b.sort_order || a.category_id - b.category_id)
      .map((cat) => ({
        id: cat.category_id,
        parent_id: cat.parent_id,
        depth,
        path: [...above, cat.category_id],
        name: cat.name,
        is_visible: cat.is_visible,
        url: cat.url.path,
        children: depth + 1 < maxDepth ? build(cat.category_id, depth + 1, [...above, cat.category_id]) : [],
      }));
  return build(0, 0, []);
}

export const treeRoutes = new Hono<AppEnv>()
  .get('/catalog/trees', (c) => {
    const ids = readIdList(c, 'id:in');
    if (ids === null) return c.json(errorBody(422, 'id:in must be comma-separated integers'), 422);
    const trees = c.get('catalog').data.trees.filter((t) => !ids || ids.includes(t.id));
    return c.json(paginate(c, trees, readPaging(c)));
  })
  .get('/catalog/trees/categories', (c) => {
    const treeIds = readIdList(c, 'tree_id:in');
    const categoryIds = readIdList(c, 'category_id:in');
    const parentIds = readIdList(c, 'parent_id:in');
    if (treeIds === null || categoryIds === null || parentIds === null) {
      return c.json(errorBody(422, 'The id filters must be comma-separated integers'), 422);
    }
    const visible = readBoolean(c, 'is_visible');
    const matches = c.get('catalog').data.categories.filter(
      (cat) =>
        (!treeIds || treeIds.includes(cat.tree_id)) &&
        (!categoryIds || categoryIds.includes(cat.category_id)) &&
        (!parentIds || parentIds.includes(cat.parent_id)) &&
        (visible === undefined || cat.is_visible === visible),
    );
    return c.json(paginate(c, matches, readPaging(c)));
  })
  .get('/catalog/trees/:tree_id{[0-9]+}/categories', (c) => {
    const treeId = Number(c.req.param('tree_id'));
    const { trees, categories } = c.get('catalog').data;
    if (!trees.some((t) => t.id === treeId)) {
      return c.json({ ...errorBody(404, `The category tree ${treeId} was not found.`), errors: {} }, 404);
    }
    const depth = Number.parseInt(c.req.query('depth') ?? '', 10);
    const inTree = categories.filter((cat) => cat.tree_id === treeId);
    return c.json({ data: nest(inTree, Number.isFinite(depth) && depth > 0 ? depth : Number.POSITIVE_INFINITY), meta: {} });
  });
