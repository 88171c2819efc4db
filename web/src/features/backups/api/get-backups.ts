/**
 * GET /api/backups: the company's backups, newest first (Premium), in pages (issue 31:
 * `{ backups, nextCursor }`); the first page is a query, the older ones load on demand.
 */
import { BackupListResponse } from '@catalog/contracts/backups';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery, useApiQuery } from '../../../lib/api-query';
import { usePagedList } from '../../../lib/use-paged-list';

export const BACKUPS_QUERY = 'backups';

/** A page of the list: the first without `cursor`, the next with the `nextCursor` of the one before. */
export function getBackups(cursor: string | null = null): Promise<BackupListResponse> {
  return apiFetch('/api/backups', { query: { cursor }, schema: BackupListResponse });
}

/** The first page (the query: error, refetch) and `backups`, every page loaded. */
export function useBackups(enabled: boolean) {
  const query = useApiQuery(BACKUPS_QUERY, () => getBackups(), { enabled });
  const backups = usePagedList(query.data, (page) => page.backups, (cursor) => getBackups(cursor));
  return { ...query, backups };
}

/** After a backup was taken: the list is fetched again (from its first page). */
export const invalidateBackups = () => invalidateApiQuery(BACKUPS_QUERY);
