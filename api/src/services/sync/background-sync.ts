/**
 * A sync nobody watches: the first one after an install from BigCommerce (issue 34). It takes the
 * company's sync lease as POST /api/sync does (a second sync anywhere is refused meanwhile, and
 * GET /api/sync/status reports its progress to the app), reads the store and ends; a failure is
 * logged, and the merchant's next Sync tries again.
 */
import { planFor } from '@catalog/contracts/plans';
import type { Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secrets';
import { readToken, type CommerceFactory } from '../store-connection';
import { runSync } from './sync-engine';
import type { SyncRegistry } from './sync-registry';

export interface BackgroundSyncDeps {
  db: Database;
  secrets: SecretBox;
  commerce: CommerceFactory;
  syncs: SyncRegistry;
  log: Logger;
}

/** Runs a full sync of the company's store; resolves when it ended (false: not started or failed). */
export async function syncInBackground(deps: BackgroundSyncDeps, companyId: string): Promise<boolean> {
  const { db, log } = deps;
  const [settings, company] = await Promise.all([db.settings.get(companyId), db.companies.get(companyId)]);
  const accessToken = settings ? readToken(deps.secrets, settings) : null;
  if (!settings || !company || !accessToken) {
    log.warn('background sync not started: no store connected', { companyId });
    return false;
  }
  const handle = await deps.syncs.start(companyId);
  if (!handle) {
    log.info('background sync not started: a sync is already running', { companyId });
    return false;
  }
  try {
    const outcome = await runSync({
      db,
      client: deps.commerce({ storeHash: settings.storeHash, accessToken, priority: 'background' }),
      companyId,
      includeInvisible: settings.showInvisibleProducts,
      plan: { name: planFor(company.subscriptionPlan).name, productLimit: company.productLimit },
      signal: handle.signal,
      onProgress: (progress) => handle.report(progress),
    });
    log.info('background sync finished', { companyId, status: outcome.status, ...outcome.stats });
    return outcome.status === 'complete';
  } catch (err) {
    log.warn('background sync failed', { companyId, error: String(err) });
    return false;
  } finally {
    await deps.syncs.finish(handle);
  }
}
