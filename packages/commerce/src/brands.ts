/**
 * The store's brands (`GET /catalog/brands`, paged 250 at a time): id -> name, so a product's
 * `brand_id` can be shown by name.
 */
import type { CatalogBrand } from './catalog-types';
import type { Transport } from './transport';
import { collectionData, paginationOf } from './wire';

interface WireBrand {
  id: number;
  name?: string;
}

const PAGE_SIZE = 250;

/** Every brand of the store, by id. */
export async function getBrands(transport: Transport, options: { signal?: AbortSignal } = {}): Promise<CatalogBrand[]> {
  const brands: CatalogBrand[] = [];
  for (let page = 1; ; page++) {
    const { body } = await transport.send({
      method: 'GET', path: '/catalog/brands', query: { limit: PAGE_SIZE, page }, purpose: 'category', signal: options.signal,
    });
    const data = collectionData<WireBrand>(body);
    for (const b of data) if (typeof b.id === 'number') brands.push({ id: b.id, name: (b.name ?? '').trim() });
    if (page >= paginationOf(body).totalPages || data.length === 0) break;
  }
  return brands.sort((a, b) => a.id - b.id);
}
