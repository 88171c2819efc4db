/**
 * The publisher of lowest prior prices of one API process (issue 36 item 3): polls the database
 * for companies whose publication is due (a price changed, the daily refresh, the window or the
 * store changed, publishing turned off with metafields left; repositories.prior-price.ts), takes
 * the company's 'prior-price' lease (one process at a time publishes a company, whichever process
 * saw the change) and runs it (publish-run.ts) through the store's client at background priority.
 *
 * Companies are published at once, up to `concurrency` working at a time; a run waiting on its
 * store gives its work slot to another company meanwhile (lib/work-slots.ts, decision 049). All
 * state is in the database: a restart, or a process that dies mid-run, only delays a company
 * until its lease lapses.
 */
import { hostname } from 'node:os';
import type { Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secrets';
import { WorkSlots } from '../../lib/work-slots';
import { readToken, UNREADABLE_TOKEN_MESSAGE, type CommerceFactory } from '../store-connection';
import { publishLows, retryDelayMs } from './publish-run';

/** How often the database is asked for due companies (a price change is published at most this late, and its run's time). */
export const DEFAULT_PUBLISH_POLL_MS = 3_000;
/** Companies published at once per process; one waiting on its store holds no slot. */
export const DEFAULT_PUBLISHES_AT_ONCE = 4;
/** A run's lease: another process takes a company over this long after its publisher died. */
const LEASE_MS = 60_000;
/** Companies looked at per poll. */
const COMPANIES_PER_LOOK = 20;

export interface PublisherOptions {
  db: Database;
  commerce: CommerceFactory;
  secrets: SecretBox;
  logger: Logger;
  pollMs?: number;
  concurrency?: number;
  now?: () => Date;
}

export function createPriorPricePublisher(o: PublisherOptions) {
  const owner = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const now = o.now ?? (() => new Date());
  const log = o.logger.child({ component: 'prior-price' });
  const slots = new WorkSlots(Math.max(1, o.concurrency ?? DEFAULT_PUBLISHES_AT_ONCE));
  const controller = new AbortController();
  /** Runs in progress in this process, by company. */
  const active = new Map<string, Promise<void>>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let looking: Promise<Promise<void>[]> | null = null;

  /** One look: starts every due company not running here; resolves, with the runs it started, once they are started. */
  function look(): Promise<Promise<void>[]> {
    looking ??= (async () => {
      try {
        const due = await o.db.priorPrice.due(now(), COMPANIES_PER_LOOK + active.size);
        const started: Promise<void>[] = [];
        for (const companyId of due) {
          if (controller.signal.aborted || active.has(companyId)) continue;
          const run = slots.run(() => publishCompany(companyId)).finally(() => active.delete(companyId));
          active.set(companyId, run);
          started.push(run);
        }
        return started;
      } catch (err) {
        log.error('looking for due publications failed', { error: String(err) });
        return [];
      } finally {
        looking = null;
      }
    })();
    return looking;
  }

  async function publishCompany(companyId: string): Promise<void> {
    const leaseOwner = `${owner}:${crypto.randomUUID().slice(0, 8)}`;
    const start = now();
    if (!(await o.db.activities.acquire(companyId, 'prior-price', { owner: leaseOwner, now: start, expiresAt: new Date(start.getTime() + LEASE_MS) }))) return;
    // The run stops when the process stops or the lease is lost (another process may have taken the company).
    const stop = new AbortController();
    const onStop = () => stop.abort(controller.signal.reason);
    controller.signal.addEventListener('abort', onStop, { once: true });
    const renewal = setInterval(() => {
      o.db.activities.renew(companyId, 'prior-price', leaseOwner, { expiresAt: new Date(now().getTime() + LEASE_MS) })
        .then((held) => {
          if (!held) stop.abort(new Error('the prior price lease was lost'));
        })
        .catch((err: unknown) => log.warn('could not renew a prior price lease', { companyId, error: String(err) }));
    }, LEASE_MS / 3);
    renewal.unref?.();
    try {
      const settings = await o.db.settings.get(companyId);
      if (!settings) return; // disconnected since the look: no longer due
      const accessToken = readToken(o.secrets, settings);
      if (accessToken === null) {
        // The token no longer decrypts (APP_SECRET changed): nothing can be written until the merchant saves it again.
        const { days, failures } = await o.db.priorPrice.publication(companyId);
        await o.db.priorPrice.finish(companyId, { storeHash: settings.storeHash, days, refreshAt: null, retryAt: new Date(start.getTime() + retryDelayMs(failures + 1)), failures: failures + 1, lastError: UNREADABLE_TOKEN_MESSAGE });
        return;
      }
      const client = o.commerce({ storeHash: settings.storeHash, accessToken, priority: 'background' });
      const report = await publishLows({ db: o.db, client, companyId, storeHash: settings.storeHash, clientId: settings.clientId, now: start, finishedAt: now, signal: stop.signal });
      if (report.failure) log.warn('publishing lowest prior prices failed; it is tried again later', { companyId, ...report });
      else if (report.created + report.updated + report.deleted > 0) log.info('published lowest prior prices', { companyId, ...report });
    } catch (err) {
      if (!stop.signal.aborted) log.error('publishing lowest prior prices crashed; it is tried again at the next look', { companyId, error: String(err) });
    } finally {
      clearInterval(renewal);
      controller.signal.removeEventListener('abort', onStop);
      await o.db.activities.release(companyId, 'prior-price', leaseOwner).catch(() => undefined);
    }
  }

  return {
    owner,
    /** Looks once and resolves when the runs it started have ended (tests; the poll does the same). */
    async runOnce(): Promise<void> {
      await Promise.all(await look());
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void look(), o.pollMs ?? DEFAULT_PUBLISH_POLL_MS);
      timer.unref?.();
      void look();
    },
    /** Stops polling and the runs in progress (each at its next request); resolves when they have ended. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      controller.abort(new Error('the prior price publisher is stopping'));
      // The look in progress, then every run it or an earlier look started.
      const started = (await looking) ?? [];
      await Promise.all([...started, ...active.values()]);
    },
  };
}
