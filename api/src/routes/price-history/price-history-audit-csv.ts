/**
 * The rows of the price history export for audits (issue 36, item 5; contracts
 * price-history-export.ts names the columns and the `change` values): every entry of a period,
 * oldest first, read in keyset pages of the database (one statement a page, the work order's
 * title, approver and undo joined), each page yielded as rows for lib/csv.ts's csvStream, so the
 * period is never in memory at once. Scoped to the company; people by their email, the company's
 * own only (someone no longer in it is "former team member").
 */
import { formatCents } from '@catalog/contracts/money';
import { PRICE_HISTORY_EXPORT_COLUMNS, type PriceHistoryExportChange } from '@catalog/contracts/price-history-export';
import type { AuditedPriceHistoryEntry, Database } from '../../db/repositories';

/** Entries read per database page. */
export const AUDIT_PAGE = 1000;
/** Who made or approved a change and is no longer in the company. */
export const FORMER_MEMBER = 'former team member';

const money = (cents: number | null | undefined): string => (cents == null ? '' : formatCents(cents));

/** What made the entry, as the `change` column says it. */
export function changeOf(e: Pick<AuditedPriceHistoryEntry, 'changeType' | 'undoTrigger'>): PriceHistoryExportChange {
  switch (e.changeType) {
    case 'manual':
      return 'manual_edit';
    case 'undo':
      return e.undoTrigger === 'end' ? 'order_end' : 'undo';
    default:
      return e.changeType;
  }
}

/** The user who made it: the undo's presser when known (the entry itself names the order's creator). */
function madeBy(e: AuditedPriceHistoryEntry): string | null {
  if (e.changeType === 'undo' && e.undoTrigger === 'manual' && e.undoneBy !== null) return e.undoneBy;
  return e.changedBy;
}

function auditRow(e: AuditedPriceHistoryEntry, people: ReadonlyMap<string, string>): string[] {
  const change = changeOf(e);
  const email = (id: string | null) => (id === null ? '' : (people.get(id) ?? FORMER_MEMBER));
  // The store's changes were nobody's in the app; an app change whose user was deleted since is a former member's.
  const user = madeBy(e);
  const by = change === 'sync' || change === 'webhook' ? '' : user === null ? FORMER_MEMBER : email(user);
  return [
    e.createdAt.toISOString(), String(e.productExternalId), e.productName, e.sku ?? '',
    e.variantExternalId === null ? '' : String(e.variantExternalId),
    e.priceListId == null ? '' : String(e.priceListId), e.currency ?? '',
    money(e.oldRegularPriceCents), money(e.newRegularPriceCents), money(e.oldSalePriceCents), money(e.newSalePriceCents),
    money(e.oldRetailPriceCents), money(e.newRetailPriceCents),
    change, e.workOrderId ?? '', e.workOrderTitle ?? '',
    change === 'work_order' ? email(e.approvedBy) : '',
    by,
    e.recordChange ?? '',
  ];
}

/** The header, then a batch of rows per page of entries with `from <= createdAt < to`. */
export async function* priceHistoryAuditCsv(db: Database, companyId: string, range: { from: Date; to: Date }): AsyncGenerator<string[][]> {
  yield [[...PRICE_HISTORY_EXPORT_COLUMNS]];
  const people = new Map((await db.users.listByCompany(companyId)).map((u) => [u.id, u.email]));
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const page = await db.priceHistory.listAuditPage(companyId, { ...range, after, limit: AUDIT_PAGE });
    if (page.length > 0) yield page.map((e) => auditRow(e, people));
    if (page.length < AUDIT_PAGE) return;
    const last = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
