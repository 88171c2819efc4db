/**
 * What a sync tells the merchant: the result line, the plan-limit warning (shown as the 'Plan
 * Limit Reached' toast), the cancel note, and a clear sentence for each way the store can fail
 * mid-sync (the stream's `error:` block).
 */
import { isBigCommerceError } from '@catalog/commerce';
import type { SyncStats } from './sync-stats';

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** e.g. 'Your Trial plan allows 5 products; 1,195 more in your store were not synced. Upgrade to sync more.' */
export function planLimitWarning(planName: string, limit: number, storeTotal: number): string | undefined {
  const more = storeTotal - limit;
  if (more <= 0) return undefined;
  return `Your ${planName} plan allows ${plural(limit, 'product', 'products')}; ${count(more)} more in your store ${more === 1 ? 'was' : 'were'} not synced. Upgrade to sync more.`;
}

export function completeMessage(stats: SyncStats): string {
  const parts = [`Synced ${plural(stats.products, 'product', 'products')} and ${plural(stats.variants, 'variant', 'variants')}`];
  if (stats.removed > 0) parts.push(`removed ${plural(stats.removed, 'product', 'products')} no longer in your store`);
  if (stats.skipped > 0) parts.push(`skipped ${plural(stats.skipped, 'product', 'products')} priced outside 0.00 to 99,999,999.99`);
  return parts.join('; ');
}

export function cancelledMessage(saved: number): string {
  return saved > 0
    ? `Sync cancelled; ${plural(saved, 'product was', 'products were')} updated before it stopped`
    : 'Sync cancelled; nothing was changed';
}

/** The innermost error code or message of a failed connection (ECONNREFUSED, fetch failed, ...). */
function rootCause(err: unknown): string | undefined {
  let detail: string | undefined;
  for (let e: unknown = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') detail = code;
    else if (typeof message === 'string' && message) detail = message;
  }
  return detail;
}

/** 'Could not reach the store: ECONNREFUSED' (settings save and sync share it). */
export function unreachableMessage(err: unknown): string {
  if (isBigCommerceError(err, 'timeout')) return `Could not reach the store: ${err.title}`;
  return `Could not reach the store: ${rootCause((err as { cause?: unknown }).cause) ?? rootCause(err) ?? 'the connection failed'}`;
}

/** The sentence for a sync that failed; unknown failures stay generic (they are logged). */
export function syncErrorMessage(err: unknown): string {
  if (!isBigCommerceError(err)) return 'The sync failed on our side. Please try again.';
  switch (err.kind) {
    case 'auth':
      return `The store rejected the access token (HTTP ${err.status}). Check the access token in Settings.`;
    case 'not_found':
      return 'The store was not found. Check the store hash in Settings.';
    case 'network':
    case 'timeout':
      return unreachableMessage(err);
    case 'rate_limited':
      return 'The store is busy (its API rate limit was reached). Try again in a minute.';
    case 'server':
      return `BigCommerce answered with an error (HTTP ${err.status}). Try again later.`;
    default:
      return `The store refused the request: ${err.title}`;
  }
}
