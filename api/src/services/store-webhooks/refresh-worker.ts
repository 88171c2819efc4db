/**
 * The store-refresh worker of one API process (decision 036): acts on the webhook deliveries
 * queued in the database. It polls for companies with products queued (and wakes at once on a
 * delivery this process received), takes the company's 'store-refresh' lease (so one process at
 * a time re-reads a company's products, whichever received the deliveries), and re-reads the
 * queued products 250 a request, the longest waiting first, through the store client (which
 * paces itself by the store's rate-limit headers). A product queued again while it was being
 * read stays queued for the next read. Products are read once they have waited `settleMs`:
 * bursts of deliveries coalesce, and our own write behind a delivery has been stored by then.
 */
import { hostname } from 'node:os';
import { MAX_PAGE_SIZE } from '@catalog/commerce';
import type { Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secrets';
import { readToken, type CommerceFactory } from '../store-connection';
import { indexBrands, indexCategories, type BrandIndex, type CategoryIndex } from '../sync/catalog-mapping';
import { onStoreRefreshDue } from './refresh-wakeups';
import { refreshProducts } from './store-refresh';

/** How often the database is asked for queued products (deliveries another process received). */
export const DEFAULT_REFRESH_POLL_MS = 1_000;
/** How long a queued product waits before it is read: deliveries of a burst arrive within it. */
export const DEFAULT_SETTLE_MS = 300;
/** The company lease: another process takes over a company this long after its worker died. */
const LEASE_MS = 30_000;
/** Companies looked at per poll. */
const COMPANIES_PER_LOOK = 20;
/** Delivery hashes are remembered this long (BigCommerce's retries end after 48 hours). */
const RECEIPTS_KEPT_MS = 49 * 3_600_000;

export interface RefreshWorkerOptions {
  db: Database;
  commerce: CommerceFactory;
  secrets: SecretBox;
  logger: Logger;
  pollMs?: number;
  settleMs?: number;
  now?: () => Date;
}

export type RefreshWorker = ReturnType<typeof createRefreshWorker>;

export function createRefreshWorker(o: RefreshWorkerOptions) {
  const owner = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const pollMs = o.pollMs ?? DEFAULT_REFRESH_POLL_MS;
  const settleMs = o.settleMs ?? DEFAULT_SETTLE_MS;
  const now = o.now ?? (() => new Date());
  const log = o.logger.child({ component: 'store-refresh' });
  let timer: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | undefined;
  let stopped = true;
  let running: Promise<number> | null = null;
  let again = false;
  let prunedAt = 0;
  const controller = new AbortController();

  /** One look; a look asked for while one runs is made right after it. Resolves with the products refreshed. */
  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await refreshDue();
        } while (again && !controller.signal.aborted);
      } catch (err) {
        log.error('refreshing queued products failed', { error: String(err) });
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  async function refreshDue(): Promise<number> {
    const at = now();
    if (at.getTime() - prunedAt > 3_600_000) {
      prunedAt = at.getTime();
      await o.db.storeRefreshes.pruneReceipts(new Date(at.getTime() - RECEIPTS_KEPT_MS));
    }
    let total = 0;
    for (const companyId of await o.db.storeRefreshes.due(new Date(at.getTime() - settleMs), COMPANIES_PER_LOOK)) {
      if (controller.signal.aborted) break;
      total += await refreshCompany(companyId);
    }
    return total;
  }

  async function refreshCompany(companyId: string): Promise<number> {
    const leaseOwner = `${owner}:${crypto.randomUUID().slice(0, 8)}`;
    const start = now();
    if (!(await o.db.activities.acquire(companyId, 'store-refresh', { owner: leaseOwner, now: start, expiresAt: new Date(start.getTime() + LEASE_MS) }))) return 0;
    let total = 0;
    try {
      const [settings, company] = await Promise.all([o.db.settings.get(companyId), o.db.companies.get(companyId)]);
      const accessToken = settings ? readToken(o.secrets, settings) : null;
      if (!settings || !company || !accessToken) {
        // Nothing can be read (the store was disconnected, the token no longer decrypts): the queue goes.
        await o.db.storeRefreshes.clear(companyId);
        return 0;
      }
      const client = o.commerce({ storeHash: settings.storeHash, accessToken });
      let categories: Promise<CategoryIndex> | undefined;
      let brands: Promise<BrandIndex> | undefined;
      const target = {
        db: o.db, client, companyId, includeInvisible: settings.showInvisibleProducts, productLimit: company.productLimit,
        categories: () => (categories ??= client.getCategories({ signal: controller.signal }).then(indexCategories)),
        brands: () => (brands ??= client.getBrands({ signal: controller.signal }).then(indexBrands)),
        signal: controller.signal,
      };
      for (;;) {
        const readAt = now();
        const ids = await o.db.storeRefreshes.pending(companyId, new Date(readAt.getTime() - settleMs), MAX_PAGE_SIZE);
        if (ids.length === 0 || controller.signal.aborted) break;
        const outcome = await refreshProducts(target, ids, readAt);
        await o.db.storeRefreshes.done(companyId, ids, readAt);
        total += ids.length;
        log.info('refreshed products from store webhooks', { companyId, products: ids.length, ...outcome });
        const renewed = await o.db.activities.renew(companyId, 'store-refresh', leaseOwner, { expiresAt: new Date(now().getTime() + LEASE_MS) });
        if (!renewed) break;
      }
    } catch (err) {
      // The products stay queued; the next look tries again (the store client already retried).
      log.warn('could not refresh products from the store', { companyId, error: String(err) });
    } finally {
      await o.db.activities.release(companyId, 'store-refresh', leaseOwner).catch(() => {});
    }
    return total;
  }

  return {
    owner,
    runOnce,
    /** Starts polling and answering this process's deliveries. */
    start() {
      if (!stopped) return;
      stopped = false;
      // A delivery is read once it has settled: look then (and the poll covers the rest).
      unsubscribe = onStoreRefreshDue(() => void setTimeout(() => void runOnce(), settleMs + 20).unref?.());
      timer = setInterval(() => void runOnce(), pollMs);
      timer.unref?.();
      void runOnce();
    },
    /** Stops polling and the refresh in progress (its products stay queued); resolves when it has ended. */
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      controller.abort(new Error('the refresh worker is stopping'));
      await running;
    },
  };
}
