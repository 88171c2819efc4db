/**
 * Writes price targets to the store in BigCommerce's batches (10 products, 50 variants per
 * request), two requests in flight, and reads each answer item by item (207 partial success
 * included). Items that failed for a passing reason (5xx, network, timeout, rate limit beyond
 * the client's own retries) are tried again in later rounds; items the store refused (422, 404,
 * 401) are not. Writes set absolute prices, so repeating one is safe.
 */
import {
  MAX_PRICE_RECORD_BATCH,
  MAX_PRODUCT_BATCH,
  MAX_VARIANT_BATCH,
  isBigCommerceError,
  type BigCommerceClient,
  type ProductUpdate,
  type VariantUpdate,
  type WriteResult,
} from '@catalog/commerce';
import { sleep } from '@catalog/commerce/timing';
import { whileWaiting } from '../../lib/work-slots';
import type { PriceTarget } from './price-plan';
import { writeRecordBatch } from './record-writer';

export interface WriteFailure {
  target: PriceTarget;
  /** What the store said, for the order's error text. */
  reason: string;
  /** The store refused the item itself; retrying would not help. */
  permanent: boolean;
}

export interface WriteOutcome {
  applied: PriceTarget[];
  failed: WriteFailure[];
}

export interface BatchInfo {
  kind: 'product' | 'variant' | 'record';
  size: number;
  round: number;
}

export interface WriteOptions {
  signal?: AbortSignal;
  /** Passes over the items still failing for a passing reason. Default 3. */
  rounds?: number;
  /** Pause before a further round, times the round number. Default 1,000 ms. */
  retryPauseMs?: number;
  /** Requests in flight at once. Default 2. */
  concurrency?: number;
  /** Called after every batch answer (progress; tests stop a run here to simulate a crash). */
  onBatch?: (info: BatchInfo) => void | Promise<void>;
  /** Told the targets of each batch the store took, as soon as it answered (a read-back can start on them). */
  onApplied?: (targets: PriceTarget[]) => void;
}

/**
 * Batches in flight per order: the store's latency is paid twice over less, while the rate
 * limit (shared by every client of the store in this process) still paces the total.
 */
export const DEFAULT_BATCHES_IN_FLIGHT = 2;

const PERMANENT_KINDS = new Set(['validation', 'not_found', 'auth']);

export function failureReason(error: unknown): string {
  if (isBigCommerceError(error)) {
    const text = (error.title && error.title !== error.kind ? error.title : error.message).replace(/\.+$/, '');
    return `${text} (${error.status ? `store said ${error.status}` : error.kind})`;
  }
  return error instanceof Error ? error.message : String(error);
}

function productUpdate(t: PriceTarget): ProductUpdate {
  const u: ProductUpdate = { id: t.externalId };
  // A product always has a regular price; the API never stores a null one for a product.
  if (t.regularPriceCents != null) u.priceCents = t.regularPriceCents;
  if (t.salePriceCents !== undefined) u.salePriceCents = t.salePriceCents;
  // A product's "no MSRP" is 0 in BigCommerce.
  if (t.retailPriceCents !== undefined) u.retailPriceCents = t.retailPriceCents ?? 0;
  return u;
}

function variantUpdate(t: PriceTarget): VariantUpdate {
  const u: VariantUpdate = { id: t.externalId };
  if (t.regularPriceCents !== undefined) u.priceCents = t.regularPriceCents;
  if (t.salePriceCents !== undefined) u.salePriceCents = t.salePriceCents;
  if (t.retailPriceCents !== undefined) u.retailPriceCents = t.retailPriceCents;
  return u;
}

export async function writePrices(client: BigCommerceClient, targets: readonly PriceTarget[], options: WriteOptions = {}): Promise<WriteOutcome> {
  const rounds = options.rounds ?? 3;
  const applied: PriceTarget[] = [];
  const failed: WriteFailure[] = [];
  let pending = [...targets];
  for (let round = 1; pending.length > 0; round++) {
    // A pause for the store, not work: the order's slot goes to another meanwhile (decision 049).
    if (round > 1) await whileWaiting(() => sleep((options.retryPauseMs ?? 1_000) * (round - 1), options.signal));
    const retry: WriteFailure[] = [];
    const take = (t: PriceTarget, result: WriteResult<unknown>) => {
      if (result.ok) {
        applied.push(t);
        return;
      }
      const { error } = result;
      if (error.kind === 'aborted') throw error;
      const permanent = PERMANENT_KINDS.has(error.kind);
      (permanent ? failed : retry).push({ target: t, reason: failureReason(error), permanent });
    };
    const batches: Array<{ kind: BatchInfo['kind']; items: PriceTarget[] }> = [];
    for (const [kind, size] of [['product', MAX_PRODUCT_BATCH], ['variant', MAX_VARIANT_BATCH], ['record', MAX_PRICE_RECORD_BATCH]] as const) {
      const ofKind = pending.filter((t) => t.kind === kind);
      for (let i = 0; i < ofKind.length; i += size) batches.push({ kind, items: ofKind.slice(i, i + size) });
    }
    // A store takes one batch upsert of records at a time (price_lists.v3.yml; the client keeps to it).
    const inFlight = batches.some((b) => b.kind === 'record') ? 1 : options.concurrency ?? DEFAULT_BATCHES_IN_FLIGHT;
    await inParallel(inFlight, batches, options.signal, async ({ kind, items }, signal) => {
      if (kind === 'record') {
        const out = await writeRecordBatch(client, items, signal);
        applied.push(...out.applied);
        if (out.applied.length > 0) options.onApplied?.(out.applied);
        for (const f of out.failed) (f.permanent ? failed : retry).push(f);
      } else {
        const results = kind === 'product'
          ? await client.updateProducts(items.map(productUpdate), { signal })
          : await client.updateVariants(items.map(variantUpdate), { signal });
        results.forEach((r, i) => take(items[i]!, r));
        const taken = items.filter((_, i) => results[i]!.ok);
        if (taken.length > 0) options.onApplied?.(taken);
      }
      await options.onBatch?.({ kind, size: items.length, round });
    });
    if (round >= rounds) {
      failed.push(...retry);
      break;
    }
    pending = retry.map((f) => f.target);
  }
  return { applied, failed };
}

/**
 * Sends the batches with `concurrency` requests in flight. If one fails (abort, or a bug), the
 * others stop before their next batch, so nothing keeps writing behind the caller's back.
 */
async function inParallel<T>(concurrency: number, tasks: readonly T[], outer: AbortSignal | undefined, run: (task: T, signal: AbortSignal) => Promise<void>) {
  const inner = new AbortController();
  const onAbort = () => inner.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  if (outer?.aborted) inner.abort(outer.reason);
  let first: { error: unknown } | undefined;
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      inner.signal.throwIfAborted();
      await run(tasks[next++]!, inner.signal);
    }
    inner.signal.throwIfAborted();
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, () => worker().catch((error: unknown) => {
      first ??= { error };
      inner.abort(error);
    })));
    if (outer?.aborted) throw outer.reason;
    if (first) throw first.error;
  } finally {
    outer?.removeEventListener('abort', onAbort);
  }
}
