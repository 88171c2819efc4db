/**
 * The CSV exports of the catalog (GET /api/products/csv) and of a product's price history
 * (GET /api/products/{id}/price-history/csv), saved as files; and the button that starts one,
 * with its busy state and the toasts of its outcome.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { downloadApiFile } from '../../../lib/download-file';

export const EXPORT_FAILED_TITLE = 'Export failed';

export const exportCatalogCsv = () => downloadApiFile('/api/products/csv', 'catalog.csv');

export const exportPriceHistoryCsv = (productId: number) =>
  downloadApiFile(`/api/products/${productId}/price-history/csv`, `price-history-${productId}.csv`);

/** Runs an export once at a time: `busy` while it downloads, a toast when it is saved or fails. */
export function useCsvExport(run: () => Promise<string>) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const name = await run();
      notifications.show({ color: 'green', title: 'Export ready', message: `Saved ${name}` });
    } catch (err) {
      notifications.show({ color: 'red', title: EXPORT_FAILED_TITLE, message: getErrorMessage(err, 'The export could not be downloaded') });
    } finally {
      setBusy(false);
    }
  };
  return { busy, start: () => void start() };
}
