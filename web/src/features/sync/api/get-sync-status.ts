/**
 * GET /api/sync/status: the company's running sync, started on another device or by a teammate
 * (any API process), with its latest progress; polled by the products screen's sync bar while
 * no sync stream of its own is running.
 */
import { SyncStatus } from '@catalog/contracts/sync';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';

export const SYNC_STATUS_QUERY = 'sync/status';

/** How often the bar asks while it shows no sync of its own. */
export const SYNC_STATUS_POLL_MS = 3_000;

export function getSyncStatus(): Promise<SyncStatus> {
  return apiFetch('/api/sync/status', { schema: SyncStatus });
}

export function useSyncStatus(enabled: boolean) {
  return useApiQuery(SYNC_STATUS_QUERY, getSyncStatus, { enabled, refetchInterval: SYNC_STATUS_POLL_MS, staleTime: 0 });
}
