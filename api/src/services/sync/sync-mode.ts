/**
 * Whether a Sync is a full pass or incremental (decision 036). Incremental reads only the
 * products the store modified since the last complete sync started (`date_modified:min`, a
 * minute earlier for clocks that disagree); a full pass runs first, after the store or the
 * visibility setting changed, after a category event, after a pass the plan's cap cut short, and
 * at least once a day, for what neither webhooks nor dates report (variant-only edits that do
 * not move the product's date, deletions missed while the app was away).
 */
import type { ApiSettings } from '../../db/repositories';

/** A full pass at least this often. */
export const FULL_PASS_EVERY_MS = 24 * 3_600_000;
/** Read from this long before the last sync started: the store's clock may be behind ours. */
export const SINCE_OVERLAP_MS = 60_000;

/** `since` for an incremental sync, or undefined for a full pass. */
export function incrementalSince(settings: Pick<ApiSettings, 'syncSince' | 'fullSyncAt'>, now: Date): Date | undefined {
  const { syncSince, fullSyncAt } = settings;
  if (!syncSince || !fullSyncAt || now.getTime() - fullSyncAt.getTime() >= FULL_PASS_EVERY_MS) return undefined;
  return new Date(syncSince.getTime() - SINCE_OVERLAP_MS);
}
