/**
 * The category tree through the category-trees API (the `/catalog/categories` API is
 * deprecated): the store's trees, then their categories page by page with `tree_id:in`, returned
 * flat with parent id, depth and full path joined by ' > '.
 */
import type { CatalogCategory } from './catalog-types';
import type { Transport } from './transport';
import { collectionData, paginationOf } from './wire';

interface WireTree {
  id: number;
  name?: string;
}

interface WireCategory {
  category_id: number;
  parent_id?: number;
  tree_id?: number;
  name?: string;
  is_visible?: boolean;
  sort_order?: number;
  url?: { path?: string } | null;
}

const PAGE_SIZE = 250;

type Query = Record<string, string | number | readonly number[] | undefined>;

/**
 * Every item of a paged listing. `limit`/`page` go out only where the endpoint documents them
 * (`/catalog/trees` does not; its later pages, if any, are still followed).
 */
async function allPages<T>(transport: Transport, path: string, query: Query, paged: boolean, signal?: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const paging = paged ? { limit: PAGE_SIZE, page } : page > 1 ? { page } : {};
    const { body } = await transport.send({ method: 'GET', path, query: { ...query, ...paging }, purpose: 'category', signal });
    const data = collectionData<T>(body);
    items.push(...data);
    if (page >= paginationOf(body).totalPages || data.length === 0) return items;
  }
}

/** Flattens categories, computing each one's path from its parents (unknown parents end the path). */
export function flattenCategories(categories: readonly WireCategory[]): CatalogCategory[] {
  const byId = new Map(categories.map((c) => [c.category_id, c]));
  const result = categories.map((cat): CatalogCategory => {
    const chain: WireCategory[] = [cat];
    const seen = new Set([cat.category_id]);
    for (let parent = byId.get(cat.parent_id ?? 0); parent && !seen.has(parent.category_id); parent = byId.get(parent.parent_id ?? 0)) {
      chain.unshift(parent);
      seen.add(parent.category_id);
    }
    return {
      id: cat.category_id,
      parentId: cat.parent_id ? cat.parent_id : null,
      treeId: cat.tree_id ?? 0,
      name: cat.name ?? '',
      path: chain.map((c) => c.name ?? '').join(' > '),
      pathIds: chain.map((c) => c.category_id),
      depth: chain.length - 1,
      isVisible: cat.is_visible ?? true,
      sortOrder: cat.sort_order ?? 0,
      url: cat.url?.path ?? null,
    };
  });
  return result.sort((a, b) => a.treeId - b.treeId || a.path.localeCompare(b.path));
}

/** Every category of the store's trees (or of `treeIds`), flat, sorted by tree and path. */
export async function getCategories(transport: Transport, options: { treeIds?: readonly number[]; signal?: AbortSignal } = {}): Promise<CatalogCategory[]> {
  const treeIds = options.treeIds ?? (await allPages<WireTree>(transport, '/catalog/trees', {}, false, options.signal)).map((t) => t.id);
  if (treeIds.length === 0) return [];
  const categories = await allPages<WireCategory>(transport, '/catalog/trees/categories', { 'tree_id:in': treeIds }, true, options.signal);
  return flattenCategories(categories);
}
