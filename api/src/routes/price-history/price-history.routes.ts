/**
 * The price history export for audits (issue 36, item 5):
 *
 *   GET /api/price-history/export?from=&to=   every price change of the company in `[from, to)`
 *                                             (at most 366 days; the last 30 by default) as CSV,
 *                                             oldest first, with who or what made each
 *
 * Owners and admins only (permission table, `priceHistory.export`). Streamed a database page at
 * a time (price-history-audit-csv.ts); a bad range is a 400 naming the field (contracts csv.ts).
 */
import { historyRange } from '@catalog/contracts/csv';
import type { Database } from '../../db/repositories';
import { csvResponse } from '../../lib/csv-response';
import { defineRoutes } from '../define-routes';
import { priceHistoryAuditCsv } from './price-history-audit-csv';

/** "2025-03-01", the day a file name carries. */
const day = (d: Date): string => d.toISOString().slice(0, 10);

export function priceHistoryRoutes({ db, now }: { db: Database; now: () => Date }) {
  return defineRoutes({
    'GET /api/price-history/export': (c, { query }) => {
      const range = historyRange(query, now());
      return csvResponse(c, `price-history-audit-${day(range.from)}-to-${day(range.to)}.csv`, priceHistoryAuditCsv(db, c.get('user').companyId, range));
    },
  });
}
