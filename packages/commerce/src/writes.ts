/**
 * Price writes: products in batches of at most 10 (`PUT /catalog/products`), variants in batches
 * of at most 50 (`PUT /catalog/variants`), and single updates. A batch answer is read item by
 * item (200, 207 partial success, 422), so every update comes back as ok or failed with its error.
 */
import type { CatalogProduct, CatalogVariant } from './catalog-types';
import { BigCommerceError } from './errors';
import { fromCents, fromCentsOrNull } from './money';
import type { Transport } from './transport';
import { collectionData, mapProduct, mapVariant } from './wire';
import type { WireProduct, WireVariant } from './wire';

/** BigCommerce's batch limits. */
export const MAX_PRODUCT_BATCH = 10;
export const MAX_VARIANT_BATCH = 50;

export interface ProductUpdate {
  id: number;
  priceCents?: number;
  /** A product has no "inherit": null or 0 clears the sale price (sent as 0, as BigCommerce requires). */
  salePriceCents?: number | null;
  retailPriceCents?: number;
  costPriceCents?: number;
  /** Other BigCommerce product fields, sent as they are (e.g. `{ is_visible: false }`). */
  fields?: Record<string, unknown>;
}

export interface VariantUpdate {
  id: number;
  /** Required by the single update (its path names the product); ignored by batches. */
  productId?: number;
  /** null: use the product's price. */
  priceCents?: number | null;
  /** null: inherit the product's sale price (distinct from 0). */
  salePriceCents?: number | null;
  retailPriceCents?: number | null;
  costPriceCents?: number | null;
  fields?: Record<string, unknown>;
}

export type WriteResult<T> = { id: number; ok: true; record: T | null } | { id: number; ok: false; error: BigCommerceError };

export function productBody(u: ProductUpdate, withId: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { ...u.fields };
  if (withId) body.id = u.id;
  if (u.priceCents !== undefined) body.price = fromCents(u.priceCents);
  if (u.salePriceCents !== undefined) body.sale_price = fromCents(u.salePriceCents ?? 0);
  if (u.retailPriceCents !== undefined) body.retail_price = fromCents(u.retailPriceCents);
  if (u.costPriceCents !== undefined) body.cost_price = fromCents(u.costPriceCents);
  return body;
}

export function variantBody(u: VariantUpdate, withId: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { ...u.fields };
  if (withId) body.id = u.id;
  if (u.priceCents !== undefined) body.price = fromCentsOrNull(u.priceCents);
  if (u.salePriceCents !== undefined) body.sale_price = fromCentsOrNull(u.salePriceCents);
  if (u.retailPriceCents !== undefined) body.retail_price = fromCentsOrNull(u.retailPriceCents);
  if (u.costPriceCents !== undefined) body.cost_price = fromCentsOrNull(u.costPriceCents);
  return body;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Per-item messages of a batch error body. BigCommerce keys detailed errors by item; every key
 * that names one of the sent ids (as "123", "products[123].price", ...) is matched to it.
 */
export function itemMessages(body: unknown, ids: readonly number[]): Map<number, { key: string; message: string }> {
  const wanted = new Set(ids);
  const maps: Record<string, unknown>[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (isRecord(value)) {
      if (isRecord(value.errors)) maps.push(value.errors);
      else if (Array.isArray(value.errors)) collect(value.errors);
    }
  };
  if (isRecord(body)) {
    collect(body);
    collect(body.errors);
    collect(body.batch_errors);
  }
  const found = new Map<number, { key: string; message: string }>();
  for (const map of maps) {
    for (const [key, value] of Object.entries(map)) {
      const id = (key.match(/\d+/g) ?? []).map(Number).find((n) => wanted.has(n));
      if (id !== undefined && !found.has(id)) found.set(id, { key, message: typeof value === 'string' ? value : JSON.stringify(value) });
    }
  }
  return found;
}

function itemError(id: number, status: number, title: string, detail?: { key: string; message: string }): BigCommerceError {
  return new BigCommerceError({
    kind: status === 404 ? 'not_found' : 'validation',
    status,
    title: detail?.message ?? title,
    errors: detail ? { [detail.key]: detail.message } : {},
    message: `Item ${id} was not updated: ${detail?.message ?? title}`,
  });
}

/** Reads a 200 or 207 batch answer item by item. */
export function readBatchAnswer<W extends { id: number }, T>(ids: readonly number[], status: number, body: unknown, map: (w: W) => T): WriteResult<T>[] {
  const records = new Map(collectionData<W>(body).filter((w) => isRecord(w) && typeof w.id === 'number').map((w) => [w.id, w]));
  const messages = status === 207 ? itemMessages(body, ids) : new Map<number, { key: string; message: string }>();
  const errorsTitle = isRecord(body) && isRecord(body.errors) && typeof body.errors.title === 'string' ? body.errors.title : 'The item was not updated';
  return ids.map((id): WriteResult<T> => {
    const record = records.get(id);
    const detail = messages.get(id);
    if (detail || (status === 207 && records.size > 0 && !record)) return { id, ok: false, error: itemError(id, 422, errorsTitle, detail) };
    return { id, ok: true, record: record ? map(record) : null };
  });
}

async function writeInBatches<U extends { id: number }, W extends { id: number }, T>(
  transport: Transport,
  updates: readonly U[],
  batch: { path: string; size: number; toBody: (u: U) => Record<string, unknown>; map: (w: W) => T },
  signal?: AbortSignal,
): Promise<WriteResult<T>[]> {
  const results: WriteResult<T>[] = [];
  const chunks: U[][] = [];
  for (let i = 0; i < updates.length; i += batch.size) chunks.push(updates.slice(i, i + batch.size));
  for (const [index, chunk] of chunks.entries()) {
    const ids = chunk.map((u) => u.id);
    try {
      const { status, body } = await transport.send({ method: 'PUT', path: batch.path, body: chunk.map(batch.toBody), purpose: 'write', signal });
      results.push(...readBatchAnswer(ids, status, body, batch.map));
    } catch (err) {
      if (!(err instanceof BigCommerceError)) throw err;
      if (err.kind === 'validation' || err.kind === 'not_found') {
        // The whole batch was refused (422/404/413): each item gets its own message when there is one.
        const messages = itemMessages({ errors: err.errors }, ids);
        for (const id of ids) results.push({ id, ok: false, error: messages.has(id) ? itemError(id, err.status ?? 422, err.title, messages.get(id)) : err });
        continue;
      }
      // Auth, network, timeout, abort, server: this batch and the ones after it are not applied
      // (a timed-out batch may have been; writes set absolute prices, so repeating one is safe).
      for (const rest of chunks.slice(index)) for (const u of rest) results.push({ id: u.id, ok: false, error: err });
      break;
    }
  }
  return results;
}

export function updateProducts(transport: Transport, updates: readonly ProductUpdate[], signal?: AbortSignal): Promise<WriteResult<CatalogProduct>[]> {
  return writeInBatches<ProductUpdate, WireProduct, CatalogProduct>(
    transport, updates, { path: '/catalog/products', size: MAX_PRODUCT_BATCH, toBody: (u) => productBody(u, true), map: mapProduct }, signal,
  );
}

export function updateVariants(transport: Transport, updates: readonly VariantUpdate[], signal?: AbortSignal): Promise<WriteResult<CatalogVariant>[]> {
  return writeInBatches<VariantUpdate, WireVariant, CatalogVariant>(
    transport, updates, { path: '/catalog/variants', size: MAX_VARIANT_BATCH, toBody: (u) => variantBody(u, true), map: (w) => mapVariant(w) }, signal,
  );
}

/** Updates one product; throws a BigCommerceError when the store refuses. */
export async function updateProduct(transport: Transport, update: ProductUpdate, signal?: AbortSignal): Promise<CatalogProduct> {
  const { body } = await transport.send({ method: 'PUT', path: `/catalog/products/${update.id}`, body: productBody(update, false), purpose: 'write', signal });
  return mapProduct((body as { data: WireProduct }).data);
}

/** Updates one variant (`productId` required); throws a BigCommerceError when the store refuses. */
export async function updateVariant(transport: Transport, update: VariantUpdate, signal?: AbortSignal): Promise<CatalogVariant> {
  if (update.productId === undefined) throw new TypeError('updateVariant needs the productId of the variant');
  const path = `/catalog/products/${update.productId}/variants/${update.id}`;
  const { body } = await transport.send({ method: 'PUT', path, body: variantBody(update, false), purpose: 'write', signal });
  return mapVariant((body as { data: WireVariant }).data);
}
