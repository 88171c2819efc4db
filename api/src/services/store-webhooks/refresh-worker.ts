/**
 * The store-refresh worker of one API process (decision 036): acts on the webhook deliveries
 * queued in the database. It polls for companies with products queued (and wakes at once on a
 * delivery this process received), takes the company's 'store-refresh' lease (so one process at
 * a time re-reads a company's products, whichever received the deliveries), and re-reads the
 * queued products 250 a request, the longest waiting first, through the store client (which
 * paces itself by the store's rate-limit headers). A product queued again while it was being
 * read stays queued for the next read. Products are read once they have waited `settleMs`:
 * bursts of deliveries coalesce, and our own write behind a delivery has been stored by then.
 *
 * Companies are refreshed at once (issue 32, decision 049): up to STORE_REFRESHES_AT_ONCE work
 * on their products at a time, and a refresh waiting on its store (a throttled or slow one)
 * gives its work slot to another company meanwhile (lib/work-slots.ts), so it waits alone.
 *
 * With `webhookHealth`, a look at most every minute also checks the webhooks of the companies
 * due a check (webhook-health.ts: each at most every few hours, the time stored), in the
 * background, all at once (a slow store holds up no other company's check).
 */
import { hostname } from 'node:os';
import { MAX_PAGE_SIZE } from '@catalog/commerce';
import type { Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import { WorkSlots } from '../../lib/work-slots';
import type { SecretBox } from '../../lib/secrets';
import { readToken, type CommerceFactory } from '../store-connection';
import { cachedTaxonomy } from '../sync/store-taxonomy';
import { refreshPriceLists } from './price-list-refresh';
import { notePricesChanged } from '../prior-price-metafields/prices-changed';
import { onStoreRefreshDue } from './refresh-wakeups';
import { refreshProducts } from './store-refresh';
import { checkDueWebhooks } from './webhook-health';

/** How often the database is asked for queued products (deliveries another process received). */
export const DEFAULT_REFRESH_POLL_MS = 1_000;
/** How long a queued product waits before it is read: deliveries of a burst arrive within it. */
export const DEFAULT_SETTLE_MS = 300;
/** The company lease: another process takes over a company this long after its worker died. */
const LEASE_MS = 30_000;
/** Companies looked at per poll, beside those refreshing here. */
const COMPANIES_PER_LOOK = 20;
/** Companies refreshed at once per process (STORE_REFRESHES_AT_ONCE); one waiting on its store holds no slot. */
export const DEFAULT_REFRESHES_AT_ONCE = 16;
/** Refreshes a process keeps in progress, waiting on their stores included, per work slot. */
const RUNS_PER_SLOT = 8;
/** Delivery hashes are remembered this long (BigCommerce's retries end after 48 hours). */
const RECEIPTS_KEPT_MS = 49 * 3_600_000;
/** How often the database is asked for companies due a webhook health check. */
const WEBHOOK_CHECK_LOOK_MS = 60_000;

export interface RefreshWorkerOptions {
  db: Database;
  commerce: CommerceFactory;
  secrets: SecretBox;
  logger: Logger;
  pollMs?: number;
  settleMs?: number;
  /** Companies refreshed at once (default DEFAULT_REFRESHES_AT_ONCE). */
  concurrency?: number;
  /** Checks the companies' webhooks (webhook-health.ts); `origin` (config.storeWebhookUrl) registers missing ones again. */
  webhookHealth?: { origin: string | undefined; everyMs?: number };
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
  let unsubscribeFreed: (() => void) | undefined;
  let stopped = true;
  let prunedAt = 0;
  let webhooksLookedAt = 0;
  let checkingWebhooks: Promise<number> | null = null;
  const controller = new AbortController();
  const slots = new WorkSlots(Math.max(1, o.concurrency ?? DEFAULT_REFRESHES_AT_ONCE));
  const maxRuns = slots.size * RUNS_PER_SLOT;
  /** Refreshes in progress in this process, by company. */
  const active = new Map<string, Promise<number>>();
  let looking: Promise<Promise<number>[]> | null = null;
  let again = false;
  /** The last look left companies waiting for want of a slot: a slot falling free looks again. */
  let backlog = false;

  /**
   * One look: starts the refresh of every company with settled products queued (but those
   * already refreshing here), as many as the slots allow. Resolves, with the products
   * refreshed, once the refreshes it started have ended.
   */
  async function runOnce(): Promise<number> {
    const counts = await Promise.all(await look());
    return counts.reduce((sum, n) => sum + n, 0);
  }

  /** Looks are one at a time; a look asked for while one runs is made right after it. */
  function look(): Promise<Promise<number>[]> {
    if (looking) {
      again = true;
      return looking;
    }
    looking = (async () => {
      const started: Promise<number>[] = [];
      try {
        do {
          again = false;
          started.push(...(await startDue()));
        } while (again && !controller.signal.aborted);
      } catch (err) {
        log.error('refreshing queued products failed', { error: String(err) });
      } finally {
        looking = null;
      }
      return started;
    })();
    return looking;
  }

  async function startDue(): Promise<Promise<number>[]> {
    const at = now();
    if (at.getTime() - prunedAt > 3_600_000) {
      prunedAt = at.getTime();
      await o.db.storeRefreshes.pruneReceipts(new Date(at.getTime() - RECEIPTS_KEPT_MS));
    }
    if (o.webhookHealth && !checkingWebhooks && at.getTime() - webhooksLookedAt >= WEBHOOK_CHECK_LOOK_MS) {
      webhooksLookedAt = at.getTime();
      checkingWebhooks = checkDueWebhooks({ db: o.db, secrets: o.secrets, commerce: o.commerce, log, now, ...o.webhookHealth })
        .catch((err: unknown) => {
          log.error('checking the store webhooks failed', { error: String(err) });
          return 0;
        })
        .finally(() => {
          checkingWebhooks = null;
        });
    }
    backlog = false;
    const started: Promise<number>[] = [];
    // Companies refreshing here stay due until they are done: ask for enough to see others.
    // Companies another process refreshes (a live lease) are left out by the database.
    const settled = new Date(at.getTime() - settleMs);
    // Companies with products queued, then those with only price list work queued (price-list-refresh.ts).
    const due = new Set(await o.db.storeRefreshes.due(settled, COMPANIES_PER_LOOK + active.size, at));
    for (const id of await o.db.priceLists.refreshesDue(settled, COMPANIES_PER_LOOK + active.size)) due.add(id);
    for (const companyId of due) {
      if (controller.signal.aborted) break;
      if (active.has(companyId)) continue;
      if (slots.free === 0 || active.size >= maxRuns) {
        backlog = true;
        break;
      }
      const refresh = slots.run(() => refreshCompany(companyId));
      void refresh.finally(() => {
        active.delete(companyId);
        // Products queued meanwhile, or companies left for want of a slot: look again. A refresh
        // that read nothing (another process held the company) does not, or two processes would
        // ask each other's companies back and forth; the poll comes back to it.
        void refresh.then((read) => {
          if (!stopped && (read > 0 || backlog)) void look();
        });
      });
      active.set(companyId, refresh);
      started.push(refresh);
    }
    return started;
  }

  async function refreshCompany(companyId: string): Promise<number> {
    const leaseOwner = `${owner}:${crypto.randomUUID().slice(0, 8)}`;
    const start = now();
    if (!(await o.db.activities.acquire(companyId, 'store-refresh', { owner: leaseOwner, now: start, expiresAt: new Date(start.getTime() + LEASE_MS) }))) return 0;
    let total = 0;
    /** Prices the refresh changed and products it removed: the published lowest prior prices follow them. */
    let priced = 0;
    // Renewed every third of its length, also while a throttled store keeps a read waiting.
    let leaseLost = false;
    const renewal = setInterval(() => {
      o.db.activities.renew(companyId, 'store-refresh', leaseOwner, { expiresAt: new Date(now().getTime() + LEASE_MS) })
        .then((renewed) => {
          leaseLost ||= !renewed;
        })
        .catch((err: unknown) => log.warn('could not renew a store-refresh lease', { companyId, error: String(err) }));
    }, LEASE_MS / 3);
    renewal.unref?.();
    try {
      const [settings, company] = await Promise.all([o.db.settings.get(companyId), o.db.companies.get(companyId)]);
      const accessToken = settings ? readToken(o.secrets, settings) : null;
      if (!settings || !company || !accessToken) {
        // Nothing can be read (the store was disconnected, the token no longer decrypts): the queue goes.
        await o.db.storeRefreshes.clear(companyId);
        await o.db.priceLists.clear(companyId);
        return 0;
      }
      const client = o.commerce({ storeHash: settings.storeHash, accessToken });
      // The store's categories and brands from the company's cache (read from the store only when it is stale).
      const taxonomy = cachedTaxonomy({ db: o.db, client, companyId, signal: controller.signal, now });
      const target = {
        db: o.db, client, companyId, includeInvisible: settings.showInvisibleProducts, productLimit: company.productLimit,
        categories: taxonomy.categories,
        brands: taxonomy.brands,
        signal: controller.signal,
      };
      for (;;) {
        const readAt = now();
        const ids = await o.db.storeRefreshes.pending(companyId, new Date(readAt.getTime() - settleMs), MAX_PAGE_SIZE);
        if (ids.length === 0 || controller.signal.aborted) break;
        const outcome = await refreshProducts(target, ids, readAt);
        await o.db.storeRefreshes.done(companyId, ids, readAt);
        total += ids.length;
        priced += outcome.priceChanges + outcome.removed;
        log.info('refreshed products from store webhooks', { companyId, products: ids.length, ...outcome });
        if (leaseLost) break;
      }
      if (!leaseLost) {
        const read = await refreshPriceLists({ db: o.db, client, companyId, settleMs, signal: controller.signal, now });
        if (read > 0) log.info('refreshed price lists from store webhooks', { companyId, read });
        total += read;
      }
    } catch (err) {
      // The products stay queued; the next look tries again (the store client already retried).
      log.warn('could not refresh products from the store', { companyId, error: String(err) });
    } finally {
      clearInterval(renewal);
      // The lowest prior prices published for the storefront follow what was read, whatever ended the refresh (issue 36).
      if (priced > 0) await notePricesChanged(o.db, companyId);
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
      unsubscribe = onStoreRefreshDue(() => void setTimeout(() => void look(), settleMs + 20).unref?.());
      unsubscribeFreed = slots.onFreed(() => {
        if (backlog) void look();
      });
      timer = setInterval(() => void look(), pollMs);
      timer.unref?.();
      void look();
    },
    /** Stops polling and the refresh in progress (its products stay queued); resolves when it has ended. */
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      unsubscribeFreed?.();
      controller.abort(new Error('the refresh worker is stopping'));
      // The look in progress, then every refresh it or an earlier look started.
      const started = (await looking) ?? [];
      await Promise.all([...started, ...active.values(), checkingWebhooks]);
    },
  };
}
