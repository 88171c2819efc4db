/** GET /api/backups: the company's backups, newest first (Premium). */
import { BackupListResponse, type Backup } from '@catalog/contracts/backups';
import { apiFetch } from '../../../lib/api-client';
import { invalidateApiQuery, useApiQuery } from '../../../lib/api-query';

export const BACKUPS_QUERY = 'backups';

export function getBackups(): Promise<Backup[]> {
  return apiFetch('/api/backups', { schema: BackupListResponse });
}

export function useBackups(enabled: boolean) {
  return useApiQuery(BACKUPS_QUERY, getBackups, { enabled });
}

/** After a backup was taken: the list is fetched again. */
export const invalidateBackups = () => invalidateApiQuery(BACKUPS_QUERY);
