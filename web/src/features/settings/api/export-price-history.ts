/**
 * GET /api/price-history/export?from=&to=: every price change of a period, with who or what
 * made it, saved as a CSV file (owners and admins; issue 36). Resolves with the file's name.
 */
import { downloadApiFile } from '../../../lib/download-file';

export const exportPriceHistory = (range: { from: string; to: string }) =>
  downloadApiFile('/api/price-history/export', 'price-history-audit.csv', range);
