/**
 * The batch upsert of price records across lists (`PUT /v3/pricelists/records`): batches of at
 * most 1,000, ONE batch at a time per store in this process (the file gives this operation a
 * concurrency limit of 1; a second batch running in the store is answered 429), every write
 * ending as applied or failed. A 422 listing `batch_errors` is a partial success: the store
 * applied every item it does not name.
 */
import { BigCommerceError } from './errors';
import { fromCents } from './money';
import { MAX_PRICE_RECORD_BATCH } from './price-list-types';
import type { PriceRecordWrite, PriceRecordWriteResult } from './price-list-types';
import type { Transport } from './transport';

type Failure = PriceRecordWriteResult['failed'][number];

interface WireBatchError {
  data?: { price_list_id?: number; variant_id?: number; sku?: string; currency?: string };
  field_errors?: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const batchErrorsOf = (body: unknown): WireBatchError[] | undefined =>
  isObject(body) && Array.isArray(body.batch_errors) ? (body.batch_errors as WireBatchError[]) : undefined;

/**
 * The fetch of the upsert's transport: a 422 that lists `batch_errors` reaches the caller as a
 * 207 with the same body and headers, since the transport keeps no body of a refusal and the
 * store applied the items it does not list. Any other answer passes as it came.
 */
export function batchErrorsAsPartialSuccess(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    if (res.status !== 422) return res;
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return new Response(text, { status: batchErrorsOf(body) ? 207 : 422, headers: res.headers });
  };
}

/** The tail of each store's chain of batch upserts (keyed by API base URL and store hash). */
const batchTails = new Map<string, Promise<void>>();

/** Resolves when `before` does; rejects with kind 'aborted' as soon as the caller aborts. */
async function untilDone(before: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return before;
  const aborted = () => new BigCommerceError({ kind: 'aborted', title: 'The request was cancelled', cause: signal.reason });
  if (signal.aborted) throw aborted();
  let onAbort = () => {};
  const abort = new Promise<never>((_, reject) => {
    onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([before, abort]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Runs `batch` once every batch upsert queued before it for this store has ended. */
async function oneBatchAtATime<T>(storeKey: string, signal: AbortSignal | undefined, batch: () => Promise<T>): Promise<T> {
  const before = batchTails.get(storeKey) ?? Promise.resolve();
  let done!: () => void;
  const ended = new Promise<void>((resolve) => (done = resolve));
  // The next batch waits for this one and, should this one leave early (aborted), still for those before it.
  const tail = before.then(() => ended);
  batchTails.set(storeKey, tail);
  try {
    await untilDone(before, signal);
    return await batch();
  } finally {
    done();
    if (batchTails.get(storeKey) === tail) batchTails.delete(storeKey);
  }
}

const cents = (n: number | null) => n === null || (Number.isSafeInteger(n) && n >= 0);

/** Why the store cannot take this write as it stands, or undefined when it can be sent. */
function invalid(w: PriceRecordWrite): string | undefined {
  if (!Number.isSafeInteger(w.priceListId) || w.priceListId <= 0) return 'priceListId must be a positive integer';
  if (!Number.isSafeInteger(w.variantId) || w.variantId <= 0) return 'variantId must be a positive integer';
  if (!/^[A-Za-z]{3}$/.test(w.currency)) return 'currency must be a 3-letter ISO 4217 code';
  if (!cents(w.priceCents)) return 'priceCents must be a whole number of cents, 0 or more';
  for (const key of ['salePriceCents', 'retailPriceCents', 'mapPriceCents'] as const) if (!cents(w[key])) return `${key} must be null or a whole number of cents, 0 or more`;
  return undefined;
}

/** The wire item: `price` always; an unset (null) sale, retail or MAP price is left out, which unsets it. */
function toWire(w: PriceRecordWrite): Record<string, unknown> {
  const item: Record<string, unknown> = { price_list_id: w.priceListId, variant_id: w.variantId, currency: w.currency.toUpperCase(), price: fromCents(w.priceCents) };
  if (w.salePriceCents !== null) item.sale_price = fromCents(w.salePriceCents);
  if (w.retailPriceCents !== null) item.retail_price = fromCents(w.retailPriceCents);
  if (w.mapPriceCents !== null) item.map_price = fromCents(w.mapPriceCents);
  return item;
}

const keyOf = (listId: unknown, variantId: unknown, currency: unknown) => `${String(listId)}:${String(variantId)}:${String(currency).toUpperCase()}`;

const reasonOf = (e: WireBatchError): string => {
  const fields = Object.entries(e.field_errors ?? {}).map(([field, message]) => `${field}: ${typeof message === 'string' ? message : JSON.stringify(message)}`);
  return fields.length > 0 ? fields.join('; ') : 'The store refused the price record';
};

/**
 * Splits a batch by the store's `batch_errors`: an error naming a write (list, variant,
 * currency) fails it; one naming a variant and currency but no list fails the batch's writes of
 * that variant and currency (which of them it was is unknown); the writes not named were
 * applied. An error naming no item (a refused body) means none was.
 */
function readBatchErrors(batch: readonly PriceRecordWrite[], errors: readonly WireBatchError[], result: PriceRecordWriteResult): void {
  const byKey = new Map<string, string>();
  let whole: string | undefined;
  for (const e of errors) {
    const d = e.data ?? {};
    if (typeof d.variant_id !== 'number' || d.currency === undefined) whole ??= reasonOf(e);
    else byKey.set(keyOf(d.price_list_id ?? '*', d.variant_id, d.currency), reasonOf(e));
  }
  for (const write of batch) {
    const reason = byKey.get(keyOf(write.priceListId, write.variantId, write.currency)) ?? byKey.get(keyOf('*', write.variantId, write.currency)) ?? whole;
    if (reason === undefined) result.applied.push(write);
    else result.failed.push({ write, reason, permanent: true });
  }
}

/**
 * Upserts the records in batches of at most MAX_PRICE_RECORD_BATCH, one batch at a time per
 * store. Never throws for the store's answers: a refused item fails permanently; a batch that
 * still fails after the transport's retries for a passing reason (5xx, network, timeout, rate
 * limit) fails with the batches after it, not permanently (an auth failure too, permanently).
 * Throws only when the caller aborts (batches already sent stay applied).
 */
export async function upsertPriceRecords(
  transport: Transport,
  storeKey: string,
  writes: readonly PriceRecordWrite[],
  signal?: AbortSignal,
): Promise<PriceRecordWriteResult> {
  const result: PriceRecordWriteResult = { applied: [], failed: [] };
  const sendable: PriceRecordWrite[] = [];
  for (const write of writes) {
    const reason = invalid(write);
    if (reason === undefined) sendable.push(write);
    else result.failed.push({ write, reason, permanent: true });
  }
  for (let start = 0; start < sendable.length; start += MAX_PRICE_RECORD_BATCH) {
    const batch = sendable.slice(start, start + MAX_PRICE_RECORD_BATCH);
    try {
      const { body } = await oneBatchAtATime(storeKey, signal, () =>
        transport.send({ method: 'PUT', path: '/pricelists/records', body: batch.map(toWire), purpose: 'write', signal }),
      );
      readBatchErrors(batch, batchErrorsOf(body) ?? [], result);
    } catch (err) {
      if (!(err instanceof BigCommerceError) || err.kind === 'aborted') throw err;
      const failure = (write: PriceRecordWrite): Failure => ({ write, reason: err.message, permanent: err.kind !== 'server' && err.kind !== 'network' && err.kind !== 'timeout' && err.kind !== 'rate_limited' });
      if (err.kind === 'validation' || err.kind === 'not_found') {
        // This batch was refused as a whole (400, 413, ...); the next may be fine.
        result.failed.push(...batch.map(failure));
        continue;
      }
      // Passing failures and auth: the store will not take the rest now either.
      result.failed.push(...sendable.slice(start).map(failure));
      break;
    }
  }
  return result;
}
