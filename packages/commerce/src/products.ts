/**
 * Reading products: the paged listing as an async iterator of pages (`include=variants`,
 * `limit=250`, following `meta.pagination.total_pages`, optionally `date_modified:min` for an
 * incremental sync), one product, and products by id (`id:in`, chunked).
 */
import type { CatalogProduct, ProductPage } from './catalog-types';
import { isBigCommerceError } from './errors';
import type { RequestPriority } from './rate-limiter';
import type { Transport } from './transport';
import { collectionData, mapProduct, paginationOf } from './wire';
import type { WireProduct } from './wire';

/** BigCommerce's largest page, and the page size the client asks for by default. */
export const MAX_PAGE_SIZE = 250;

export interface ProductPagesQuery {
  /** Only products modified at or after this time (incremental sync). */
  modifiedSince?: Date | string | number;
  /** Filter on storefront visibility; default all products. */
  isVisible?: boolean;
  /** Default true: each product carries its variants. */
  includeVariants?: boolean;
  /** Products per page, at most 250 (the default). */
  pageSize?: number;
  /** Page to start from (resume a sync); default 1. */
  startPage?: number;
  /**
   * Only these product fields come back (`include_fields`; `id` and included variants always
   * do): smaller answers. Fields left out read as mapProduct's defaults.
   */
  includeFields?: readonly string[];
  signal?: AbortSignal;
  /** The pages' place in the store's pacer, instead of the client's priority. */
  priority?: RequestPriority;
}

/**
 * "2025-01-15T09:34:00Z": a full ISO time for `date_modified:min`, truncated to the second
 * (BigCommerce keeps whole seconds, so truncating never skips a change).
 */
export function formatSince(since: Date | string | number): string {
  const ms = since instanceof Date ? since.getTime() : typeof since === 'number' ? since : Date.parse(since);
  if (!Number.isFinite(ms)) throw new RangeError(`Not a date: ${String(since)}`);
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Pages of products, one request each; the caller may stop between pages (break out of the
 * loop or abort the signal). The page count is re-read from every answer, so a catalog that
 * grows or shrinks during the walk is followed to its current last page.
 */
export async function* productPages(transport: Transport, query: ProductPagesQuery = {}): AsyncGenerator<ProductPage> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, query.pageSize ?? MAX_PAGE_SIZE));
  const include = query.includeVariants === false ? undefined : 'variants';
  const since = query.modifiedSince === undefined ? undefined : formatSince(query.modifiedSince);
  const fields = query.includeFields?.length ? query.includeFields.join(',') : undefined;
  for (let page = Math.max(1, query.startPage ?? 1); ; page++) {
    const { body } = await transport.send({
      method: 'GET',
      path: '/catalog/products',
      query: { include, include_fields: fields, 'date_modified:min': since, is_visible: query.isVisible, limit, page },
      purpose: 'productPage',
      signal: query.signal,
    });
    const products = collectionData<WireProduct>(body).map(mapProduct);
    const { total, totalPages } = paginationOf(body);
    yield { page, totalPages: Math.max(totalPages, products.length > 0 ? page : 0), total, products };
    if (page >= totalPages || products.length === 0) return;
  }
}

/** One product (with its variants by default); null when the store has no such product. */
export async function getProduct(
  transport: Transport,
  id: number,
  options: { includeVariants?: boolean; signal?: AbortSignal } = {},
): Promise<CatalogProduct | null> {
  try {
    const { body } = await transport.send({
      method: 'GET',
      path: `/catalog/products/${id}`,
      query: { include: options.includeVariants === false ? undefined : 'variants' },
      purpose: 'read',
      signal: options.signal,
    });
    const data = (body as { data?: WireProduct } | null)?.data;
    return data ? mapProduct(data) : null;
  } catch (err) {
    if (isBigCommerceError(err, 'not_found')) return null;
    throw err;
  }
}

/** Splits ids into chunks for `id:in` (one full page each), dropping duplicates. */
export function chunkIds(ids: readonly number[], size: number): number[][] {
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += size) chunks.push(unique.slice(i, i + size));
  return chunks;
}

/** The products with these ids that exist (with variants by default), in id order. */
export async function getProductsByIds(
  transport: Transport,
  ids: readonly number[],
  options: { includeVariants?: boolean; signal?: AbortSignal } = {},
): Promise<CatalogProduct[]> {
  const found: CatalogProduct[] = [];
  for (const chunk of chunkIds(ids, MAX_PAGE_SIZE)) {
    const { body } = await transport.send({
      method: 'GET',
      path: '/catalog/products',
      query: { 'id:in': chunk, include: options.includeVariants === false ? undefined : 'variants', limit: MAX_PAGE_SIZE },
      purpose: 'read',
      signal: options.signal,
    });
    found.push(...collectionData<WireProduct>(body).map(mapProduct));
  }
  return found.sort((a, b) => a.id - b.id);
}
