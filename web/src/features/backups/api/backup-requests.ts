/**
 * The Backups screen's calls (issue 17): "Back up now" (POST /api/backups), the comparisons
 * with now (GET /api/backups/{id}/diff, GET /api/backups/diff?at=), the restores (POST
 * /api/backups/{id}/restore, POST /api/backups/restore), each a work order, and the CSV. A
 * comparison and its restore are of the catalog, or of one price list in one currency (issue 35:
 * `priceList` and `currency`).
 */
import { Backup, BackupDiffResponse, type RestoreTarget } from '@catalog/contracts/backups';
import { WorkOrder } from '@catalog/contracts/work-orders';
import { apiFetch, apiStream } from '../../../lib/api-client';

const path = (id: string) => `/api/backups/${encodeURIComponent(id)}`;

export function backUpNow(): Promise<Backup> {
  return apiFetch('/api/backups', { method: 'POST', schema: Backup });
}

/** What is compared with the catalog now: a backup, or the prices at a moment. */
export type Compared = { kind: 'backup'; backup: Backup } | { kind: 'moment'; at: Date };

/** The prices compared: one price list in one currency, or (null) the catalog's. */
export type PriceChoice = { priceListId: number; currency: string } | null;

const choiceParams = (choice: PriceChoice) => (choice ? { priceList: choice.priceListId, currency: choice.currency } : {});

export function compareWithNow(compared: Compared, choice: PriceChoice = null): Promise<BackupDiffResponse> {
  const query = choiceParams(choice);
  return compared.kind === 'backup'
    ? apiFetch(`${path(compared.backup.id)}/diff`, { query, schema: BackupDiffResponse })
    : apiFetch('/api/backups/diff', { query: { at: compared.at.toISOString(), ...query }, schema: BackupDiffResponse });
}

/** The reader's time zone, for the date in the restore's title. */
function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Creates the restore's work order (run at once by the server's scheduler). `items` absent:
 * everything that differs. `id` is this restore's own: sent again, it finds the same order.
 */
export function restore(compared: Compared, id: string, items?: RestoreTarget[], choice: PriceChoice = null): Promise<WorkOrder> {
  const body = { id, timeZone: timeZone(), ...(items ? { items } : {}), ...choiceParams(choice) };
  return compared.kind === 'backup'
    ? apiFetch(`${path(compared.backup.id)}/restore`, { method: 'POST', body, schema: WorkOrder })
    : apiFetch('/api/backups/restore', { method: 'POST', body: { ...body, at: compared.at.toISOString() }, schema: WorkOrder });
}

/** Downloads the backup as CSV (the file the server names). */
export async function downloadCsv(backup: Backup): Promise<void> {
  const res = await apiStream(`${path(backup.id)}/csv`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'catalog-backup.csv';
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
