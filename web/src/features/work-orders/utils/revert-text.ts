/**
 * The words of the safe undo (issue 18): the undo dialog's plan ("40 will be restored, 3
 * changed since and will be kept"), the card's result ("Undone: 40 restored, 3 kept (changed
 * since)") and what changed an item since the order ran.
 */
import type { PriceChangeSource, RevertReport } from '@catalog/contracts/work-orders';
import { formatDateTime } from '../../../lib/format-date-time';

const n = (count: number) => count.toLocaleString('en-US');

/** What an undo would do, from its preview. */
export function revertPlanText(report: Pick<RevertReport, 'restored' | 'kept' | 'unchanged'>): string {
  const parts = [`${n(report.restored)} will be restored`];
  if (report.kept > 0) parts.push(`${n(report.kept)} changed since and will be kept`);
  if (report.unchanged > 0) parts.push(`${n(report.unchanged)} already at their original price`);
  return parts.join(', ');
}

/** What an undo did, for the card. */
export function undoneText(report: Pick<RevertReport, 'restored' | 'kept' | 'unchanged'>): string {
  let text = `Undone: ${n(report.restored)} restored`;
  if (report.kept > 0) text += `, ${n(report.kept)} kept (changed since)`;
  if (report.unchanged > 0) text += `, ${n(report.unchanged)} already at their original price`;
  return text;
}

/** "changed by the work order “Clearance” on Mar 5, 2030 at 3:07 PM", "edited in the app by Ada", "changed in the store". */
export function changeSourceText(source: PriceChangeSource | null): string {
  const when = source?.at ? ` on ${formatDateTime(source.at)}` : '';
  if (source?.kind === 'work_order') return `changed by the work order ${source.workOrderTitle ? `“${source.workOrderTitle}”` : 'since'}${when}`;
  if (source?.kind === 'manual') return `edited in the app${source.by ? ` by ${source.by}` : ''}${when}`;
  return `changed in the store${when}`;
}
