/**
 * The health check of a company's store webhooks (issue 36, amends decision 063). BigCommerce
 * deactivates a hook after 48 hours of failed deliveries or 90 days without any, and only emails
 * the app's owner (webhooks-overview.mdx); meanwhile the catalog sees the store's changes only
 * at the next Sync, which dates them when it finds them. So the spans the prices were followed
 * (store_coverage) must not run through the time the hooks were down.
 *
 * At most every WEBHOOK_CHECK_EVERY_MS per company (the time is stored: any number of processes
 * ask, one claims the check), the hooks to our destination are read. All active: the moment is
 * recorded as known good. One inactive or missing: the company's open span ends at the last
 * moment they were known good (the later of the last check that saw them active and the last
 * delivery received), so the time since is a gap the lowest prior price reports; the inactive
 * ones are reactivated (the missing re-registered) and it is logged. No span opens at the check:
 * the store's changes made while the hooks were down are in the catalog only once a Sync has
 * read them, so the gap lasts until the next complete Sync opens a span (settings.markSynced).
 * A company with no known-good moment yet (its first check) gets no gap.
 */
import type { StoreHook } from '@catalog/commerce';
import type { Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secrets';
import { readToken, type CommerceFactory } from '../store-connection';
import { APP_WEBHOOK_SCOPES, registerWebhooks, WEBHOOK_SCOPES } from './webhook-registration';

/** How often a company's webhooks are read from its store. */
export const WEBHOOK_CHECK_EVERY_MS = 3 * 3_600_000;
/** Companies checked per look. */
const CHECKS_PER_LOOK = 20;

export interface WebhookHealthDeps {
  db: Database;
  secrets: SecretBox;
  commerce: CommerceFactory;
  /** config.storeWebhookUrl: needed to register missing hooks again (undefined: they are only reported). */
  origin: string | undefined;
  log: Logger;
  now?: () => Date;
  everyMs?: number;
}

/** What one check found: not due (or nothing to check), all active, repaired (a gap was made when a known-good moment was), or the store could not be read or repaired. */
export type WebhookCheck = 'not-due' | 'active' | 'repaired' | 'failed';

/** Checks every company due, one after another; the number checked. */
export async function checkDueWebhooks(deps: WebhookHealthDeps): Promise<number> {
  const at = (deps.now ?? (() => new Date()))();
  const due = await deps.db.settings.webhookChecksDue(new Date(at.getTime() - (deps.everyMs ?? WEBHOOK_CHECK_EVERY_MS)), CHECKS_PER_LOOK);
  // At once: a company whose store is slow or throttled holds up no other company's check.
  const outcomes = await Promise.allSettled(due.map((companyId) => checkWebhooks(deps, companyId)));
  for (const [i, o] of outcomes.entries()) {
    if (o.status === 'rejected') deps.log.error('the store webhooks check failed', { companyId: due[i], error: String(o.reason) });
  }
  return outcomes.filter((o) => o.status === 'fulfilled' && o.value !== 'not-due').length;
}

/** One company's check, when it is due. */
export async function checkWebhooks(deps: WebhookHealthDeps, companyId: string): Promise<WebhookCheck> {
  const { db, log } = deps;
  const at = (deps.now ?? (() => new Date()))();
  const settings = await db.settings.get(companyId);
  const destination = settings?.webhookDestination;
  const accessToken = settings ? readToken(deps.secrets, settings) : null;
  if (!settings || !destination || !accessToken) return 'not-due';
  const claim = await db.settings.claimWebhookCheck(companyId, { at, dueBefore: new Date(at.getTime() - (deps.everyMs ?? WEBHOOK_CHECK_EVERY_MS)) });
  if (!claim) return 'not-due';
  const context = { companyId, store: settings.storeHash };
  const client = deps.commerce({ storeHash: settings.storeHash, accessToken, priority: 'background' });
  let ours: StoreHook[];
  try {
    ours = (await client.listHooks()).filter((h) => h.destination === destination);
  } catch (err) {
    log.warn('could not read the store webhooks to check them', { ...context, error: String(err) });
    return 'failed';
  }
  const inactive = ours.filter((h) => !h.isActive);
  const missing = WEBHOOK_SCOPES.filter((scope) => !ours.some((h) => h.scope === scope));
  if (inactive.length === 0 && missing.length === 0) {
    await db.settings.markWebhooksGood(companyId, at);
    return 'active';
  }

  // The prices were not followed since the hooks were last known good.
  if (claim.goodAt) await db.lowestPrice.closeCoverage(companyId, claim.goodAt);
  const report = {
    ...context, inactive: inactive.map((h) => h.scope), missing, unfollowedSince: claim.goodAt?.toISOString() ?? null,
  };
  try {
    if (missing.length > 0) {
      if (!deps.origin) throw new Error('no webhook origin (STORE_WEBHOOK_URL) to register them again');
      const app = APP_WEBHOOK_SCOPES.filter((scope) => ours.some((h) => h.scope === scope));
      await registerWebhooks(deps, client, companyId, deps.origin, [...WEBHOOK_SCOPES, ...app]);
    } else {
      for (const hook of inactive) await client.setHookActive(hook.id, true);
    }
  } catch (err) {
    log.error('store webhooks were inactive or missing and could not be repaired: the lowest prior price reports a gap until the next Sync', {
      ...report, error: String(err),
    });
    return 'failed';
  }
  await db.settings.markWebhooksGood(companyId, at);
  log.warn('store webhooks were inactive or missing: repaired; the lowest prior price reports the time from when they were last known active to the next Sync as a gap', report);
  return 'repaired';
}
