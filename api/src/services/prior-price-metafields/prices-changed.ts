/**
 * The call every completion point that may change a company's catalog prices makes (a work
 * order's run, end or undo; a manual edit; a sync; a webhook refresh): the company's published
 * lowest prior prices are due again (issue 36 item 3). One statement, and nothing when the
 * company does not publish; the publisher does the work later, under its lease.
 */
import type { Database } from '../../db/repositories';

/** Never rejects: a mark that could not be stored is made up for by the daily refresh. */
export async function notePricesChanged(db: Database, companyId: string): Promise<void> {
  try {
    await db.priorPrice.markChanged(companyId);
  } catch {
    // The caller's own work is done; the publication catches up at its next refresh.
  }
}
