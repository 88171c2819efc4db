/**
 * What the price history's twin repositories share for the export for audits (issue 36): the
 * join of an entry's work order (the company's own only) and how a row of the page reads back.
 * Each dialect reads the undo's trigger and who pressed Undo out of the order's undo_request
 * JSON in its own SQL.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { AuditedPriceHistoryEntry, PriceHistoryEntry } from './repositories.price-history';
import { toExportedEntry, type Twin } from './repository-shared';

/** The entry's work order, when it is the company's (an entry never names another's; the join says so anyway). */
export function auditedOrderJoin(ph: Twin<'priceHistory'>, wo: Twin<'workOrders'>, companyId: string): SQL | undefined {
  return and(eq(wo.id, ph.workOrderId), eq(wo.companyId, companyId));
}

export interface AuditRow {
  entry: PriceHistoryEntry;
  productExternalId: number;
  variantExternalId: number | null;
  productName: string;
  productSku: string | null;
  variantSku: string | null;
  workOrderTitle: string | null;
  approvedBy: string | null;
  undoTrigger: string | null;
  undoneBy: string | null;
}

export function toAuditedEntry(r: AuditRow): AuditedPriceHistoryEntry {
  return {
    ...toExportedEntry(r),
    workOrderTitle: r.workOrderTitle ?? null,
    approvedBy: r.approvedBy ?? null,
    undoTrigger: r.undoTrigger === 'manual' || r.undoTrigger === 'end' ? r.undoTrigger : null,
    undoneBy: r.undoneBy ?? null,
  };
}
